#include "lua/lua_door.hpp"

#include "lua/lua_modules.hpp"

#include <chrono>
#include <ctime>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <mutex>
#include <string_view>
#include <thread>

#include <spdlog/spdlog.h>

namespace soloist::lua {

#ifdef SOLOIST_STACK_GUARD
void lua_assert_stack(lua_State* L, int expected, const char* file, int line) {
    if (lua_gettop(L) != expected) {
        std::fprintf(stderr, "%s:%d: Lua stack is %d, expected %d\n", file, line, lua_gettop(L), expected);
        std::abort();
    }
}
#endif

// ---- memory -------------------------------------------------------------------------

static void* capped_alloc(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto* s = static_cast<LimitState*>(ud);
    const std::size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        s->pool.release(ptr, old);
        s->used -= old;
        return nullptr;
    }
    if (nsize > old && !s->host_active && s->used - old + nsize + s->host_bytes > s->limits.max_memory) {
        if (!s->tripped) trip(*s, memory_reason(*s));
        return nullptr;
    }
    // A new block with no object tag (osize 0) while a compiled chunk loads is one of a
    // function's arrays, which Lua never writes again.
    void* p = s->freezing && !ptr && osize == 0 ? s->pool.allocate_frozen(nsize) : nullptr;
    if (!p) p = s->pool.resize(ptr, old, nsize);
    if (!p) return nullptr;
    s->used = s->used - old + nsize;
    return p;
}

bool trip(LimitState& s, const std::string& reason) {
    std::lock_guard guard(s.lock);
    if (s.tripped.load()) return false;
    s.tripped_reason = reason;  // before the flag: whoever sees the flag reads the reason
    s.tripped.store(true);
    return true;
}

std::string memory_reason(const LimitState& s, const char* held_for) {
    std::string reason = "stopped: the bot used more than " + std::to_string(s.limits.max_memory >> 20) +
                         " MiB of memory (--max-memory)";
    if (held_for) reason += std::string(", counting what Soloist holds for it: ") + held_for;
    return reason;
}

std::size_t host_room(const LimitState& s) {
    const std::size_t taken = s.used + s.host_bytes;
    return taken >= s.limits.max_memory ? 0 : s.limits.max_memory - taken;
}

bool charge_host(lua_State* L, std::size_t bytes, const char* what) {
    auto& s = limit_state(L);
    if (bytes > host_room(s)) {
        trip(s, memory_reason(s, what));
        return false;
    }
    s.host_bytes += bytes;
    return true;
}

static int panic(lua_State* L) {
    spdlog::critical("unprotected Lua error: {}", lua_tostring(L, -1) ? lua_tostring(L, -1) : "?");
    std::abort();
}

LimitState& limit_state(lua_State* L) {
    void* ud = nullptr;
    lua_getallocf(L, &ud);
    return *static_cast<LimitState*>(ud);
}

// ---- time and instructions ----------------------------------------------------------

// Raises the limit error at the running Lua line.
static void raise_at_current_line(lua_State* L, const char* reason) {
    lua_Debug ar;
    if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
        lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, reason);
    else
        lua_pushstring(L, reason);
    lua_error(L);
}

static void limit_hook(lua_State* L, lua_Debug*) {
    auto& s = limit_state(L);
    if (!s.tripped && s.limits.mode == Limits::Mode::count) {
        s.instructions += 1000;
        if (s.instructions <= s.limits.max_instructions) return;
        trip(s, "stopped: the bot ran more than " + std::to_string(s.limits.max_instructions) +
                    " instructions without asking a question (an endless loop?)");
    }
    if (s.tripped) {
        // Keep firing on every instruction so a script's pcall cannot swallow it.
        lua_sethook(L, limit_hook, LUA_MASKCOUNT, 1);
        raise_at_current_line(L, s.tripped_reason.c_str());
    }
}

// The monotonic clock at the kernel's tick (a few ms): a time budget needs no finer, and
// reading it costs less than the precise clock, at every slice and every question.
static std::int64_t steady_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

// The wall-clock budget of a slice. With --limits count the instruction count is the limit,
// and the clock only a backstop for what the count cannot see (a long C call, a loop of
// them), set well beyond it so that it never decides a game that the count would let run.
static double slice_seconds(const Limits& limits) {
    return limits.mode == Limits::Mode::count ? 5 * limits.max_seconds : limits.max_seconds;
}

static std::int64_t slice_deadline(const Limits& limits) {
    return steady_ns() + static_cast<std::int64_t>(slice_seconds(limits) * 1e9);
}

