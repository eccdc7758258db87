#pragma once
// The one door into Lua. Every call from C++ into a script goes through door_call (a
// protected call with a message handler that copes with any error value and adds a
// traceback) or door_resume (the bot's coroutine, with the same error handling done
// post mortem on the coroutine's stack). Limits (memory, time or instructions) are
// enforced here.
#include <lua.hpp>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "domain/script.hpp"
#include "lua/lua_pool.hpp"

namespace soloist::lua {

// Debug builds check that a binding leaves the stack as it promised.
#ifdef SOLOIST_STACK_GUARD
#define STACK_BEGIN(L) const int stack_top_at_entry_ = lua_gettop(L)
#define STACK_END(L, pushed) lua_assert_stack(L, stack_top_at_entry_ + (pushed), __FILE__, __LINE__)
void lua_assert_stack(lua_State* L, int expected, const char* file, int line);
#else
#define STACK_BEGIN(L) ((void)0)
#define STACK_END(L, pushed) ((void)0)
#endif

struct LimitState {
    explicit LimitState(const Limits& l);
    Limits limits;
    std::size_t used = 0;              // bytes allocated by the state
    bool host_active = true;           // the host's own work is not capped
    // What the host keeps for the bot (its narration and records in the transcript): counted
    // with `used` against the memory limit, so no bot value grows the host without bound.
    std::size_t host_bytes = 0;
    // A limit fired: the game is over. Set only by trip(), after tripped_reason, which stays
    // as it is while the flag is set: whoever sees the flag may read the reason.
    std::atomic<bool> tripped{false};
    std::string tripped_reason;        // what fired, for the error message
    // What the host is copying from the bot's values right now (a binding's name), so a
    // stuck process names the real cause. Read by the watchdog.
    std::atomic<const char*> host_work{nullptr};
    std::uint64_t instructions = 0;    // count mode: used in this slice
    std::uint64_t carried = 0;         // count mode: where the next slice starts counting
    std::vector<lua_State*> running;   // threads being resumed, innermost last
    // Watchdog mode: when the running slice must end (steady clock, ns; 0 = not running).
    // Set with `running` under `lock`, which the watchdog takes to fire; a slice restarted
    // at a question moves it on alone (restart_slice).
    std::atomic<std::int64_t> deadline_ns{0};
    std::mutex lock;
    Pool pool;  // where the state's memory lives
    // Set while the state is built to be copied (build_state): the compiled chunks it loads
    // put their functions' code, constants and debug information in frozen blocks (Pool),
    // which no game's start copies back. `freezing` is set only inside such a load.
    bool freeze_loads = false, freezing = false;
    // What the bindings serve (a BotContext), outside the pool so that a restored state and
    // every thread in it, however old, find the current game's.
    void* host_context = nullptr;
    // The steps being run (lua_game.cpp): a block in the pool, at the same address in every
    // copy of the state, found here without a registry lookup at every question.
    void* steps = nullptr;
};

// Owns a lua_State with the capped allocator.
class State {
public:
    explicit State(const Limits& limits);
    ~State();
    State(const State&) = delete;
    State& operator=(const State&) = delete;

    lua_State* L() const { return L_; }
    LimitState& limits() { return limits_; }

    // A copy of the state's memory.
    struct Snapshot {
        Pool::Image image;
        std::size_t used = 0;
    };
    // Keeps a copy of the state as it is now (no Lua call may be running; a coroutine may
    // be suspended).
    void save(Snapshot& snapshot) const;
    // Puts the state back as save() found it, with `limits` for what runs next: a state
    // as fresh as a new one built the same way, for the price of a copy.
    void restore(const Snapshot& snapshot, const Limits& limits);

private:
    void watch(bool on);

    LimitState limits_;
    lua_State* L_ = nullptr;
    bool watched_ = false;
};

LimitState& limit_state(lua_State* L);

// Fires a limit with `reason` unless one has fired already; true if this call fired it.
// Safe from any thread (the watchdog's, an allocation's, a hook's).
bool trip(LimitState& s, const std::string& reason);

// The message of the memory limit: "stopped: the bot used more than N MiB of memory
// (--max-memory)" and what the host was holding for it, when that is what crossed it.
std::string memory_reason(const LimitState& s, const char* held_for = nullptr);

// The bytes the host may still build from the bot's values before the memory limit.
std::size_t host_room(const LimitState& s);

// Counts `bytes` that the host keeps for the bot (`what` names them) against the memory
// limit; past it, trips the limit and returns false. Raises nothing.
bool charge_host(lua_State* L, std::size_t bytes, const char* what);

// Calls the function below nargs arguments on L's stack. On success leaves nresults
// values and returns true; on error leaves nothing and sets `error` (message + traceback).
bool door_call(lua_State* L, int nargs, int nresults, std::string& error);

// Resumes co with nargs values from co's stack. Returns LUA_OK, LUA_YIELD or an error
// status; on error sets `error` (position, message and traceback of the coroutine).
int door_resume(lua_State* co, lua_State* from, int nargs, int* nresults, std::string& error);

// The text of any error value: a string, a number, a __tostring result, or a
// description of what was thrown. Never raises.
std::string error_text(lua_State* L, int idx);

// Starts a running slice (limits armed) and ends it (limits disarmed).
void begin_slice(lua_State* L, lua_State* running);
void end_slice(lua_State* L, lua_State* running);

// A question answered without suspending the bot (an inline answer) ends the running slice
// and starts the next, as suspending and resuming would: the budgets start again.
void restart_slice(lua_State* running);

// Re-raises the error on top of the stack if a limit has fired: limits cannot be caught
// by a script's pcall.
void rethrow_if_tripped(lua_State* L);

}  // namespace soloist::lua
