#include "lua/lua_convert.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "domain/transcript.hpp"
#include "lua/lua_door.hpp"

namespace soloist::lua {

namespace {
constexpr int max_depth = 32;

// What the host holds for a value beyond the value itself: a string's or a container's heap
// block, a member's node in the object's map.
constexpr std::size_t value_bytes = sizeof(nlohmann::json), block_bytes = 32, member_bytes = 64;

// The room left for one copy (to_json), in bytes.
struct Budget {
    std::size_t left;
    bool spend(std::size_t bytes) {
        if (bytes > left) return false;
        left -= bytes;
        return true;
    }
};

void push_json_at(lua_State* L, const nlohmann::json& v, int depth) {
    luaL_checkstack(L, 3, "data nested too deeply");
    if (depth > max_depth) luaL_error(L, "data nested more than %d levels deep", max_depth);
    switch (v.type()) {
        case nlohmann::json::value_t::null: lua_pushnil(L); break;
        case nlohmann::json::value_t::boolean: lua_pushboolean(L, v.get<bool>()); break;
        case nlohmann::json::value_t::number_integer: lua_pushinteger(L, v.get<lua_Integer>()); break;
        case nlohmann::json::value_t::number_unsigned:
            lua_pushinteger(L, static_cast<lua_Integer>(v.get<std::uint64_t>()));
            break;
        case nlohmann::json::value_t::number_float: lua_pushnumber(L, v.get<double>()); break;
        case nlohmann::json::value_t::string: {
            const auto& s = v.get_ref<const std::string&>();
            lua_pushlstring(L, s.data(), s.size());
            break;
        }
        case nlohmann::json::value_t::array: {
            lua_createtable(L, static_cast<int>(v.size()), 0);
            lua_Integer i = 0;
            for (const auto& item : v) {
                push_json_at(L, item, depth + 1);
                lua_rawseti(L, -2, ++i);
            }
            break;
        }
        case nlohmann::json::value_t::object: {
            lua_createtable(L, 0, static_cast<int>(v.size()));
            for (auto it = v.begin(); it != v.end(); ++it) {
                lua_pushlstring(L, it.key().data(), it.key().size());
                push_json_at(L, it.value(), depth + 1);
                lua_rawset(L, -3);
            }
            break;
        }
        default: lua_pushnil(L);
    }
}

// The place of a value that cannot be converted, built as the conversion unwinds: ".a[2].b".
void prepend(std::string& where, std::string step) { where.insert(0, step); }

bool to_json_at(lua_State* L, int idx, nlohmann::json& out, std::string& error, std::string& where, int depth,
                Budget& budget) {
    idx = lua_absindex(L, idx);
    if (!budget.spend(value_bytes)) return false;
    switch (lua_type(L, idx)) {
        case LUA_TNIL: out = nullptr; return true;
        case LUA_TBOOLEAN: out = static_cast<bool>(lua_toboolean(L, idx)); return true;
        case LUA_TNUMBER:
            if (lua_isinteger(L, idx)) out = static_cast<long long>(lua_tointeger(L, idx));
            else {
                const double d = lua_tonumber(L, idx);
                if (!std::isfinite(d)) {
                    error = "a number that is not finite";
                    return false;
                }
                out = d;
            }
            return true;
        case LUA_TSTRING: {
            std::size_t len = 0;
            const char* s = lua_tolstring(L, idx, &len);
            if (!budget.spend(block_bytes + len)) return false;
            out = std::string(s, len);
            return true;
        }
        case LUA_TTABLE: break;
        default:
            error = std::string("a ") + lua_typename(L, lua_type(L, idx)) + " value, which cannot be recorded";
            return false;
    }
    if (depth > max_depth) {
        error = "a table nested more than " + std::to_string(max_depth) + " levels deep (a cycle?)";
        return false;
    }
    if (!lua_checkstack(L, 3)) {
        error = "the Lua stack is exhausted";
        return false;
    }
    if (!budget.spend(block_bytes)) return false;
    const lua_Unsigned n = lua_rawlen(L, idx);
    // An array when its keys are exactly 1..n; an empty table is an empty array (Lua cannot
    // tell an empty list from an empty map, and lists are what bots leave empty: a hand, a
    // queue; scenarios match [] and {} alike against it).
    std::size_t keys = 0;
    bool only_strings = true;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        ++keys;
        if (lua_type(L, -1) != LUA_TSTRING) only_strings = false;
    }
    if (keys == n) {
        out = nlohmann::json::array();
        for (lua_Unsigned i = 1; i <= n; ++i) {
            lua_rawgeti(L, idx, static_cast<lua_Integer>(i));
            nlohmann::json item;
            const bool ok = to_json_at(L, -1, item, error, where, depth + 1, budget);
            lua_pop(L, 1);
            if (!ok) {
                prepend(where, "[" + std::to_string(i) + "]");
                return false;
            }
            out.push_back(std::move(item));
        }
        return true;
    }
    if (!only_strings) {
        error = "a table that mixes array positions and other keys";
        return false;
    }
    // Members in the order of their keys, not lua_next's (the per-state string hash): the
    // first value that fails, or that the budget stops at, is the same in every process.
    std::vector<std::string_view> names;
    names.reserve(keys);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        std::size_t length = 0;
        const char* name = lua_tolstring(L, -1, &length);  // alive as long as the table holds the key
        names.emplace_back(name, length);
    }
    std::sort(names.begin(), names.end());
    out = nlohmann::json::object();
    for (const std::string_view name : names) {
        nlohmann::json item;
        lua_pushlstring(L, name.data(), name.size());
        lua_rawget(L, idx);
        const bool ok = budget.spend(member_bytes + name.size()) && to_json_at(L, -1, item, error, where, depth + 1, budget);
        lua_pop(L, 1);
        if (!ok) {
            prepend(where, "." + std::string(name));
            return false;
        }
        out[std::string(name)] = std::move(item);
    }
    return true;
}
}  // namespace

