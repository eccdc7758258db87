// Module `ui`: how a bot talks to the player. Narration goes to the transcript; a
// question suspends the bot's coroutine until the player answers.
#include "lua/lua_context.hpp"
#include "lua/lua_convert.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

// The text of ui.say/ui.why: the text itself, or with more arguments a string.format
// pattern and its values, formatted only when someone will read it.
static const char* narration(lua_State* L) {
    luaL_checkstring(L, 1);
    if (lua_gettop(L) == 1) return lua_tostring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "string");
    lua_getfield(L, -1, "format");
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return lua_tostring(L, -1);
}

static int ui_say(lua_State* L) {
    if (!recording(L)) return luaL_checkstring(L, 1), 0;
    const char* text = narration(L);
    return guarded(L, [&] {
        emit(L, {{"event", "say"}, {"text", text}});
        return 0;
    });
}

static int ui_why(lua_State* L) {
    if (!recording(L)) return luaL_checkstring(L, 1), 0;
    const char* text = narration(L);
    return guarded(L, [&] {
        emit(L, {{"event", "why"}, {"text", text}});
        return 0;
    });
}

// ui.show(title, entries): entries is an array of {label =, value =}, or a function that
// returns one, called only when someone will see it.
static int ui_show(lua_State* L) {
    const char* title = luaL_checkstring(L, 1);
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        if (!recording(L)) return 0;
        lua_settop(L, 2);
        lua_call(L, 0, 1);  // the builder's entries take its place at 2
    }
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n; ++i) {
        if (lua_rawgeti(L, 2, i) != LUA_TTABLE) luaL_error(L, "ui.show: entry %d must be a table {label =, value =}", (int)i);
        if (lua_getfield(L, -1, "label") != LUA_TSTRING) luaL_error(L, "ui.show: entry %d has no label string", (int)i);
        lua_pop(L, 2);
    }
    if (!recording(L)) return 0;
    return guarded(L, [&] {
        nlohmann::json entries;
        std::string error;
        if (!to_json(L, 2, entries, error)) throw std::runtime_error("ui.show: " + error);
        if (!entries.is_array()) entries = nlohmann::json::array();
        emit(L, {{"event", "show"}, {"title", title}, {"entries", std::move(entries)}});
        return 0;
    });
}

// Questions may only come from the bot's own flow, which the host resumes.
static void check_can_ask(lua_State* L, const char* fn) {
    if (L != context(L).bot_thread)
        luaL_error(L, "ui.%s: questions can only be asked from the bot's own flow, not from a coroutine "
                      "the bot created or a correction handler", fn);
    if (!lua_isyieldable(L))
        luaL_error(L, "ui.%s: a question cannot be asked here (while a module is loading, or inside a "
                      "callback such as a table.sort comparator)", fn);
}

// Finishes the question built in ctx.pending and suspends the bot until the answer. No
// C++ object lives on this frame: lua_yield unwinds it.
static int ask_and_wait(lua_State* L) {
    auto& ctx = context(L);
    ctx.pending->number = ++ctx.questions_asked;
    if (!ctx.steps.empty()) ctx.pending->step = ctx.steps.back();
    return lua_yield(L, 0);
}

// Raw field access: an option table's metatable cannot run code behind the host's back.
static int raw_field(lua_State* L, int idx, const char* key) {
    idx = lua_absindex(L, idx);
    lua_pushstring(L, key);
    return lua_rawget(L, idx);
}

static void push_option_id(lua_State* L, int options, lua_Integer i) {
    if (lua_rawgeti(L, options, i) == LUA_TTABLE) {
        raw_field(L, -1, "id");
        lua_remove(L, -2);
    }
}

static int ui_ask(lua_State* L) {
    check_can_ask(L, "ask");
    const char* prompt = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    if (n < 1) return luaL_error(L, "ui.ask: a question needs at least one option");
    lua_settop(L, 2);
    lua_createtable(L, 0, n < 1024 ? static_cast<int>(n) : 1024);  // 3: id -> the first option with it
    for (lua_Integer i = 1; i <= n; ++i) {
        const int t = lua_rawgeti(L, 2, i);
        if (t == LUA_TTABLE) {
            if (raw_field(L, -1, "id") != LUA_TSTRING) luaL_error(L, "ui.ask: option %d has no id string", (int)i);
            const int label = raw_field(L, -2, "label");
            if (label != LUA_TNIL && label != LUA_TSTRING) luaL_error(L, "ui.ask: option %d's label must be a string", (int)i);
            lua_pop(L, 2);
        } else if (t != LUA_TSTRING) {
            luaL_error(L, "ui.ask: option %d must be a string or a table {id =, label =}", (int)i);
        }
        lua_pop(L, 1);
        push_option_id(L, 2, i);  // ids must differ: one lookup each, not a scan of the others
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 3) != LUA_TNIL)
            luaL_error(L, "ui.ask: options %d and %d have the same id", (int)lua_tointeger(L, -1), (int)i);
        lua_pop(L, 1);
        lua_pushinteger(L, i);
        lua_rawset(L, 3);
    }
    guarded(L, [&] {
        auto& q = context(L).pending.emplace();
        q.kind = Question::Kind::ask;
        q.prompt = prompt;
        for (lua_Integer i = 1; i <= n; ++i) {
            auto& c = q.choices.emplace_back();
            if (lua_rawgeti(L, 2, i) == LUA_TSTRING) c.id = c.label = lua_tostring(L, -1);
            else {
                raw_field(L, -1, "id");
                c.id = lua_tostring(L, -1);
                raw_field(L, -2, "label");
                c.label = lua_isstring(L, -1) ? lua_tostring(L, -1) : c.id;
                lua_pop(L, 2);
            }
            lua_pop(L, 1);
        }
        return 0;
    });
    return ask_and_wait(L);
}

static int ui_confirm(lua_State* L) {
    check_can_ask(L, "confirm");
    const char* prompt = luaL_checkstring(L, 1);
    guarded(L, [&] {
        auto& q = context(L).pending.emplace();
        q.kind = Question::Kind::confirm;
        q.prompt = prompt;
        return 0;
    });
    return ask_and_wait(L);
}

static int ui_number(lua_State* L) {
    check_can_ask(L, "number");
    const char* prompt = luaL_checkstring(L, 1);
    const lua_Integer min = luaL_checkinteger(L, 2);
    const lua_Integer max = luaL_checkinteger(L, 3);
    if (min > max) return luaL_error(L, "ui.number: min %I is greater than max %I", min, max);
    guarded(L, [&] {
        auto& q = context(L).pending.emplace();
        q.kind = Question::Kind::number;
        q.prompt = prompt;
        q.min = min;
        q.max = max;
        return 0;
    });
    return ask_and_wait(L);
}

static const luaL_Reg ui_functions[] = {
    {"say", ui_say},       {"why", ui_why},         {"show", ui_show},     {"ask", ui_ask},
    {"confirm", ui_confirm}, {"number", ui_number}, {nullptr, nullptr},
};

int luaopen_ui(lua_State* L) {
    luaL_newlib(L, ui_functions);
    return 1;
}

}  // namespace soloist::lua
