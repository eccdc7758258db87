// The sandbox: the globals a bot script can reach, as an allowlist. Every game has its own
// state; scripts see a global table (_ENV) whose unknown names fall through to a read-only
// table of host globals. Library tables are read-only proxies. Iteration order, tostring
// and load are replaced so that a game is deterministic and address-free.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <sstream>

#include "domain/bot.hpp"
#include "domain/data_root.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

std::string display_path(const std::filesystem::path& file) {
    const std::filesystem::path root = std::filesystem::absolute(data_root().dir).lexically_normal();
    const auto normal = std::filesystem::absolute(file).lexically_normal();
    const auto rel = normal.lexically_relative(root);
    if (!rel.empty() && *rel.begin() != "..") return rel.generic_string();
    return file.generic_string();
}

// ---- canonical key order --------------------------------------------------------------

namespace {

// A key as plain data, so keys can be sorted with std::sort without touching Lua.
struct Key {
    int rank;  // 0 number, 1 string, 2 boolean
    lua_Number number;
    bool is_integer;           // integers compare exactly (doubles round above 2^53)
    lua_Integer integer;
    const char* text;
    std::size_t length;
};

// i < f and f < i, exactly, as Lua compares an integer with a float: converting the integer
// would round it (2^63 - 1 becomes 2^63), and two keys that compare neither way have no
// fixed order.
bool integer_less_float(lua_Integer i, lua_Number f) {
    if (f >= 0x1p63) return true;
    if (f <= -0x1p63) return false;
    return i < static_cast<lua_Integer>(std::ceil(f));
}
bool float_less_integer(lua_Number f, lua_Integer i) {
    if (f >= 0x1p63) return false;
    if (f < -0x1p63) return true;
    return static_cast<lua_Integer>(std::floor(f)) < i;
}

bool key_less(const Key& a, const Key& b) {
    if (a.rank != b.rank) return a.rank < b.rank;
    if (a.rank == 1) {
        const int c = std::memcmp(a.text, b.text, std::min(a.length, b.length));
        return c != 0 ? c < 0 : a.length < b.length;
    }
    if (a.rank == 0 && a.is_integer != b.is_integer)
        return a.is_integer ? integer_less_float(a.integer, b.number) : float_less_integer(a.number, b.integer);
    if (a.rank == 0 && a.is_integer) return a.integer < b.integer;
    return a.number < b.number;
}

// Describes the key at idx; false if it has no canonical place (a table, a function...).
bool describe_key(lua_State* L, int idx, Key& k) {
    switch (lua_type(L, idx)) {
        case LUA_TNUMBER:
            k.rank = 0;
            k.number = lua_tonumber(L, idx);
            k.is_integer = lua_isinteger(L, idx);
            k.integer = k.is_integer ? lua_tointeger(L, idx) : 0;
            return true;
        case LUA_TSTRING:
            k.rank = 1;
            k.text = lua_tolstring(L, idx, &k.length);
            return true;
        case LUA_TBOOLEAN:
            k.rank = 2;
            k.number = lua_toboolean(L, idx);
            return true;
        default:
            return false;
    }
}

int unorderable_type(lua_State* L, const char* type) {
    return luaL_error(L, "a table key of type %s has no fixed order; Soloist visits keys in a fixed order "
                  "so games replay identically: use numbers, strings or booleans as keys",
               type);
}

int unorderable_key(lua_State* L, int idx) { return unorderable_type(L, luaL_typename(L, idx)); }

// Of a table's keys that have no order, the type the message names: the first type name in
// alphabetical order, not the first key lua_next meets (in the order of the state's hashes and
// addresses), so a table with a function key and a table key is refused alike in every process.
const char* first_type(const char* so_far, const char* type) {
    return so_far == nullptr || std::strcmp(type, so_far) < 0 ? type : so_far;
}

int pairs_step(lua_State* L) {
    // upvalue 1: sorted keys; upvalue 2: position; upvalue 3: the table (not the state
    // argument, which for a read-only proxy is the proxy)
    lua_Integer pos = lua_tointeger(L, lua_upvalueindex(2));
    for (;;) {
        ++pos;
        if (lua_rawgeti(L, lua_upvalueindex(1), pos) == LUA_TNIL) return 0;
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  // a key set to nil meanwhile is skipped
            lua_pushinteger(L, pos);
            lua_replace(L, lua_upvalueindex(2));
            return 2;
        }
        lua_pop(L, 2);
    }
}