// One thread watches every game of the process. Arming a slice only stores a deadline, so a
// script runs without any hook and the host makes no system call; when a deadline has
// passed, the watchdog installs the hook on the running threads, and the hook stops the
// script at its next instruction.
class Watchdog {
public:
    static Watchdog& instance() {
        static Watchdog w;
        return w;
    }
    void watch(LimitState* s) {
        std::lock_guard guard(mutex_);
        states_.push_back(s);
        if (!thread_.joinable()) thread_ = std::thread([this] { run(); });
        if (idle_) wake_.notify_one();  // otherwise it looks within a tick
    }
    void forget(LimitState* s) {
        std::lock_guard guard(mutex_);
        states_.erase(std::remove(states_.begin(), states_.end(), s), states_.end());
    }
    ~Watchdog() {
        {
            std::lock_guard guard(mutex_);
            stopping_ = true;
        }
        wake_.notify_one();
        if (thread_.joinable()) thread_.join();
    }

private:
    static constexpr auto tick = std::chrono::milliseconds(10);
    static constexpr std::int64_t idle_after_ns = 1'000'000'000;

    // How long after the budget a stuck C call ends the process: as long again, 1 s at least.
    static std::int64_t grace_ns(const LimitState& s) {
        return static_cast<std::int64_t>(std::max(1.0, slice_seconds(s.limits)) * 1e9);
    }

    void run() {
        std::unique_lock guard(mutex_);
        std::int64_t last_watched = steady_ns();
        while (!stopping_) {
            // With no game for a while it sleeps until one comes; between the games of a
            // process that plays many in a row it keeps ticking, and nobody need wake it.
            if (states_.empty() && steady_ns() - last_watched > idle_after_ns) {
                idle_ = true;
                wake_.wait(guard);
                idle_ = false;
            } else {
                wake_.wait_for(guard, tick);
            }
            const std::int64_t now = steady_ns();
            if (!states_.empty()) last_watched = now;
            for (LimitState* s : states_) {
                const std::int64_t early = s->deadline_ns.load(std::memory_order_relaxed);
                if (early == 0 || early > now) continue;
                std::lock_guard state_guard(s->lock);
                const std::int64_t deadline = s->deadline_ns.load();
                if (deadline == 0 || deadline > now) continue;  // the slice ended
                if (s->tripped && s->limits.hard_stop && now > deadline + grace_ns(*s)) stuck(*s, now - deadline);
                if (!s->tripped) {
                    char seconds[32];
                    std::snprintf(seconds, sizeof seconds, "%g", slice_seconds(s->limits));
                    s->tripped_reason = std::string("stopped: the bot ran for more than ") + seconds +
                                        " s without asking a question " +
                                        (s->limits.mode == Limits::Mode::count
                                             ? "(the wall-clock backstop of --limits count, for what the instruction "
                                               "count cannot see, such as one long library call)"
                                             : "(an endless loop?)");
                    s->tripped.store(true);
                }
                for (lua_State* co : s->running) lua_sethook(co, limit_hook, LUA_MASKCOUNT, 1);
            }
        }
    }

