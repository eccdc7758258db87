#include "lua/lua_runner.hpp"

#include "domain/bot.hpp"
#include "domain/diagnostics.hpp"
#include "domain/transcript.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_convert.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

namespace {

// Opens the libraries and the sandbox: what every game's state starts from. The bots'
// environment (the sandbox's value, kept at ENV_KEY) stays out of package.loaded: Lua names a
// function in a traceback or an argument error by the first field of a package.loaded table
// holding it, in the order of that state's string hashes, so a bot's global holding a library
// function (`rep = string.rep`) would make the name, and the transcript, differ between
// processes. package.loaded keeps only the host's library tables, where each function has
// one name.
int open_libraries(lua_State* L) {
    luaL_requiref(L, "_G", luaopen_base, 1);
    luaL_requiref(L, "table", luaopen_table, 1);
    luaL_requiref(L, "ui", luaopen_ui, 0);
    luaL_requiref(L, "random", luaopen_random, 0);
    luaL_requiref(L, "game", luaopen_game, 0);
    lua_pushcfunction(L, luaopen_sandbox);
    lua_call(L, 0, 0);
    return 0;
}

// Builds a game's state in `state` for `ctx`; the error, or empty. Even opening the
// libraries goes through the door: nothing raises unprotected.
std::string build_state(State& state, BotContext& ctx, bool preload) {
    lua_State* L = state.L();
    set_context(L, &ctx);
    std::string error;
    lua_pushcfunction(L, open_libraries);
    if (!door_call(L, 0, 0, error)) return "cannot set up the sandbox: " + error;
    if (preload) {
        const auto modules = modules_of({ctx.setup->lib_dir, ctx.setup->bot->dir});
        lua_pushlightuserdata(L, const_cast<void*>(static_cast<const void*>(&modules)));
        lua_pushcclosure(L, preload_modules, 1);
        state.limits().freeze_loads = true;
        const bool compiled = door_call(L, 0, 0, error);
        state.limits().freeze_loads = false;
        if (!compiled) return "cannot compile the bot's modules: " + error;
    }
    return {};
}

// A game stopped at its warm point (lua_warm.cpp): the state and what the host knew.
struct WarmStart {
    State::Snapshot snapshot;
    std::uint64_t instructions = 0;  // count mode: used so far in the slice that yielded
    lua_State* bot_thread = nullptr;
    int thread_ref = LUA_NOREF;
    int questions_asked = 0;
    std::vector<CorrectableEntry> correctables;
    std::optional<Question> question;  // the warm point was this question
};

// What a simulation's games start from. The first game builds a state with every module
// compiled and saves it before its bot runs; that game also saves its state at its warm
// point. Every later game with the same options and limits starts from a copy: at the warm
// point when nobody reads its transcript and no house rule is installed, else from the
// compiled modules. One game at a time uses the state; meanwhile a game builds its own.
class StateCopies final : public ScriptCache {
public:
    struct Lease {
        State* state = nullptr;             // nullptr: build your own
        const WarmStart* warm = nullptr;    // set: the state stands at the warm point
        bool make_warm = false;             // save the state at your warm point (keep_warm)
    };

    Lease lease(const ScriptSetup& setup, BotContext& ctx, bool warm_allowed) {
        if (busy_ || broken_) return {};
        if (!state_) {
            state_ = std::make_unique<State>(setup.limits);
            if (!build_state(*state_, ctx, true).empty()) {
                // The game builds its own state and reports the error from there.
                state_.reset();
                broken_ = true;
                return {};
            }
            lua_gc(state_->L(), LUA_GCCOLLECT);
            state_->limits().pool.seal_frozen();
            state_->save(compiled_);
            options_ = *setup.options;
            limits_ = setup.limits;
        } else if (*setup.options != options_ || setup.limits != limits_) {
            return {};
        }
        busy_ = true;
        const bool warm = warm_allowed && warm_;
        state_->restore(warm ? warm_->snapshot : compiled_, setup.limits);
        set_context(state_->L(), &ctx);
        if (warm) {
            state_->limits().carried = warm_->instructions;
            ++warm_starts_;
            return {state_.get(), warm_.get(), false};
        }
        return {state_.get(), nullptr, warm_allowed && !warm_ && !no_warm_};
    }
    void give_back() { busy_ = false; }

