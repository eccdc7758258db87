#pragma once
// The modules a bot can reach, each in its own file with one luaL_Reg table and one
// luaopen function.
#include <lua.hpp>

#include <cstdint>

namespace soloist::lua {

int luaopen_sandbox(lua_State* L);  // lua_sandbox.cpp: the allowlisted globals; returns the env
int luaopen_ui(lua_State* L);       // lua_ui.cpp: say, why, show, ask, confirm, number
int luaopen_random(lua_State* L);   // lua_random.cpp: roll, int, pick, shuffle
int luaopen_game(lua_State* L);     // lua_game.cpp: bot, options, components, step, record, correctable
// Under the door, with a nlohmann::json* as light userdata at 1: sets it to the show event
// of the bot's view (the last ui.show, its builder called again now); leaves it when the bot
// showed nothing yet. The caller sets BotContext::viewing around the call.
int current_view(lua_State* L);
// The same with a std::string* at 1: the waiting question's prompt built again by its
// function; left when the prompt is a plain string.
int current_prompt(lua_State* L);
const char* current_step(lua_State* L);           // the innermost step being run, or nullptr
// How many steps are being run. A Lua error skips the end of every step it unwinds, so
// whoever catches errors (pcall, a coroutine's resume, the door) puts the depth back.
int step_depth(lua_State* L);
void set_step_depth(lua_State* L, int depth);

}  // namespace soloist::lua
