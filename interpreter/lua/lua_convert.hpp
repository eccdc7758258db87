#pragma once
// Moving data between Lua values and JSON, and raising C++ failures as Lua errors only
// after every C++ object of the failing call is gone.
#include <lua.hpp>

#include <exception>
#include <string>

#include <nlohmann/json.hpp>

#include "lua/lua_context.hpp"

namespace soloist::lua {

// Pushes a JSON value as Lua (objects and arrays become tables; null becomes nil).
void push_json(lua_State* L, const nlohmann::json& value);

// Converts the Lua value at idx to JSON without raising: false and a reason on failure
// (functions, cycles, keys that are neither strings nor array positions, too deep). The copy
// counts against the game's memory limit: a table that shares its subtables is copied once
// for each use, so a small table can stand for a huge copy. Past the room the limit leaves
// (host_room), the limit fires, naming `what` is being copied, and false is returned.
bool to_json(lua_State* L, int idx, nlohmann::json& out, std::string& error, const char* what);

// About how many bytes the host holds for a JSON value.
std::size_t json_bytes(const nlohmann::json& value);

// Runs fn, which does C++ work that may throw; a failure becomes a Lua error raised after
// fn's objects are destroyed (the luax_catchexcept pattern). fn returns its result count.
template <class F>
int guarded(lua_State* L, F&& fn) {
    int results = 0;
    bool failed = false;
    try {
        results = fn();
    } catch (const std::exception& e) {
        context(L).scratch = e.what();
        failed = true;
    }
    if (failed) {
        lua_pushstring(L, context(L).scratch.c_str());
        return lua_error(L);
    }
    return results;
}

// Adds a transcript event; what the transcript keeps counts against the memory limit
// (throws the limit's message past it).
void emit(lua_State* L, nlohmann::json event);
// Whether events are wanted at all (a simulation keeps none).
inline bool recording(lua_State* L) { return context(L).recording; }

}  // namespace soloist::lua