void push_json(lua_State* L, const nlohmann::json& value) { push_json_at(L, value, 0); }

bool to_json(lua_State* L, int idx, nlohmann::json& out, std::string& error, const char* what) {
    auto& limits = limit_state(L);
    Budget budget{host_room(limits)};
    limits.host_work = what;  // a copy that outlasts the slice is named by the watchdog
    bool ok = false;
    std::string where;
    try {
        ok = to_json_at(L, idx, out, error, where, 0, budget);
        if (!ok && !error.empty() && !where.empty()) error += " (at " + where.substr(where[0] == '.' ? 1 : 0) + ")";
    } catch (const std::exception& e) {
        error = e.what();
    }
    limits.host_work = nullptr;
    if (!ok && error.empty()) {  // over the budget
        trip(limits, memory_reason(limits, what));
        error = limits.tripped_reason;
        out = nullptr;
    }
    return ok;
}

std::size_t json_bytes(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::string: return value_bytes + block_bytes + value.get_ref<const std::string&>().size();
        case nlohmann::json::value_t::array: {
            std::size_t bytes = value_bytes + block_bytes;
            for (const auto& item : value) bytes += json_bytes(item);
            return bytes;
        }
        case nlohmann::json::value_t::object: {
            std::size_t bytes = value_bytes + block_bytes;
            for (auto it = value.begin(); it != value.end(); ++it) bytes += member_bytes + it.key().size() + json_bytes(it.value());
            return bytes;
        }
        default: return value_bytes;
    }
}

void emit(lua_State* L, nlohmann::json event) {
    if (context(L).viewing)
        throw std::runtime_error("the show builder may only read the game's state, not add a '" +
                                 event.value("event", std::string("?")) + "' event to the transcript");
    if (!charge_host(L, json_bytes(event), "the transcript of the game so far"))
        throw std::runtime_error(limit_state(L).tripped_reason);
    context(L).setup->transcript->emit(std::move(event));
}

}  // namespace soloist::lua