// pairs' answer: the iterator `step` with upvalues (the value on top, which it replaces;
// position 0; the table at 1), then the table and nil.
int iterate(lua_State* L, lua_CFunction step) {
    lua_pushinteger(L, 0);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, step, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// pairs over an array (keys exactly 1..n): the keys in order without sorting anything.
// upvalue 1: n; upvalue 2: position; upvalue 3: the table.
int array_pairs_step(lua_State* L) {
    const lua_Integer n = lua_tointeger(L, lua_upvalueindex(1));
    for (lua_Integer pos = lua_tointeger(L, lua_upvalueindex(2)) + 1; pos <= n; ++pos) {
        if (lua_rawgeti(L, lua_upvalueindex(3), pos) != LUA_TNIL) {  // set to nil meanwhile: skipped
            lua_pushinteger(L, pos);
            lua_replace(L, lua_upvalueindex(2));
            lua_pushinteger(L, pos);
            lua_insert(L, -2);
            return 2;
        }
        lua_pop(L, 1);
    }
    return 0;
}

}  // namespace

// pairs(t): every key once, numbers ascending, then strings bytewise, then false, true.
// One walk of the table describes its keys, into a buffer on this frame for most tables (Key
// is plain data, so a Lua error may unwind it) or a userdata at stack slot 2 for larger ones.
// A string key's text stays valid while the table holds the key, and nothing here removes one.
static int l_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_pushnil(L);  // 2: the userdata of a large table's keys
    constexpr lua_Integer kOnFrame = 32;
    Key on_frame[kOnFrame];
    Key* keys = on_frame;
    lua_Integer capacity = kOnFrame, count = 0;
    bool whole_numbers_from_1 = true;  // so far: every key a whole number from 1 to count
    const char* unorderable = nullptr;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        Key k;
        if (!describe_key(L, -1, k)) {
            unorderable = first_type(unorderable, luaL_typename(L, -1));
            continue;
        }
        if (count == capacity) {
            if (capacity > (std::numeric_limits<int>::max)() / 2) return luaL_error(L, "pairs: too many keys");
            capacity *= 2;
            auto* more = static_cast<Key*>(lua_newuserdatauv(L, sizeof(Key) * static_cast<std::size_t>(capacity), 0));
            std::memcpy(more, keys, sizeof(Key) * static_cast<std::size_t>(count));
            keys = more;
            lua_replace(L, 2);  // the key is on top again for lua_next
        }
        keys[count++] = k;
        whole_numbers_from_1 = whole_numbers_from_1 && k.rank == 0 && k.is_integer && k.integer >= 1;
    }
    if (unorderable) return unorderable_type(L, unorderable);
    // Keys are distinct, so whole numbers from 1 that are all at most n are exactly 1..n: an
    // array, already in order.
    if (whole_numbers_from_1) {
        for (lua_Integer i = 0; i < count && whole_numbers_from_1; ++i) whole_numbers_from_1 = keys[i].integer <= count;
        if (whole_numbers_from_1) {
            lua_pushinteger(L, count);
            return iterate(L, array_pairs_step);
        }
    }
    std::sort(keys, keys + count, key_less);
    lua_createtable(L, static_cast<int>(count), 0);
    for (lua_Integer i = 0; i < count; ++i) {
        const Key& k = keys[i];
        if (k.rank == 1) lua_pushlstring(L, k.text, k.length);
        else if (k.rank == 2) lua_pushboolean(L, k.number != 0);
        else if (k.is_integer) lua_pushinteger(L, k.integer);
        else lua_pushnumber(L, k.number);
        lua_rawseti(L, -2, i + 1);
    }
    return iterate(L, pairs_step);
}

// next(t, k): the key after k in the same order as pairs (a scan: prefer pairs in loops).
static int l_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    Key after{}, best{}, candidate{};
    const bool from_start = lua_isnil(L, 2);
    if (!from_start && !describe_key(L, 2, after)) return unorderable_key(L, 2);
    bool found = false;
    lua_pushnil(L);  // 3: the best key so far
    lua_pushnil(L);
    const char* unorderable = nullptr;
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        if (!describe_key(L, -1, candidate)) {
            unorderable = first_type(unorderable, luaL_typename(L, -1));
            continue;
        }
        if ((from_start || key_less(after, candidate)) && (!found || key_less(candidate, best))) {
            lua_pushvalue(L, -1);
            lua_replace(L, 3);
            describe_key(L, 3, best);
            found = true;
        }
    }
    if (unorderable) return unorderable_type(L, unorderable);
    if (!found) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

