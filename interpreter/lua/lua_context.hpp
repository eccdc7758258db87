#pragma once
// What the bindings know of the game they serve, reached from any thread of the state.
#include <lua.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "domain/question.hpp"
#include "domain/script.hpp"

namespace soloist::lua {

struct CorrectableEntry {
    Correctable spec;
    int table_ref = LUA_NOREF;  // {get =, set =} in the registry
};

// An option of ui.ask as the bot gave it: texts inside the Lua state, valid until Lua runs again.
struct OptionView {
    std::string_view id, label;
};

struct BotContext {
    const ScriptSetup* setup = nullptr;  // its bot (and folder), library folder, options, ...
    lua_State* bot_thread = nullptr;      // the coroutine running the bot's flow
    // Set by ui.ask/confirm/number before yielding. The runner swaps it with its outcome's
    // question, so the strings of earlier questions are reused rather than allocated again.
    Question pending;
    std::vector<Choice> spare_choices;    // dropped from pending, kept with their buffers
    std::vector<OptionView> option_views; // the options of the ask being read (lua_ui.cpp)
    bool asked = false;                   // pending is a question the bot is waiting on
    int questions_asked = 0;
    std::vector<CorrectableEntry> correctables;
    // The warm point: the game's first call that depends on its seed (see lua_warm.cpp).
    bool warm_pending = false;   // not reached yet
    bool at_warm_point = false;  // the bot yielded there: resume it at once
    bool warm_missed = false;    // reached where the bot could not yield there
    // The host is building the bot's view for the `show` command (current_view): the bot's
    // code may only read then, as a replay makes no such call.
    bool viewing = false;
    bool prompt_builder = false;  // the waiting question's prompt is a function (PROMPT_TAG)
    // Someone reads the transcript, so the bindings build events: the transcript's
    // recording(), read each time the runner hands the state to the bot's code (a listener
    // can only be set between those calls), so that a binding's check is one load.
    bool recording = false;
    // Host-owned buffers, so that no object with a destructor is on the C++ stack when a
    // Lua error unwinds it.
    std::string scratch, chunkname;
    std::filesystem::path module_path;
};

// Each thread's extra space holds the address of the state's context slot (State's
// constructor puts it there, and new threads copy it).
inline BotContext& context(lua_State* L) { return *static_cast<BotContext*>(**static_cast<void***>(lua_getextraspace(L))); }
inline void set_context(lua_State* L, BotContext* ctx) { **static_cast<void***>(lua_getextraspace(L)) = ctx; }

// "scripts/guild-mat/main.lua" for a file under the data root in use (an installed
// share/soloist, or the source tree), else the path as given: what error messages and
// tracebacks name, the same wherever Soloist is installed.
std::string display_path(const std::filesystem::path& file);

// Reads a script into ctx.scratch and loads it as text (never binary) with the bot's
// environment as its _ENV. Pushes the function, or returns false with a message pushed.
// The host's global names are constant locals of every script, put before its first line
// (host_names_line): reading one is a register, not a search through the sandbox's tables,
// and assigning one is refused when the script compiles.
bool load_script(lua_State* L, const std::filesystem::path& file);
const std::string& host_names_line();  // lua_sandbox.cpp

// Loads a chunk Soloist compiled itself: pushes the function, or the error message, and
// returns luaL_loadbufferx's status. While a state to be copied is built, the function's
// arrays are frozen (lua_pool.hpp) and nothing else of the state is.
int load_chunk(lua_State* L, const std::string& chunk);

// A letter, digit, '_' or '-': what each dot-separated part of a module name is made of.
bool is_module_name_char(char c);

// Pushes the chunk compiled in advance for module `name` (a state copied for many games) and
// returns true; else pushes nothing and returns false.
bool push_preloaded(lua_State* L, const char* name);

// "strategies.base" for strategies/base.lua (relative to a module folder); nullopt for a
// file that is not a module `require` could name.
std::optional<std::string> module_name(const std::filesystem::path& relative);

// Every module in these folders (not under scenarios/ or tests/), later folders shadowing
// earlier ones as `require` does: pass scripts/lib first, then the bot's folder.
std::vector<std::pair<std::string, std::filesystem::path>> modules_of(const std::vector<std::filesystem::path>& dirs);

// A lua_CFunction with that list as light userdata upvalue: compiles each module into the
// registry's PRELOADED_KEY table (name -> chunk), where `require` looks first.
int preload_modules(lua_State* L);

// A lua_Writer for lua_dump that appends the compiled chunk to the std::string at `out`.
int append_to_string(lua_State* L, const void* p, std::size_t size, void* out);

// Called first by a binding whose result depends on the game's seed: true at the game's
// warm point when the bot can yield there; the binding then returns
// lua_yieldk(L, 0, 0, again<itself>) and runs when the runner resumes the bot.
bool at_warm_point(lua_State* L);
// Reading the game's seed: the state after it cannot serve another seed.
void seed_read(lua_State* L);
template <lua_CFunction f>
int again(lua_State* L, int, lua_KContext) {
    return f(L);
}

// Registry keys.
inline constexpr const char* ENV_KEY = "soloist.env";        // the bots' global table
inline constexpr const char* FROZEN_KEY = "soloist.frozen";  // set of read-only proxies
inline constexpr const char* GAME_KEY = "soloist.game";      // the game module's own table
inline constexpr const char* PRELOADED_KEY = "soloist.preloaded";  // module name -> compiled chunk
// Registry keys that are light userdata (an address): no string is hashed.
inline const char STEPS_TAG = 0;  // anchors the steps being run (lua_game.cpp's StepStack)
inline const char VIEW_TAG = 0;   // {title, entries or builder} of the bot's last ui.show
inline const char PROMPT_TAG = 0; // {the prompt function of the question waiting, if any}

// Refuses, with a Lua error naming `what`, a call that would change the game while the host
// builds the bot's view (ui.say, random draws, game.record, ...).
void refuse_while_viewing(lua_State* L, const char* what);

}  // namespace soloist::lua