    // The hook has not fired: the script is inside one long C call, which cannot be
    // interrupted. The journal is saved at every answer, so ending the process loses nothing.
    [[noreturn]] static void stuck(const LimitState& s, std::int64_t over_ns) {
        const char* work = s.host_work.load();
        std::string inside = work ? std::string("while Soloist copied a value of the bot's for ") + work
                                  : "inside one library call (such as string.find with a pattern that backtracks)";
        std::fprintf(stderr,
                     "soloist: stopped: the bot has been stuck %s for more than %g s; it cannot be interrupted "
                     "there, so Soloist ends. The journal holds every answer given.\n",
                     inside.c_str(), slice_seconds(s.limits) + over_ns / 1e9);
        std::fflush(stderr);
        std::_Exit(1);
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<LimitState*> states_;
    std::thread thread_;
    bool stopping_ = false;
    bool idle_ = false;  // waiting for a game to watch, with no tick
};

// Room for the memory cap several times over: freed small blocks are not merged into large
// ones, and large blocks are rounded up to a power of two.
static std::size_t reservation(const Limits& limits) {
    constexpr std::size_t max_reservation = std::size_t{1} << 44;
    if (limits.max_memory >= max_reservation / 4) return max_reservation;
    return 4 * limits.max_memory + (std::size_t{64} << 20);
}

LimitState::LimitState(const Limits& l) : limits(l), pool(reservation(l), l.max_memory + (std::size_t{16} << 20)) {}

State::State(const Limits& limits) : limits_(limits) {
    L_ = lua_newstate(capped_alloc, &limits_);
    if (!L_) throw std::bad_alloc();
    lua_atpanic(L_, panic);
    // Every thread copies this at its creation: the address of the one slot of the state.
    *static_cast<void***>(lua_getextraspace(L_)) = &limits_.host_context;
    watch(limits.mode != Limits::Mode::none);
}

void State::watch(bool on) {
    if (on == watched_) return;
    if (on) Watchdog::instance().watch(&limits_);
    else Watchdog::instance().forget(&limits_);
    watched_ = on;
}

State::~State() {
    watch(false);
    // No lua_close: the whole state goes with its pool, and nothing of the bot runs after
    // its game (finalizers are refused; pending __close handlers are not run).
    L_ = nullptr;
}

void State::save(Snapshot& snapshot) const {
    limits_.pool.save(snapshot.image);
    snapshot.used = limits_.used;
}

void State::restore(const Snapshot& snapshot, const Limits& limits) {
    // Every pointer inside the state points into the pool or to code, so putting the bytes
    // back at the same addresses puts the whole state back.
    limits_.pool.restore(snapshot.image);
    watch(limits.mode != Limits::Mode::none);
    std::lock_guard guard(limits_.lock);
    limits_.limits = limits;
    limits_.used = snapshot.used;
    limits_.host_bytes = 0;
    limits_.host_active = true;
    limits_.tripped = false;
    limits_.tripped_reason.clear();
    limits_.instructions = 0;
    limits_.carried = 0;
    limits_.running.clear();
    limits_.deadline_ns = 0;
}

void begin_slice(lua_State* L, lua_State* running) {
    auto& s = limit_state(L);
    std::lock_guard guard(s.lock);
    const bool outermost = s.running.empty();
    s.running.push_back(running);
    if (s.limits.mode == Limits::Mode::count) lua_sethook(running, limit_hook, LUA_MASKCOUNT, 1000);
    if (!outermost) return;
    s.host_active = false;
    s.instructions = s.carried;
    s.carried = 0;
    if (s.limits.mode != Limits::Mode::none) s.deadline_ns = slice_deadline(s.limits);
}

void end_slice(lua_State* L, lua_State*) {
    auto& s = limit_state(L);
    std::lock_guard guard(s.lock);
    if (!s.running.empty()) s.running.pop_back();
    if (!s.running.empty()) return;
    s.deadline_ns = 0;
    s.host_active = true;
}

void restart_slice(lua_State* running) {
    auto& s = limit_state(running);
    if (s.tripped) return;  // the hook stops the script at its next instruction
    if (s.limits.mode == Limits::Mode::count) {
        s.instructions = 0;
        lua_sethook(running, limit_hook, LUA_MASKCOUNT, 1000);  // the count starts again too
    }
    // No lock, at every question a simulated player answers: the watchdog fires only on a
    // deadline it reads as passed under the lock, and a slice whose deadline passes just as
    // this store lands ran its whole budget without a question anyway.
    if (s.limits.mode != Limits::Mode::none) s.deadline_ns.store(slice_deadline(s.limits), std::memory_order_relaxed);
}

void rethrow_if_tripped(lua_State* L) {
    if (limit_state(L).tripped) lua_error(L);
}

// ---- errors -------------------------------------------------------------------------

// Runs under lua_pcall: turns the value at 1 into a string at the top.
static int describe_error(lua_State* L) {
    if (lua_type(L, 1) == LUA_TSTRING) return 1;
    if (lua_type(L, 1) == LUA_TNUMBER) {
        lua_pushstring(L, lua_tostring(L, 1));
        return 1;
    }
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    return 1;
}

std::string error_text(lua_State* L, int idx) {
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 3)) return "(error: Lua stack exhausted)";
    lua_pushcfunction(L, describe_error);
    lua_pushvalue(L, idx);
    std::string out;
    // A __tostring is the bot's code: it runs under the limits too (an endless loop there
    // would otherwise hang the host after the slice ended).
    begin_slice(L, L);
    const int status = lua_pcall(L, 1, 1, 0);
    end_slice(L, L);
    if (status == LUA_OK && lua_type(L, -1) == LUA_TSTRING) out = lua_tostring(L, -1);
    else if (limit_state(L).tripped) out = limit_state(L).tripped_reason;
    else out = "(error object whose __tostring failed)";
    lua_pop(L, 1);
    return out;
}