// tostring(v) without memory addresses. A number, string, boolean or nil has no __tostring
// (no script can reach or set their metatables: the string metatable is locked), so it is
// written at once, as luaL_tolstring writes it, without looking for one.
static int push_safe_tostring(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    switch (lua_type(L, idx)) {
        case LUA_TSTRING: lua_pushvalue(L, idx); return 1;
        case LUA_TNUMBER:
            if (lua_isinteger(L, idx)) lua_pushfstring(L, "%I", static_cast<LUAI_UACINT>(lua_tointeger(L, idx)));
            else lua_pushfstring(L, "%f", static_cast<LUAI_UACNUMBER>(lua_tonumber(L, idx)));
            return 1;
        case LUA_TBOOLEAN: lua_pushstring(L, lua_toboolean(L, idx) ? "true" : "false"); return 1;
        case LUA_TNIL: lua_pushliteral(L, "nil"); return 1;
        default: break;
    }
    if (luaL_callmeta(L, idx, "__tostring")) {
        if (!lua_isstring(L, -1)) luaL_error(L, "'__tostring' must return a string");
        return 1;
    }
    // Pop only a non-string __name: the values above idx (string.format's other arguments)
    // stay.
    const int top = lua_gettop(L);
    if (luaL_getmetafield(L, idx, "__name") == LUA_TSTRING) return 1;
    lua_settop(L, top);
    lua_pushstring(L, luaL_typename(L, idx));
    return 1;
}

static int l_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    return push_safe_tostring(L, 1);
}

// A flag, width or precision character of a format's conversion.
static bool is_format_flag(char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == ' ' || c == '#' || c == '.';
}