    void keep_warm(std::unique_ptr<WarmStart> warm) {
        state_->save(warm->snapshot);
        warm_ = std::move(warm);
    }
    // The first game ended, or missed its warm point: every game would, so stop trying.
    void no_warm() { no_warm_ = true; }
    std::size_t warm_starts() const { return warm_starts_; }

private:
    std::unique_ptr<State> state_;
    State::Snapshot compiled_;
    std::unique_ptr<WarmStart> warm_;
    nlohmann::json options_;
    Limits limits_;
    bool busy_ = false, broken_ = false, no_warm_ = false;
    std::size_t warm_starts_ = 0;
};

class LuaRunner final : public ScriptRunner {
public:
    explicit LuaRunner(const ScriptSetup& setup) : setup_(setup) {
        ctx_.setup = &setup_;
        copies_ = dynamic_cast<StateCopies*>(setup.cache.get());
    }

    ~LuaRunner() override {
        if (copies_) copies_->give_back();
    }

    ScriptOutcome& start() override {
        enter();
        // A game copied at the warm point would miss the events before it, and a house rule
        // is installed before the bot runs: those games start from the compiled modules.
        const bool warm_allowed = !setup_.transcript->recording() && setup_.rules_script.empty();
        StateCopies::Lease lease;
        if (copies_) lease = copies_->lease(setup_, ctx_, warm_allowed);
        if (lease.state) {
            state_ = lease.state;
        } else {
            copies_ = nullptr;
            own_state_ = std::make_unique<State>(setup_.limits);
            state_ = own_state_.get();
            if (const auto error = build_state(*state_, ctx_, false); !error.empty()) return failure(error, "starting");
        }
        if (lease.warm) return start_warm(*lease.warm);
        making_warm_ = lease.make_warm;
        lua_State* L = state_->L();
        if (!setup_.rules_script.empty()) {
            lua_getfield(L, LUA_REGISTRYINDEX, "soloist.install_rules");
            std::string error;
            if (!load_script(L, setup_.rules_script)) return failure(pop_message(L), "loading the house rule");
            if (!door_call(L, 0, 1, error)) return failure(error, "running the house rule");
            if (!door_call(L, 1, 0, error)) return failure(error, "installing the house rule");
        }
        ctx_.bot_thread = lua_newthread(L);
        thread_ref_ = luaL_ref(L, LUA_REGISTRYINDEX);
        if (!load_entry(ctx_.bot_thread)) return failure(pop_message(ctx_.bot_thread), "loading the bot");
        ctx_.warm_pending = true;
        return run(0);
    }

    ScriptOutcome& resume(const nlohmann::json& answer) override {
        if (!ctx_.bot_thread || lua_status(ctx_.bot_thread) != LUA_YIELD)
            return failure("the game is not waiting for an answer", "");
        push_json(ctx_.bot_thread, answer);
        return run(1);
    }

    std::vector<Correctable> correctables() const override {
        std::vector<Correctable> out;
        if (!state_) return out;  // (a getter sees BotContext::recording as the last run left it)
        lua_State* L = state_->L();
        for (const auto& c : ctx_.correctables) {
            out.push_back(c.spec);
            lua_pushcfunction(L, call_getter);
            lua_rawgeti(L, LUA_REGISTRYINDEX, c.table_ref);
            std::string error;
            if (door_call(L, 1, 1, error)) {
                if (lua_isinteger(L, -1)) out.back().value = lua_tointeger(L, -1);
                lua_pop(L, 1);
            }
        }
        return out;
    }

    std::optional<std::string> correct(const std::string& id, long long value) override {
        if (!state_) return "the game has not started";
        enter();
        lua_State* L = state_->L();
        for (const auto& c : ctx_.correctables) {
            if (c.spec.id != id) continue;
            lua_pushcfunction(L, call_setter);
            lua_rawgeti(L, LUA_REGISTRYINDEX, c.table_ref);
            lua_pushinteger(L, value);
            std::string error;
            if (!door_call(L, 2, 0, error)) return "correcting " + id + ": " + error;
            return std::nullopt;
        }
        return "nothing called '" + id + "' can be corrected";
    }

    nlohmann::json view(std::string& error) override {
        nlohmann::json show;
        if (state_ && !read_only_call(current_view, &show, error)) show = nullptr;
        return show;
    }

    std::optional<std::string> prompt(std::string& error) override {
        std::string text;
        if (!state_ || !ctx_.prompt_builder || !read_only_call(current_prompt, &text, error)) return std::nullopt;
        return text;
    }

private:
    // Before the bot's code runs: what the bindings read of the game (BotContext::recording).
    void enter() { ctx_.recording = setup_.transcript->recording(); }

    // fn(out) under the door while the bot may only read (BotContext::viewing).
    bool read_only_call(lua_CFunction fn, void* out, std::string& error) {
        enter();
        lua_State* L = state_->L();
        lua_pushcfunction(L, fn);
        lua_pushlightuserdata(L, out);
        ctx_.viewing = true;
        const bool done = door_call(L, 1, 0, error);
        ctx_.viewing = false;
        return done;
    }