// The message handler of door_call, as in lua.c: any value becomes a message, and the
// traceback is added.
static int message_handler(lua_State* L) {
    lua_pushcfunction(L, describe_error);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1);
    luaL_traceback(L, L, lua_tostring(L, -1), 1);
    return 1;
}

// A limit that fired in a call the host made between the bot's slices (a correctable's
// getter for `show`) ends that call only: the bot is suspended and did not run, a replay makes
// no such call, and the flag left set would turn the bot's next caught error into a limit.
static void clear_trip(lua_State* L, LimitState& s) {
    std::lock_guard guard(s.lock);
    s.tripped.store(false);
    s.tripped_reason.clear();
    lua_sethook(L, nullptr, 0, 0);
}

bool door_call(lua_State* L, int nargs, int nresults, std::string& error) {
    luaL_checkstack(L, 2, "door_call");
    auto& s = limit_state(L);
    const bool between_slices = s.running.empty() && !s.tripped;
    const int steps = step_depth(L);
    const int base = lua_gettop(L) - nargs;  // the function's index
    lua_pushcfunction(L, message_handler);
    lua_insert(L, base);
    begin_slice(L, L);
    const int status = lua_pcall(L, nargs, nresults, base);
    end_slice(L, L);
    lua_remove(L, base);
    set_step_depth(L, steps);  // steps an error abandoned are left
    if (status == LUA_OK) return true;
    if (status == LUA_ERRMEM && s.tripped) error = s.tripped_reason;
    else if (status == LUA_ERRERR) error = "error while handling an error (a failing __tostring?)";
    else error = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(unknown error)";
    lua_pop(L, 1);
    if (between_slices && s.tripped) clear_trip(L, s);
    return false;
}

// Runs under lua_pcall on the main thread: traceback of the dead coroutine at 1 with the
// message at 2.
static int coroutine_traceback(lua_State* L) {
    lua_State* co = lua_tothread(L, 1);
    luaL_traceback(L, co, lua_tostring(L, 2), 0);
    return 1;
}

// "file:line:" of the innermost Lua function on co's stack (for errors raised in C,
// such as running out of memory inside string.rep).
static std::string innermost_lua_line(lua_State* co) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(co, level, &ar); ++level) {
        if (lua_getinfo(co, "Sl", &ar) && ar.currentline > 0)
            return std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + ": ";
    }
    return {};
}

// An error raised with a level (`error(msg, 2)`) in a house rule's hook or a bot's function
// called from the host's own Lua (the step wrapper, chunks named "soloist.*") would point
// into that code, which the author cannot see: it points at the innermost line of a file
// instead (the hook's line in the rules script).
static std::string at_authors_line(lua_State* co, std::string message) {
    static constexpr std::string_view host = "soloist.";
    if (message.compare(0, host.size(), host) != 0) return message;
    const auto colon = message.find(':');
    std::size_t end = colon + 1;
    while (end < message.size() && message[end] >= '0' && message[end] <= '9') ++end;
    if (end == colon + 1 || message.compare(end, 2, ": ") != 0) return message;
    lua_Debug ar;
    for (int level = 0; lua_getstack(co, level, &ar); ++level) {
        if (lua_getinfo(co, "Sl", &ar) && ar.source[0] == '@' && ar.currentline > 0)
            return std::string(ar.short_src) + ":" + std::to_string(ar.currentline) + message.substr(end);
    }
    return message;
}

int door_resume(lua_State* co, lua_State* from, int nargs, int* nresults, std::string& error) {
    begin_slice(from, co);
    const int status = lua_resume(co, from, nargs, nresults);
    end_slice(from, co);
    if (status == LUA_OK || status == LUA_YIELD) return status;

    auto& s = limit_state(from);
    std::string message;
    if (s.tripped && status == LUA_ERRMEM) message = innermost_lua_line(co) + s.tripped_reason;
    else {
        lua_xmove(co, from, 1);
        message = at_authors_line(co, error_text(from, -1));
        lua_pop(from, 1);
    }
    if (lua_checkstack(from, 3)) {
        lua_pushcfunction(from, coroutine_traceback);
        lua_pushthread(co);
        lua_xmove(co, from, 1);
        lua_pushstring(from, message.c_str());
        if (lua_pcall(from, 2, 1, 0) == LUA_OK) message = lua_tostring(from, -1);
        lua_pop(from, 1);
    }
    error = std::move(message);
    return status;
}

}  // namespace soloist::lua