// string.format refuses %p (an address) and prints tables by their safe name for %s.
static int l_format(lua_State* L) {
    const int top = lua_gettop(L);
    std::size_t len = 0;
    const char* fmt = luaL_checklstring(L, 1, &len);
    int arg = 1;
    // Only %s of strings and %d of integers, without flags: formatted here, byte for byte as
    // string.format would, without the C library's printf (most of a bot's formats).
    bool plain = true;
    for (std::size_t i = 0; i < len; ++i) {
        const void* percent = std::memchr(fmt + i, '%', len - i);
        if (!percent) break;
        i = static_cast<std::size_t>(static_cast<const char*>(percent) - fmt);
        if (++i < len && fmt[i] == '%') continue;
        const std::size_t spec = i;
        while (i < len && is_format_flag(fmt[i])) ++i;
        if (i >= len) {
            plain = false;
            break;
        }
        ++arg;
        if (fmt[i] == 'p')
            return luaL_error(L, "string.format: '%%p' would print a memory address, which Soloist does not allow");
        if (fmt[i] == 's' && arg <= top && !lua_isstring(L, arg) && lua_type(L, arg) != LUA_TNIL &&
            lua_type(L, arg) != LUA_TBOOLEAN) {
            push_safe_tostring(L, arg);
            lua_replace(L, arg);
        }
        const bool string_arg = fmt[i] == 's' && arg <= top && lua_type(L, arg) == LUA_TSTRING;
        const bool integer_arg = fmt[i] == 'd' && arg <= top && lua_isinteger(L, arg);
        if (i != spec || !(string_arg || integer_arg)) plain = false;
    }
    // The real string.format, called directly on these arguments.
    if (!plain) return lua_tocfunction(L, lua_upvalueindex(1))(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    arg = 1;
    for (std::size_t i = 0; i < len; ++i) {
        if (fmt[i] != '%') {
            const char* run = fmt + i;
            const void* percent = std::memchr(run, '%', len - i);
            const std::size_t n = percent ? static_cast<std::size_t>(static_cast<const char*>(percent) - run) : len - i;
            luaL_addlstring(&b, run, n);
            i += n - 1;
        } else if (fmt[++i] == '%') {
            luaL_addchar(&b, '%');
        } else if (fmt[i] == 's') {
            std::size_t n = 0;
            const char* text = lua_tolstring(L, ++arg, &n);
            luaL_addlstring(&b, text, n);
        } else {
            char digits[24];
            const auto end = std::to_chars(digits, digits + sizeof digits, static_cast<long long>(lua_tointeger(L, ++arg))).ptr;
            luaL_addlstring(&b, digits, static_cast<std::size_t>(end - digits));
        }
    }
    luaL_pushresult(&b);
    return 1;
}

// load(text [, name [, mode [, env]]]): Lua text only; the chunk sees the bot's globals.
static int l_load(lua_State* L) {
    std::size_t len = 0;
    const char* text = lua_tolstring(L, 1, &len);
    if (!text || lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "load: not allowed: Soloist's load takes a string of Lua text only");
    const char* name = luaL_optstring(L, 2, "=(load)");
    const char* mode = luaL_optstring(L, 3, "t");
    if (!std::strchr(mode, 't') || (len > 0 && text[0] == LUA_SIGNATURE[0])) {
        lua_pushnil(L);
        lua_pushliteral(L, "not allowed: binary chunks cannot be loaded; Soloist runs Lua text only");
        return 2;
    }
    const int env = !lua_isnone(L, 4) ? 4 : 0;
    if (luaL_loadbufferx(L, text, len, name, "t") != LUA_OK) {
        lua_pushnil(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env) lua_pushvalue(L, env);
    else lua_getfield(L, LUA_REGISTRYINDEX, ENV_KEY);
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    return 1;
}

// Runs the module's chunk on top of the stack (the loaded table at 2) and keeps its result.
static int run_module(lua_State* L, const char* name) {
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, name);
    return 1;
}

// Stock Lua's globals a bot does not get, each with what to do instead (refuse_unsafe_global),
// and the libraries it gets as globals: neither is a module a bot can require.
static const struct {
    const char* name;
    const char* why;
} kRefusedGlobals[] = {
    {"io", "Soloist scripts cannot reach files"},
    {"os", "Soloist scripts cannot reach the operating system"},
    {"debug", "Soloist scripts cannot use the debug library"},
    {"package", "use require, which loads the bot's own modules and scripts/lib"},
    {"dofile", "use require"},
    {"loadfile", "use require"},
    {"print", "talk to the player with ui.say"},
    {"collectgarbage", "Soloist manages memory"},
};
static const char* const libraries[] = {"string", "table", "math", "utf8", "coroutine"};

static bool is_stock_name(const char* name) {
    if (std::strcmp(name, "_G") == 0) return true;
    for (const auto& r : kRefusedGlobals)
        if (std::strcmp(name, r.name) == 0) return true;
    for (const char* lib : libraries)
        if (std::strcmp(name, lib) == 0) return true;
    return false;
}

// require "name": name.lua from the bot's folder, else from scripts/lib. Nothing else.
static int l_require(lua_State* L) {
    const char* name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));  // 2: loaded modules
    if (lua_getfield(L, 2, name) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    if (push_preloaded(L, name)) return run_module(L, name);
    bool valid = *name != '\0';
    for (const char* p = name; *p; ++p) {
        const bool word = is_module_name_char(*p);
        if (!word && !(*p == '.' && p != name && p[1] != '\0' && p[1] != '.')) valid = false;
    }
    // C++ work in its own scope: nothing with a destructor is alive when Lua raises.
    auto& ctx = context(L);
    bool found = false, outside = false;
    if (valid) {
        std::string rel = name;
        std::replace(rel.begin(), rel.end(), '.', '/');
        rel += ".lua";
        for (const auto* dir : {&ctx.setup->bot->dir, &ctx.setup->lib_dir}) {
            std::error_code ec;
            if (!dir->empty() && std::filesystem::is_regular_file(*dir / rel, ec)) {
                ctx.module_path = *dir / rel;
                found = true;
                // Where it really is: a linked file or folder must not lead out of its root.
                const bool bot_dir = dir == &ctx.setup->bot->dir;
                if (auto problem = outside_problem(ctx.module_path, *dir, rel, bot_dir ? "the bot folder" : "scripts/lib")) {
                    ctx.scratch = "require '" + std::string(name) + "': not allowed: " + *problem;
                    outside = true;
                }
                break;
            }
        }
    }
    if (outside) return luaL_error(L, "%s", ctx.scratch.c_str());
    if (!found) {
        {  // (its strings are gone before Lua raises)
            // A well-formed name that is no stock library is most likely a misspelt module of the bot's.
            const bool is_stock = is_stock_name(name);
            std::string rel = name;
            std::replace(rel.begin(), rel.end(), '.', '/');
            ctx.scratch = valid && !is_stock
                              ? "require '" + std::string(name) + "': no such module: neither " +
                                    display_path(ctx.setup->bot->dir / (rel + ".lua")) + " nor scripts/lib/" + rel +
                                    ".lua exists (a bot can require only the modules of its own folder and of scripts/lib)"
                              : "require '" + std::string(name) + "': not allowed: a bot can require only the modules of its own folder (" +
                                    display_path(ctx.setup->bot->dir) + ") and of scripts/lib";
        }
        return luaL_error(L, "%s", ctx.scratch.c_str());  // with the requiring file and line
    }
    if (!load_script(L, ctx.module_path)) return lua_error(L);
    return run_module(L, name);
}