    // The entry script's chunk: compiled in advance as a module, or now.
    bool load_entry(lua_State* co) {
        const auto& entry = setup_.bot->entry;
        if (const auto name = module_name(entry); name && push_preloaded(co, name->c_str())) return true;
        return load_script(co, setup_.bot->dir / entry);
    }

    // spec.get(), under the door's protected call.
    static int call_getter(lua_State* L) {
        lua_getfield(L, 1, "get");
        lua_call(L, 0, 1);
        return 1;
    }

    // spec.set(value), under the door's protected call.
    static int call_setter(lua_State* L) {
        lua_getfield(L, 1, "set");
        lua_pushvalue(L, 2);
        lua_call(L, 1, 0);
        return 0;
    }

    static std::string pop_message(lua_State* L) {
        std::string m = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "(error)";
        lua_pop(L, 1);
        return m;
    }

    ScriptOutcome& failure(const std::string& message, const std::string& doing) {
        auto& o = outcome_;
        o.kind = ScriptOutcome::Kind::error;
        std::string where;
        if (const char* step = state_ ? current_step(state_->L()) : nullptr) where = "in step '" + std::string(step) + "'";
        else if (!doing.empty()) where = "while " + doing;
        if (ctx_.questions_asked > 0)
            where += (where.empty() ? "" : ", ") + std::string("after question ") + std::to_string(ctx_.questions_asked);
        // The first line is the message; where it happened follows, then the traceback.
        const auto newline = message.find('\n');
        o.error = message.substr(0, newline) + (where.empty() ? "" : "\n  (" + where + ")") +
                  (newline == std::string::npos ? "" : message.substr(newline));
        return o;
    }

    // The game as the warm point left it: the bot suspended at its first seed-dependent call,
    // which runs when resumed, or at its first question.
    ScriptOutcome& start_warm(const WarmStart& warm) {
        ctx_.bot_thread = warm.bot_thread;
        thread_ref_ = warm.thread_ref;
        ctx_.questions_asked = warm.questions_asked;
        ctx_.correctables = warm.correctables;
        if (!warm.question) return run(0);
        outcome_.kind = ScriptOutcome::Kind::question;
        outcome_.question = *warm.question;
        return outcome_;
    }

    // This game reached its warm point: the first game of a simulation keeps a copy.
    void reached_warm_point(const Question* question) {
        if (!making_warm_) return;
        making_warm_ = false;
        auto warm = std::make_unique<WarmStart>();
        warm->instructions = state_->limits().carried;
        warm->bot_thread = ctx_.bot_thread;
        warm->thread_ref = thread_ref_;
        warm->questions_asked = ctx_.questions_asked;
        warm->correctables = ctx_.correctables;
        if (question) warm->question = *question;
        copies_->keep_warm(std::move(warm));
    }

