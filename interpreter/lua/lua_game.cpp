// Module `game`: the bot's own data (manifest, options, components, seed), its flowchart
// steps (which house rules may hook), extra transcript events and correctable values.
#include <cstring>
#include <iterator>
#include <mutex>
#include <new>

#include "domain/bot.hpp"
#include "domain/diagnostics.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_convert.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

// game.step and the house rules' hooks. The wrapper around each step is a C closure
// (running_step below); what a hook does is Lua, here.
static const char* const step_prelude = R"lua(
local wrap, hooked, check, pack, unpack, error, type, pairs, tostring, note_hooks = ...
local hooks = { before = {}, replace = {}, after = {} }

-- A step that a house rule hooks, with its arguments.
local function run_hooked(id, fn, ...)
  local before, replace, after = hooks.before[id], hooks.replace[id], hooks.after[id]
  if before then before(...) end
  local results
  if replace then results = pack(replace(fn, ...)) else results = pack(fn(...)) end
  if after then after(...) end
  return unpack(results, 1, results.n)
end

-- game.step(id, fn): fn as the declared flowchart step `id`.
local function step(id, fn)
  if type(id) ~= "string" then error("game.step: a step id must be a string", 2) end
  if type(fn) ~= "function" then error("game.step: step '" .. id .. "' needs a function", 2) end
  return wrap(id, fn, run_hooked, check(id))
end

-- A house rule's table: { before = {[step] = fn}, replace = {...}, after = {...} }.
local function install(rules)
  if type(rules) ~= "table" then
    error("a house rule script must return a table { before = {...}, replace = {...}, after = {...} }", 0)
  end
  for kind, list in pairs(rules) do
    if not hooks[kind] then error("house rule: unknown hook kind '" .. tostring(kind) .. "' (use before, replace or after)", 0) end
    for id, fn in pairs(list) do
      check(id)
      if type(fn) ~= "function" then error("house rule: the " .. kind .. " hook of step '" .. id .. "' must be a function", 0) end
      hooks[kind][id] = fn
      hooked[id] = true
    end
  end
  note_hooks()
end

return step, install
)lua";

// The steps being run, innermost last. A block of the state (a full userdata, anchored at
// STEPS_TAG in the registry), so a copy of the state carries it; the host finds it through
// LimitState::steps and reads the current step (for a question, an error) directly.
struct StepStack {
    // Deeper than Lua lets C calls nest (LUAI_MAXCCALLS, 200): each step is a C call.
    static constexpr int capacity = 256;
    int depth = 0;
    bool hooks = false;  // a house rule hooks some step: look the step up in the hooked set
    // Each step by its place in the bot's declared steps (Bot::steps), which outlive every
    // state of the game: no pointer into the state that a collected closure could leave.
    int ids[capacity];
};

enum StepUpvalue { STEP_ID = 1, STEP_FN, STEP_RUN_HOOKED, STEP_INDEX, STEP_STACK, STEP_HOOKED };

// Leaving the step at `depth` also leaves any inner step a script's pcall abandoned.
static int left_step(lua_State* L, int, lua_KContext depth) {
    static_cast<StepStack*>(lua_touserdata(L, lua_upvalueindex(STEP_STACK)))->depth = static_cast<int>(depth) - 1;
    return lua_gettop(L);
}

// A step being run: C, so entering and leaving cost no Lua varargs; lua_callk, so the step
// can ask questions (yield) and still be left when it returns.
static int running_step(lua_State* L) {
    const int nargs = lua_gettop(L);
    luaL_checkstack(L, 4, "a step's arguments");
    auto* steps = static_cast<StepStack*>(lua_touserdata(L, lua_upvalueindex(STEP_STACK)));
    if (steps->depth == StepStack::capacity) return luaL_error(L, "steps nested too deep (endless recursion?)");
    const int depth = ++steps->depth;
    steps->ids[depth - 1] = static_cast<int>(lua_tointeger(L, lua_upvalueindex(STEP_INDEX)));
    if (recording(L)) {
        const char* id = lua_tostring(L, lua_upvalueindex(STEP_ID));
        guarded(L, [&] {
            emit(L, {{"event", "step"}, {"id", id}});
            return 0;
        });
    }
    bool hooked = false;
    if (steps->hooks) {
        lua_pushvalue(L, lua_upvalueindex(STEP_ID));
        hooked = lua_rawget(L, lua_upvalueindex(STEP_HOOKED)) != LUA_TNIL;
        lua_pop(L, 1);
    }
    int called = nargs;
    if (hooked) {  // run_hooked(id, fn, ...)
        lua_pushvalue(L, lua_upvalueindex(STEP_RUN_HOOKED));
        lua_pushvalue(L, lua_upvalueindex(STEP_ID));
        lua_pushvalue(L, lua_upvalueindex(STEP_FN));
        lua_rotate(L, 1, 3);
        called += 2;
    } else {  // fn(...)
        lua_pushvalue(L, lua_upvalueindex(STEP_FN));
        lua_insert(L, 1);
    }
    lua_callk(L, called, LUA_MULTRET, static_cast<lua_KContext>(depth), left_step);
    return left_step(L, LUA_OK, static_cast<lua_KContext>(depth));
}