// pcall and xpcall as in Lua, except that a fired limit cannot be caught, and the steps an
// error abandoned are left. The continuation's context holds the stack slots before the
// results (0 or 2) and, above them, the step depth at the call.
static lua_KContext pcall_context(lua_State* L, int extra) {
    return static_cast<lua_KContext>(step_depth(L)) * 4 + extra;
}

static int finish_pcall(lua_State* L, int status, lua_KContext context) {
    if (status != LUA_OK && status != LUA_YIELD) {
        rethrow_if_tripped(L);
        set_step_depth(L, static_cast<int>(context / 4));
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - static_cast<int>(context % 4);
}

static int l_pcall(lua_State* L) {
    luaL_checkany(L, 1);
    lua_pushboolean(L, 1);
    lua_insert(L, 1);
    const lua_KContext context = pcall_context(L, 0);
    const int status = lua_pcallk(L, lua_gettop(L) - 2, LUA_MULTRET, 0, context, finish_pcall);
    return finish_pcall(L, status, context);
}

// xpcall's message handler: the bot's, skipped once a limit has fired. Lua runs a handler
// with hooks off for an error a hook raised, so a looping handler could not be stopped, and
// a handler must not replace a limit's message.
static int xpcall_handler(lua_State* L) {
    if (limit_state(L).tripped) return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int l_xpcall(lua_State* L) {
    const int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, xpcall_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    const lua_KContext context = pcall_context(L, 2);
    const int status = lua_pcallk(L, n - 2, LUA_MULTRET, 2, context, finish_pcall);
    return finish_pcall(L, status, context);
}

static bool is_frozen(lua_State* L, int idx) {
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN_KEY);
    lua_pushvalue(L, idx);
    const bool frozen = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 2);
    return frozen;
}

// __mode and __gc, which a metatable may not hold (see the metatables below).
static bool is_meta_key(lua_State* L, int idx) {
    if (lua_type(L, idx) != LUA_TSTRING) return false;
    const char* key = lua_tostring(L, idx);
    return std::strcmp(key, "__mode") == 0 || std::strcmp(key, "__gc") == 0;
}

static int refuse_meta_key(lua_State* L, const char* key) {
    if (std::strcmp(key, "__gc") == 0)
        return luaL_error(L, "not allowed: __gc finalizers would run after the game, outside Soloist's limits");
    return luaL_error(L, "not allowed: weak tables (__mode) depend on garbage collection timing, so games "
                         "would not replay identically");
}

