// Module `random`: every random result of a bot, from the host's named streams. Each call
// is an event in the transcript; a scenario may force the next results of a stream.
#include "domain/random.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_convert.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

static RandomStreams& streams(lua_State* L) { return *context(L).setup->random; }

// How an element is named in the transcript and in forced values: its id when it is a
// table with one, else its value when a string or number, else null.
static nlohmann::json element_name(lua_State* L, int list, lua_Integer i) {
    nlohmann::json name;
    const int t = lua_rawgeti(L, list, i);
    if (t == LUA_TSTRING) name = lua_tostring(L, -1);
    else if (t == LUA_TNUMBER) name = lua_isinteger(L, -1) ? nlohmann::json(lua_tointeger(L, -1)) : nlohmann::json(lua_tonumber(L, -1));
    else if (t == LUA_TTABLE) {
        lua_pushliteral(L, "id");
        const int id = lua_rawget(L, -2);
        if (id == LUA_TSTRING) name = lua_tostring(L, -1);
        else if (id == LUA_TNUMBER) name = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return name;
}

// Draws from the stream, or takes the scenario's forced value (checked against the range).
static lua_Integer draw_integer(lua_State* L, std::string_view stream, lua_Integer lo, lua_Integer hi, bool& forced) {
    if (auto v = streams(L).take_forced(stream)) {
        forced = true;
        if (!v->is_number_integer() || v->get<lua_Integer>() < lo || v->get<lua_Integer>() > hi)
            throw std::runtime_error("the forced value " + v->dump() + " for stream '" + std::string(stream) +
                                     "' is not a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
        return v->get<lua_Integer>();
    }
    forced = false;
    return lo + static_cast<lua_Integer>(streams(L).below(stream, static_cast<std::uint64_t>(hi - lo) + 1));
}

static void emit_random(lua_State* L, nlohmann::json&& event, bool forced) {
    if (forced) event["forced"] = true;
    emit(L, std::move(event));
}

// random.roll(stream, sides) -> 1..sides
static int random_roll(lua_State* L) {
    if (at_warm_point(L)) return lua_yieldk(L, 0, 0, again<random_roll>);
    STACK_BEGIN(L);
    const char* stream = luaL_checkstring(L, 1);
    const lua_Integer sides = luaL_checkinteger(L, 2);
    luaL_argcheck(L, sides >= 1 && sides <= 1'000'000'000, 2, "sides must be from 1 to 1000000000");
    lua_Integer result = 0;
    guarded(L, [&] {
        bool forced = false;
        result = draw_integer(L, stream, 1, sides, forced);
        if (recording(L)) emit_random(L, {{"event", "roll"}, {"stream", stream}, {"sides", sides}, {"result", result}}, forced);
        return 0;
    });
    lua_pushinteger(L, result);
    STACK_END(L, 1);
    return 1;
}

// random.int(stream, lo, hi) -> lo..hi
static int random_int(lua_State* L) {
    if (at_warm_point(L)) return lua_yieldk(L, 0, 0, again<random_int>);
    STACK_BEGIN(L);
    const char* stream = luaL_checkstring(L, 1);
    const lua_Integer lo = luaL_checkinteger(L, 2);
    const lua_Integer hi = luaL_checkinteger(L, 3);
    // The width in unsigned arithmetic: hi - lo overflows for a range across the integers.
    luaL_argcheck(L, lo <= hi && lua_Unsigned(hi) - lua_Unsigned(lo) < (lua_Unsigned(1) << 53), 3,
                  "need lo <= hi, and a range below 2^53");
    lua_Integer result = 0;
    guarded(L, [&] {
        bool forced = false;
        result = draw_integer(L, stream, lo, hi, forced);
        if (recording(L)) emit_random(L, {{"event", "roll"}, {"stream", stream}, {"min", lo}, {"max", hi}, {"result", result}}, forced);
        return 0;
    });
    lua_pushinteger(L, result);
    STACK_END(L, 1);
    return 1;
}

// random.pick(stream, list) -> index, element
static int random_pick(lua_State* L) {
    if (at_warm_point(L)) return lua_yieldk(L, 0, 0, again<random_pick>);
    STACK_BEGIN(L);
    const char* stream = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    if (n < 1) return luaL_error(L, "random.pick: the list for stream '%s' is empty", stream);
    lua_Integer index = 0;
    guarded(L, [&] {
        bool forced = false;
        if (auto v = streams(L).take_forced(stream)) {
            forced = true;
            for (lua_Integer i = 1; i <= n && !index; ++i)
                if (element_name(L, 2, i) == *v) index = i;
            if (!index)
                throw std::runtime_error("the forced value " + v->dump() + " for stream '" + stream +
                                         "' is not in the list it picks from");
        } else {
            index = 1 + static_cast<lua_Integer>(streams(L).below(stream, static_cast<std::uint64_t>(n)));
        }
        if (recording(L)) emit_random(L, {{"event", "pick"}, {"stream", stream}, {"of", n}, {"index", index}, {"item", element_name(L, 2, index)}}, forced);
        return 0;
    });
    lua_pushinteger(L, index);
    lua_rawgeti(L, 2, index);
    STACK_END(L, 2);
    return 2;
}

// random.shuffle(stream, list): Fisher-Yates in place; returns the list.
static int random_shuffle(lua_State* L) {
    if (at_warm_point(L)) return lua_yieldk(L, 0, 0, again<random_shuffle>);
    const char* stream = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    luaL_checkstack(L, 4, "random.shuffle");
    lua_settop(L, 2);
    lua_createtable(L, static_cast<int>(n), 0);  // 3: the new order
    guarded(L, [&] {
        std::vector<std::size_t> order;
        bool forced = false;
        if (auto v = streams(L).take_forced(stream)) {
            forced = true;
            if (!v->is_array() || static_cast<lua_Integer>(v->size()) != n)
                throw std::runtime_error("the forced order for stream '" + std::string(stream) + "' must list all " +
                                         std::to_string(n) + " elements");
            std::vector<bool> used(static_cast<std::size_t>(n), false);
            for (const auto& want : *v) {
                std::size_t found = 0;
                for (lua_Integer i = 1; i <= n && !found; ++i)
                    if (!used[static_cast<std::size_t>(i - 1)] && element_name(L, 2, i) == want) found = static_cast<std::size_t>(i);
                if (!found)
                    throw std::runtime_error("the forced order for stream '" + std::string(stream) + "' names " + want.dump() +
                                             ", which is not (or no longer) in the list");
                used[found - 1] = true;
                order.push_back(found - 1);
            }
        } else {
            order = streams(L).permutation(stream, static_cast<std::size_t>(n));
        }
        const bool record = recording(L);
        nlohmann::json names = nlohmann::json::array();
        for (std::size_t i = 0; i < order.size(); ++i) {
            if (record) names.push_back(element_name(L, 2, static_cast<lua_Integer>(order[i]) + 1));
            lua_rawgeti(L, 2, static_cast<lua_Integer>(order[i]) + 1);
            lua_rawseti(L, 3, static_cast<lua_Integer>(i) + 1);
        }
        if (record) emit_random(L, {{"event", "shuffle"}, {"stream", stream}, {"order", std::move(names)}}, forced);
        return 0;
    });
    for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L, 3, i);
        lua_rawseti(L, 2, i);
    }
    lua_settop(L, 2);
    return 1;
}

static const luaL_Reg random_functions[] = {
    {"roll", random_roll}, {"int", random_int}, {"pick", random_pick}, {"shuffle", random_shuffle}, {nullptr, nullptr},
};

int luaopen_random(lua_State* L) {
    luaL_newlib(L, random_functions);
    return 1;
}

}  // namespace soloist::lua