// note_hooks(): a house rule was installed; upvalue 1: the steps being run.
static int note_hooks(lua_State* L) {
    static_cast<StepStack*>(lua_touserdata(L, lua_upvalueindex(1)))->hooks = true;
    return 0;
}

// wrap(id, fn, run_hooked, index) -> the step's closure; upvalues 1 and 2: the steps being
// run (StepStack) and the set of hooked step ids.
static int wrap_step(lua_State* L) {
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushcclosure(L, running_step, 6);
    return 1;
}

// The prelude is compiled once per process; every game loads the compiled chunk.
static bool load_prelude(lua_State* L) {
    static std::once_flag once;
    static std::string compiled;
    std::call_once(once, [] {
        lua_State* scratch = luaL_newstate();
        if (luaL_loadbufferx(scratch, step_prelude, std::strlen(step_prelude), "=soloist.step", "t") == LUA_OK)
            lua_dump(scratch, append_to_string, &compiled, 0);
        lua_close(scratch);
    });
    if (compiled.empty()) return luaL_loadbufferx(L, step_prelude, std::strlen(step_prelude), "=soloist.step", "t") == LUA_OK;
    return luaL_loadbufferx(L, compiled.data(), compiled.size(), "=soloist.step", "b") == LUA_OK;
}

static const Bot& bot(lua_State* L) { return *context(L).setup->bot; }

// check(id) -> the step's place among the declared steps; an error for an undeclared one.
static int game_check_step(lua_State* L) {
    const char* id = luaL_checkstring(L, 1);
    const auto& steps = bot(L).steps;
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (steps[i].id == id) {
            lua_pushinteger(L, static_cast<lua_Integer>(i));
            return 1;
        }
    guarded(L, [&] {
        std::vector<std::string> ids;
        for (const auto& s : bot(L).steps) ids.push_back(s.id);
        std::string list;
        for (const auto& s : ids) list += (list.empty() ? "" : ", ") + s;
        context(L).scratch = "step '" + std::string(id) + "' is not declared in " + bot(L).id + "'s bot.yaml" +
                             did_you_mean(id, ids) + "; declared steps: " + (list.empty() ? "none" : list);
        return 0;
    });
    lua_pushstring(L, context(L).scratch.c_str());
    return lua_error(L);
}

// The transcript's own event kinds, which a bot's game.record cannot use: a set, the upvalue
// of the game functions, so checking a kind is one lookup. The key "event" is an upvalue too:
// no string to intern per record.
static const char* const host_events[] = {"start", "ask", "confirm", "number", "answer", "correct", "end", "error"};
constexpr int HOST_EVENTS = 1, EVENT_KEY = 2;

// game.record(kind, fields): an event of the bot's own in the transcript.
static int game_record(lua_State* L) {
    const char* kind = luaL_checkstring(L, 1);
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TTABLE);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(HOST_EVENTS)) != LUA_TNIL)
        return luaL_error(L, "game.record: '%s' is an event of the host's own", kind);
    lua_pop(L, 1);
    // The kind is the first argument; a field of that name would be lost under it. Checked
    // whether or not anyone records, so a simulation finds it too.
    if (!lua_isnoneornil(L, 2)) {
        lua_pushvalue(L, lua_upvalueindex(EVENT_KEY));
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, "game.record: a field may not be named 'event' (the event's kind is the first argument)");
        lua_pop(L, 1);
    }
    if (!recording(L)) return 0;
    return guarded(L, [&] {
        nlohmann::json event = nlohmann::json::object();
        std::string error;
        if (!lua_isnoneornil(L, 2) && !to_json(L, 2, event, error, "the fields of game.record")) throw std::runtime_error("game.record: " + error);
        if (event.is_array() && event.empty()) event = nlohmann::json::object();  // an empty table: no fields
        if (!event.is_object()) throw std::runtime_error("game.record: fields must be a table with string keys");
        event["event"] = kind;
        emit(L, std::move(event));
        return 0;
    });
}

