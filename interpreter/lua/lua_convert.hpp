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
// (functions, cycles, keys that are neither strings nor array positions, too deep).
bool to_json(lua_State* L, int idx, nlohmann::json& out, std::string& error);

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

// Adds a transcript event.
void emit(lua_State* L, nlohmann::json event);
// Whether events are wanted at all (a simulation keeps none).
bool recording(lua_State* L);

}  // namespace soloist::lua