// rawset cannot write into the host's tables either, nor set __mode or __gc.
static int l_rawset(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (is_frozen(L, 1)) return luaL_error(L, "not allowed: this table belongs to Soloist and is read-only");
    if (!lua_isnil(L, 3) && is_meta_key(L, 2)) return refuse_meta_key(L, lua_tostring(L, 2));
    lua_getfield(L, LUA_REGISTRYINDEX, ENV_KEY);
    const bool is_env = lua_rawequal(L, 1, -1);
    lua_pop(L, 1);
    if (is_env && lua_type(L, 2) == LUA_TSTRING) {
        lua_getfield(L, LUA_REGISTRYINDEX, "soloist.host");
        lua_pushvalue(L, 2);
        const bool host_name = lua_rawget(L, -2) != LUA_TNIL;
        lua_pop(L, 2);
        if (host_name) return luaL_error(L, "not allowed: '%s' is one of Soloist's globals", lua_tostring(L, 2));
    }
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

// ---- coroutines: resumed through the limits, never the bot's own flow -----------------

static int resume_core(lua_State* L, lua_State* co, int narg) {
    if (co == context(L).bot_thread) {
        lua_pushliteral(L, "cannot resume the bot's own flow");
        return -1;
    }
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
        lua_pushliteral(L, "cannot resume dead coroutine");
        return -1;
    }
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    int nres = 0;
    const int steps = step_depth(L);
    begin_slice(L, co);
    const int status = lua_resume(co, L, narg, &nres);
    end_slice(L, co);
    set_step_depth(L, steps);  // the coroutine's steps are not the caller's
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);
    rethrow_if_tripped(L);
    return -1;
}

static int l_co_resume(lua_State* L) {
    lua_State* co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    const int r = resume_core(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int co_wrap_step(lua_State* L) {
    lua_State* co = lua_tothread(L, lua_upvalueindex(1));
    const int r = resume_core(L, co, lua_gettop(L));
    if (r < 0) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

// coroutine.close runs the coroutine's pending __close handlers on its own stack: under the
// limits like a resume, and a fired limit is raised, not returned.
static int l_co_close(lua_State* L) {
    lua_State* co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));  // Lua's coroutine.close
    lua_insert(L, 1);
    const int steps = step_depth(L);
    begin_slice(L, co);
    const int status = lua_pcall(L, 1, LUA_MULTRET, 0);
    end_slice(L, co);
    set_step_depth(L, steps);
    if (status != LUA_OK) return lua_error(L);
    if (!lua_toboolean(L, 1)) rethrow_if_tripped(L);
    return lua_gettop(L);
}

static int l_co_wrap(lua_State* L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State* co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, co_wrap_step, 1);
    return 1;
}

// ---- read-only proxies ----------------------------------------------------------------

static int refuse_write(lua_State* L) {
    const char* table = lua_tostring(L, lua_upvalueindex(1));
    return luaL_error(L, "not allowed: %s%s%s is part of Soloist and cannot be changed", table, *table ? "." : "",
                      lua_isstring(L, 2) ? lua_tostring(L, 2) : "?");
}

static int proxy_pairs(lua_State* L) {
    lua_pushcfunction(L, l_pairs);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 1, 3);
    lua_pushvalue(L, 1);  // hand out the proxy, never the real table
    lua_replace(L, -3);
    return 3;
}

// Replaces the table at the top with a read-only proxy of it.
static void freeze(lua_State* L, const char* name) {
    const int real = lua_gettop(L);
    lua_newtable(L);  // the proxy
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, real);
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, name);
    lua_pushcclosure(L, refuse_write, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushvalue(L, real);
    lua_pushcclosure(L, proxy_pairs, 1);
    lua_setfield(L, -2, "__pairs");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN_KEY);
    lua_pushvalue(L, -2);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_replace(L, real);
}

// A bot assigning one of the host's names is refused; its own globals are its own.
static int env_newindex(lua_State* L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return luaL_error(L, "not allowed: '%s' is one of Soloist's globals and cannot be replaced",
                          lua_isstring(L, 2) ? lua_tostring(L, 2) : "?");
    lua_pop(L, 1);
    lua_rawset(L, 1);
    return 0;
}

// ---- metatables: no finalizers, no weak tables ------------------------------------------
//
// A finalizer (__gc) would run while the state closes, outside every limit; what a weak table
// (__mode) holds depends on when the collector runs, which depends on everything allocated,
// so a game would not replay identically. Lua reads both from a metatable at any time, so
// they are refused whenever they could reach one: in setmetatable, and in every later write
// to a table in use as a metatable. Such a table gets the guard below as its own metatable
// (or, when it has one of the bot's, the guard's __newindex in it), which refuses the two
// keys as new fields; rawset refuses them everywhere.