// game.correctable{ id =, label =, min =, max =, get =, set = }
static int game_correctable(lua_State* L) {
    refuse_while_viewing(L, "game.correctable");
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "id");
    lua_getfield(L, 1, "label");
    lua_getfield(L, 1, "min");
    lua_getfield(L, 1, "max");
    lua_getfield(L, 1, "get");
    lua_getfield(L, 1, "set");
    if (lua_type(L, 2) != LUA_TSTRING) return luaL_error(L, "game.correctable: id must be a string");
    if (!lua_isinteger(L, 4) || !lua_isinteger(L, 5) || lua_tointeger(L, 4) > lua_tointeger(L, 5))
        return luaL_error(L, "game.correctable: min and max must be whole numbers with min <= max");
    if (lua_type(L, 6) != LUA_TFUNCTION || lua_type(L, 7) != LUA_TFUNCTION)
        return luaL_error(L, "game.correctable: get and set must be functions");
    const char* id = lua_tostring(L, 2);
    for (const auto& c : context(L).correctables)
        if (c.spec.id == id) return luaL_error(L, "game.correctable: '%s' is already correctable", id);
    const char* label = lua_type(L, 3) == LUA_TSTRING ? lua_tostring(L, 3) : id;
    const lua_Integer min = lua_tointeger(L, 4), max = lua_tointeger(L, 5);
    lua_pushvalue(L, 1);
    const int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    return guarded(L, [&] {
        CorrectableEntry e;
        e.spec = Correctable{id, label, min, max, std::nullopt};
        e.table_ref = ref;
        context(L).correctables.push_back(std::move(e));
        return 0;
    });
}

// game.seed, and nil for any other missing field.
static int game_index(lua_State* L) {
    if (lua_type(L, 2) != LUA_TSTRING || std::strcmp(lua_tostring(L, 2), "seed") != 0) return 0;
    seed_read(L);
    lua_pushinteger(L, static_cast<lua_Integer>(context(L).setup->seed));
    return 1;
}

static const luaL_Reg game_functions[] = {
    {"record", game_record}, {"correctable", game_correctable}, {nullptr, nullptr},
};

int luaopen_game(lua_State* L) {
    luaL_newlibtable(L, game_functions);
    const int game = lua_gettop(L);
    lua_createtable(L, 0, static_cast<int>(std::size(host_events)));  // HOST_EVENTS
    for (const char* kind : host_events) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, kind);
    }
    lua_pushliteral(L, "event");  // EVENT_KEY
    luaL_setfuncs(L, game_functions, 2);
    const auto& b = bot(L);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, b.id.c_str());
    lua_setfield(L, -2, "id");
    lua_pushstring(L, b.name.c_str());
    lua_setfield(L, -2, "name");
    lua_pushstring(L, b.version.c_str());
    lua_setfield(L, -2, "version");
    lua_setfield(L, game, "bot");
    push_json(L, *context(L).setup->options);
    lua_setfield(L, game, "options");
    push_json(L, b.components);
    lua_setfield(L, game, "components");
    // game.seed is read through the metatable: the seed is the running game's, and reading
    // it marks the game's warm point.
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, game_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, game);
    lua_pushvalue(L, game);
    lua_setfield(L, LUA_REGISTRYINDEX, GAME_KEY);

    if (!load_prelude(L)) return lua_error(L);
    limit_state(L).steps = new (lua_newuserdatauv(L, sizeof(StepStack), 0)) StepStack;  // the steps being run
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &STEPS_TAG);
    lua_newtable(L);  // hooked step ids
    lua_pushvalue(L, -1);
    lua_insert(L, -3);
    lua_pushcclosure(L, wrap_step, 2);
    lua_insert(L, -2);  // wrap, hooked
    lua_pushcfunction(L, game_check_step);
    lua_getglobal(L, "table");
    lua_getfield(L, -1, "pack");
    lua_getfield(L, -2, "unpack");
    lua_remove(L, -3);
    for (const char* name : {"error", "type", "pairs", "tostring"}) lua_getglobal(L, name);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &STEPS_TAG);
    lua_pushcclosure(L, note_hooks, 1);
    lua_call(L, 10, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, "soloist.install_rules");
    lua_setfield(L, game, "step");
    lua_settop(L, game);
    return 1;
}

const char* current_step(lua_State* L) {
    const auto* steps = static_cast<const StepStack*>(limit_state(L).steps);
    if (!steps || steps->depth <= 0) return nullptr;
    const auto& declared = bot(L).steps;
    const auto index = static_cast<std::size_t>(steps->ids[steps->depth - 1]);
    return index < declared.size() ? declared[index].id.c_str() : nullptr;
}

int step_depth(lua_State* L) {
    const auto* steps = static_cast<const StepStack*>(limit_state(L).steps);
    return steps ? steps->depth : 0;
}

void set_step_depth(lua_State* L, int depth) {
    if (auto* steps = static_cast<StepStack*>(limit_state(L).steps)) steps->depth = depth;
}

}  // namespace soloist::lua