    ScriptOutcome& run(int nargs) {
        enter();
        lua_State* L = state_->L();
        lua_State* co = ctx_.bot_thread;
        ctx_.asked = false;
        int nres = 0;
        std::string error;
        int status = door_resume(co, L, nargs, &nres, error);
        while (status == LUA_YIELD && ctx_.at_warm_point) {
            ctx_.at_warm_point = false;
            lua_pop(co, nres);
            state_->limits().carried = state_->limits().instructions;  // one slice, as if never paused
            reached_warm_point(nullptr);
            status = door_resume(co, L, 0, &nres, error);
        }
        if (ctx_.warm_missed || status != LUA_YIELD) {
            // No warm point to copy: missed, or the game ended or failed before it.
            if (making_warm_) copies_->no_warm();
            making_warm_ = false;
        }
        if (status == LUA_YIELD) {
            lua_pop(co, nres);
            if (!ctx_.asked)
                return failure("the bot yielded without asking a question (coroutine.yield in the bot's own flow?)", "");
            if (ctx_.warm_pending) {
                ctx_.warm_pending = false;
                reached_warm_point(&ctx_.pending);
            }
            outcome_.kind = ScriptOutcome::Kind::question;
            std::swap(outcome_.question, ctx_.pending);
            ctx_.asked = false;
            return outcome_;
        }
        if (status != LUA_OK) return failure(error, "running the bot");
        // The entry script returned: the end of the game.
        auto& o = outcome_;
        o.kind = ScriptOutcome::Kind::end;
        std::string why;
        nlohmann::json end;
        if (nres >= 1 && lua_type(co, -nres) == LUA_TTABLE && !to_json(co, -nres, end, why, "the end it returned") &&
            state_->limits().tripped) {
            lua_pop(co, nres);
            return failure(state_->limits().tripped_reason, "ending the game");
        }
        if (nres < 1 || lua_type(co, -nres) != LUA_TTABLE || !why.empty() || !end.is_object() ||
            !end.contains("result") || !end["result"].is_string()) {
            lua_pop(co, nres);
            return failure(display_path(setup_.bot->dir / setup_.bot->entry) +
                               ": the entry script must end by returning { result = \"win\", summary = \"...\", scores = { ... } }" +
                               (why.empty() ? "" : " (" + why + ")"),
                           "ending the game");
        }
        lua_pop(co, nres);
        // Scores are what simulations sum: a score that is no number would be left out of them.
        std::string bad_end;
        if (end.contains("scores")) {
            // (an empty Lua table converts as an empty array: no scores)
            const bool none = end["scores"].is_array() && end["scores"].empty();
            if (!end["scores"].is_object() && !none) bad_end = "scores must be a table of names and numbers";
            else
                for (const auto& [name, v] : end["scores"].items())
                    if (!v.is_number() && bad_end.empty())
                        bad_end = "score '" + clipped(name, 80) + "' must be a number, not " + clipped(v.dump(), 80);
        }
        if (end.contains("rounds") && !end["rounds"].is_number_integer() && bad_end.empty())
            bad_end = "rounds must be a whole number, not " + clipped(end["rounds"].dump(), 80);
        if (end.contains("summary") && !end["summary"].is_string() && bad_end.empty())
            bad_end = "summary must be a string, not " + clipped(end["summary"].dump(), 80);
        if (!bad_end.empty())
            return failure(display_path(setup_.bot->dir / setup_.bot->entry) + ": the end it returned: " + bad_end,
                           "ending the game");
        o.end = std::move(end);
        return o;
    }

    const ScriptSetup& setup_;
    BotContext ctx_;
    ScriptOutcome outcome_;  // where the bot stopped last
    StateCopies* copies_ = nullptr;  // lent state_, to give back
    bool making_warm_ = false;       // this game saves its state at its warm point
    std::unique_ptr<State> own_state_;
    State* state_ = nullptr;
    int thread_ref_ = LUA_NOREF;
};

}  // namespace

std::unique_ptr<ScriptRunner> make_runner(const ScriptSetup& setup) { return std::make_unique<LuaRunner>(setup); }

std::shared_ptr<ScriptCache> make_script_cache() { return std::make_shared<StateCopies>(); }

std::size_t warm_starts(const ScriptCache& cache) {
    const auto* copies = dynamic_cast<const StateCopies*>(&cache);
    return copies ? copies->warm_starts() : 0;
}

}  // namespace soloist::lua

namespace soloist::lua {

namespace {

// A state that only compiles: no game, and an empty table for the chunks' _ENV.
struct Compiler {
    explicit Compiler(const Limits& limits) : state(limits) {
        set_context(state.L(), &ctx);
        lua_newtable(state.L());
        lua_setfield(state.L(), LUA_REGISTRYINDEX, ENV_KEY);
    }
    State state;
    BotContext ctx;
};

}  // namespace

std::optional<std::string> compile_only(const std::filesystem::path& file) {
    Compiler compiler{Limits{}};
    lua_State* L = compiler.state.L();
    if (load_script(L, file)) return std::nullopt;
    std::string message = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "cannot compile";
    return message;
}

std::map<std::string, std::string> compile_bot_scripts(const Bot& bot, const std::filesystem::path& lib_dir) {
    std::map<std::string, std::string> chunks;
    // Compiling needs little memory: a state that reserves little address space, so that this
    // works wherever the game itself can run (ulimit -v). Where it cannot, the scripts are
    // compiled from their text as without a cache.
    Limits limits;
    limits.max_memory = std::min<std::size_t>(limits.max_memory, 32u << 20);
    std::optional<Compiler> compiler;
    try {
        compiler.emplace(limits);
    } catch (const std::exception&) {
        return chunks;
    }
    lua_State* L = compiler->state.L();
    for (const auto& [name, file] : modules_of({lib_dir, bot.dir})) {
        if (!load_script(L, file)) {
            lua_pop(L, 1);
            continue;
        }
        std::string chunk;
        lua_dump(L, append_to_string, &chunk, 0);  // with its debug information: tracebacks read the same
        lua_pop(L, 1);
        chunks[file.lexically_normal().string()] = std::move(chunk);
    }
    return chunks;
}

}  // namespace soloist::lua