// The guard's __newindex: a new field of a table in use as a metatable.
static int guard_newindex(lua_State* L) {
    if (is_meta_key(L, 2)) return refuse_meta_key(L, lua_tostring(L, 2));
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

// The upvalues of setmetatable and getmetatable.
enum MetaUpvalue { META_REAL = 1, META_GUARD, META_GUARD_NEWINDEX };

// Whether the table at idx is guarded as a metatable: its metatable is the guard, or holds
// the guard's __newindex.
static bool is_guarded(lua_State* L, int idx) {
    if (!lua_getmetatable(L, idx)) return false;
    bool guarded = lua_rawequal(L, -1, lua_upvalueindex(META_GUARD));
    if (!guarded) {
        lua_pushliteral(L, "__newindex");
        lua_rawget(L, -2);
        guarded = lua_rawequal(L, -1, lua_upvalueindex(META_GUARD_NEWINDEX));
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return guarded;
}

// Makes the metatable at idx (a table with a metatable of the bot's) send the new fields of
// the tables it serves through the guard, unless a __newindex of the bot's does: that one
// can only store with rawset, which refuses the keys itself.
static void guard_through(lua_State* L, int idx) {
    lua_pushliteral(L, "__newindex");
    if (lua_rawget(L, idx) == LUA_TNIL) {
        lua_pushliteral(L, "__newindex");
        lua_pushvalue(L, lua_upvalueindex(META_GUARD_NEWINDEX));
        lua_rawset(L, idx);
    }
    lua_pop(L, 1);
}

// Guards the table at idx, about to be used as a metatable.
static void guard_metatable(lua_State* L, int idx) {
    if (!lua_getmetatable(L, idx)) {
        lua_pushvalue(L, lua_upvalueindex(META_GUARD));
        lua_setmetatable(L, idx);
        return;
    }
    if (!lua_rawequal(L, -1, lua_upvalueindex(META_GUARD))) guard_through(L, lua_gettop(L));
    lua_pop(L, 1);
}

// setmetatable(t, mt) as in Lua, with the refusals above.
static int l_setmetatable(lua_State* L) {
    const int kind = lua_type(L, 2);
    if (kind == LUA_TTABLE) {
        for (const char* key : {"__gc", "__mode"}) {
            lua_pushstring(L, key);
            if (lua_rawget(L, 2) != LUA_TNIL) return refuse_meta_key(L, key);
            lua_pop(L, 1);
        }
        guard_metatable(L, 2);
    }
    // A table in use as a metatable stays guarded under its new metatable.
    if (lua_type(L, 1) == LUA_TTABLE && is_guarded(L, 1)) {
        if (kind == LUA_TNIL) {
            lua_settop(L, 1);
            lua_pushvalue(L, lua_upvalueindex(META_GUARD));
        } else if (kind == LUA_TTABLE) {
            guard_through(L, 2);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(META_REAL));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

// getmetatable(v) as in Lua; the guard is the host's, so a table that has only the guard
// has no metatable for the bot.
static int l_getmetatable(lua_State* L) {
    luaL_checkany(L, 1);
    if (!lua_getmetatable(L, 1)) {
        lua_pushnil(L);
        return 1;
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return 1;
    if (lua_rawequal(L, -1, lua_upvalueindex(META_GUARD))) lua_pushnil(L);
    return 1;
}

// Names a script might expect from stock Lua, each refused with what to do instead.
static int refuse_unsafe_global(lua_State* L) {
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    const char* key = lua_tostring(L, 2);
    for (const auto& r : kRefusedGlobals)
        if (std::strcmp(key, r.name) == 0) return luaL_error(L, "'%s' is not allowed: %s", key, r.why);
    return 0;
}

static const luaL_Reg sandbox_functions[] = {
    {"pairs", l_pairs},   {"next", l_next},     {"tostring", l_tostring}, {"load", l_load},
    {"pcall", l_pcall},   {"xpcall", l_xpcall}, {"rawset", l_rawset},     {nullptr, nullptr},
};

// The base functions kept as Lua has them.
static const char* const kept_base[] = {"assert", "error", "ipairs", "rawequal", "rawget",
                                        "rawlen", "select", "type",   "tonumber"};
static const char* const soloist_modules[] = {"ui", "random", "game"};

const std::string& host_names_line() {
    static const std::string line = [] {
        std::vector<std::string> names(std::begin(kept_base), std::end(kept_base));
        for (const luaL_Reg* f = sandbox_functions; f->name; ++f) names.emplace_back(f->name);
        names.insert(names.end(), {"setmetatable", "getmetatable", "require", "_VERSION"});
        names.insert(names.end(), std::begin(libraries), std::end(libraries));
        names.insert(names.end(), std::begin(soloist_modules), std::end(soloist_modules));
        std::string declared, values;
        for (const auto& n : names) {
            declared += (declared.empty() ? "" : ", ") + n + " <const>";
            values += (values.empty() ? "" : ", ") + n;
        }
        return "local " + declared + " = " + values + "; ";
    }();
    return line;
}

// Builds the bots' environment from the opened libraries and the Soloist modules in
// package.loaded (ui, random, game) and returns it. The real global table is left empty
// of anything a script could reach.
int luaopen_sandbox(lua_State* L) {
    luaL_requiref(L, "_G", luaopen_base, 0);
    luaL_requiref(L, "string", luaopen_string, 0);
    luaL_requiref(L, "table", luaopen_table, 0);
    luaL_requiref(L, "math", luaopen_math, 0);
    luaL_requiref(L, "utf8", luaopen_utf8, 0);
    luaL_requiref(L, "coroutine", luaopen_coroutine, 0);
    lua_settop(L, 0);

    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, FROZEN_KEY);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);  // 1
    const int loaded = 1;

    // Trim the real library tables: what is removed here is gone for string methods too.
    lua_getfield(L, loaded, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_getfield(L, -1, "format");
    lua_pushcclosure(L, l_format, 1);
    lua_setfield(L, -2, "format");
    lua_pop(L, 1);
    lua_getfield(L, loaded, "math");
    lua_pushnil(L);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    lua_getfield(L, loaded, "coroutine");
    lua_pushcfunction(L, l_co_resume);
    lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, l_co_wrap);
    lua_setfield(L, -2, "wrap");
    lua_getfield(L, -1, "close");
    lua_pushcclosure(L, l_co_close, 1);
    lua_setfield(L, -2, "close");
    lua_pop(L, 1);
    // The string metatable is shared by every string: lock it.
    lua_pushliteral(L, "");
    lua_getmetatable(L, -1);
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);

    lua_newtable(L);  // 2: host globals
    const int host = 2;
    lua_getfield(L, loaded, "_G");
    for (const char* name : kept_base) {
        lua_getfield(L, -1, name);
        lua_setfield(L, host, name);
    }
    lua_pop(L, 1);
    luaL_setfuncs(L, sandbox_functions, 0);
    // setmetatable and getmetatable share the guard of metatables (META_* upvalues).
    lua_getfield(L, loaded, "_G");
    lua_getfield(L, -1, "setmetatable");
    lua_remove(L, -2);
    lua_createtable(L, 0, 1);  // the guard
    lua_pushcfunction(L, guard_newindex);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, "__newindex");
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_pushcclosure(L, l_setmetatable, 3);
    lua_setfield(L, host, "setmetatable");
    lua_pushcclosure(L, l_getmetatable, 3);
    lua_setfield(L, host, "getmetatable");
    lua_pushliteral(L, LUA_VERSION);
    lua_setfield(L, host, "_VERSION");
    lua_newtable(L);  // modules loaded by require
    lua_pushcclosure(L, l_require, 1);
    lua_setfield(L, host, "require");
    for (const char* name : libraries) {
        lua_getfield(L, loaded, name);
        freeze(L, name);
        lua_setfield(L, host, name);
    }
    for (const char* name : soloist_modules) {
        if (lua_getfield(L, loaded, name) != LUA_TTABLE) {
            lua_pop(L, 1);
            continue;
        }
        freeze(L, name);
        lua_setfield(L, host, name);
    }

    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, refuse_unsafe_global);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, host);

    lua_newtable(L);  // 3: the bots' environment
    const int env = 3;
    lua_pushvalue(L, env);
    lua_setfield(L, host, "_G");
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, host);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, host);
    lua_pushcclosure(L, env_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, env);
    lua_pushvalue(L, host);
    lua_setfield(L, LUA_REGISTRYINDEX, "soloist.host");
    lua_getfield(L, LUA_REGISTRYINDEX, FROZEN_KEY);
    lua_pushvalue(L, host);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_pushvalue(L, env);
    lua_setfield(L, LUA_REGISTRYINDEX, ENV_KEY);

    // Nothing reachable stays in the real global table.
    lua_pushglobaltable(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, -4);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, env);
    return 1;
}

}  // namespace soloist::lua
