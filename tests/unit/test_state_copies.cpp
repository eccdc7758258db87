// A simulation's games start from a copy of the first game's state (make_script_cache): the
// copy must be as fresh as a state built for the game, and nothing may leak between games.

#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>

#include "lua/lua_context.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_runner.hpp"
#include "lua_test_support.hpp"

using namespace soloist;
using nlohmann::json;
using soloist::test::TempDir;
using soloist::test::tiny_bot;

namespace {

std::unique_ptr<Game> new_game(const Bot& bot, std::uint64_t seed, const std::shared_ptr<ScriptCache>& cache,
                               json options = nullptr, Limits limits = test::test_limits()) {
    GameSetup setup;
    setup.seed = seed;
    setup.limits = limits;
    setup.options = options.is_null() ? resolve_options(bot, {}, nullptr) : std::move(options);
    setup.cache = cache;
    return cli::make_game(bot, std::move(setup));
}

// Plays to the end, answering from `seed`'s own sequence: the first, second, ... legal answer.
std::string play(Game& game) {
    game.start();
    for (std::size_t turn = 0; turn < 5000 && game.status() == Game::Status::question; ++turn) {
        const auto& q = game.question();
        switch (q.kind) {
            case Question::Kind::ask: game.answer(q.choices[turn % q.choices.size()].id); break;
            case Question::Kind::confirm: game.answer(turn % 2 == 0); break;
            case Question::Kind::number: game.answer(q.min + static_cast<long long>(turn) % (q.max - q.min + 1)); break;
        }
    }
    return game.transcript().to_jsonl();
}

// A bot that counts in every place a game could leave something behind for the next.
void write_leaky_bot(TempDir& tmp) {
    tmp.write("leaky/bot.yaml", test::tiny_manifest("leaky"));
    tmp.write("leaky/counted.lua", "local m = { n = 0 }\nreturn m\n");
    tmp.write("leaky/main.lua", R"lua(
counter = (counter or 0) + 1
local m = require "counted"
m.n = m.n + 1
local options = game.options
local before = tostring(options.extra)
pcall(function() options.extra = true end)
local seen = ui.ask("Go on?", { "yes", "bomb" })
if seen == "bomb" then local s = string.rep("x", 1 << 20) while true do s = s .. s end end
return { result = "win", summary = string.format("%d %d %s %d", counter, m.n, before, game.seed) }
)lua");
}

}  // namespace

TEST_CASE("games started from a copied state give the transcripts of freshly built ones", "[copies][determinism]") {
    const auto lib = Library::in_use();
    const Bot bot = load_bot(lib.scripts_dir / "guild-mat", lib);
    const auto cache = lua::make_script_cache();
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        auto copied = new_game(bot, seed, cache);
        const std::string from_copy = play(*copied);
        copied.reset();
        auto built = new_game(bot, seed, nullptr);
        const std::string from_build = play(*built);
        INFO("seed " << seed);
        CHECK(from_copy.size() > 1000);
        CHECK(from_copy == from_build);
    }
}

TEST_CASE("nothing of one game reaches the next through the copied state", "[copies][sandbox]") {
    TempDir tmp;
    write_leaky_bot(tmp);
    const Bot bot = load_bot(tmp.path() / "leaky", Library::in_use());
    const auto cache = lua::make_script_cache();
    for (std::uint64_t seed : {7, 8, 9}) {
        auto game = new_game(bot, seed, cache);
        game->start();
        game->answer("yes");
        REQUIRE(game->status() == Game::Status::ended);
        // Globals, modules and host tables are as the first game found them; the seed is the game's.
        CHECK(game->ending()["summary"] == "1 1 nil " + std::to_string(seed));
    }

    // A game stopped by a limit leaves no tripped limit and no garbage behind.
    Limits small = test::test_limits();
    small.max_memory = 16u << 20;
    const auto limited = lua::make_script_cache();
    auto bomb = new_game(bot, 1, limited, nullptr, small);
    bomb->start();
    bomb->answer("bomb");
    REQUIRE(bomb->status() == Game::Status::failed);
    CHECK_THAT(bomb->error(), Catch::Contains("MiB of memory"));
    bomb.reset();
    auto after = new_game(bot, 2, limited, nullptr, small);
    after->start();
    after->answer("yes");
    REQUIRE(after->status() == Game::Status::ended);
    CHECK(after->ending()["summary"] == "1 1 nil 2");
}

TEST_CASE("a game builds its own state while the copy is in use, or when its options differ", "[copies]") {
    const auto lib = Library::in_use();
    const Bot bot = load_bot(lib.scripts_dir / "guild-mat", lib);
    const auto cache = lua::make_script_cache();
    auto first = new_game(bot, 3, cache);
    auto second = new_game(bot, 3, cache);  // the copy is lent to `first`
    CHECK(play(*second) == play(*first));

    json options = resolve_options(bot, {}, nullptr);
    json other = options;
    other["rounds"] = 12;
    first.reset();
    second.reset();
    auto twelve = new_game(bot, 3, cache, other);
    auto built = new_game(bot, 3, nullptr, other);
    CHECK(play(*twelve) == play(*built));
}

namespace {

// Plays to the end without a transcript, as a simulation does: what the game asked, what
// was answered, and how it ended.
std::string play_quietly(Game& game) {
    game.keep_transcript(false);
    game.start();
    std::string log;
    for (std::size_t turn = 0; turn < 5000 && game.status() == Game::Status::question; ++turn) {
        const auto& q = game.question();
        log += std::to_string(q.number) + " " + q.prompt + " [" + q.step + "]";
        for (const auto& c : q.choices) log += " " + c.id;
        log += "\n";
        switch (q.kind) {
            case Question::Kind::ask: game.answer(q.choices[turn % q.choices.size()].id); break;
            case Question::Kind::confirm: game.answer(turn % 2 == 0); break;
            case Question::Kind::number: game.answer(q.min + static_cast<long long>(turn) % (q.max - q.min + 1)); break;
        }
    }
    if (game.status() == Game::Status::failed) return log + "failed: " + game.error();
    return log + game.ending().dump();
}

}  // namespace

TEST_CASE("games started at the warm point play as freshly built ones", "[copies][warm][determinism]") {
    const auto lib = Library::in_use();
    for (const char* id : {"guild-mat", "botmegistus", "zenodotus"}) {
        const Bot bot = load_bot(lib.scripts_dir / id, lib);
        json options = resolve_options(bot, {}, nullptr);
        if (std::string(id) == "zenodotus") options["seats"] = "random,greedy,cautious,greedy";
        const auto cache = lua::make_script_cache();
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            auto copied = new_game(bot, seed, cache, options);
            const std::string from_copy = play_quietly(*copied);
            copied.reset();
            auto built = new_game(bot, seed, nullptr, options);
            const std::string from_build = play_quietly(*built);
            INFO(id << ", seed " << seed);
            CHECK(from_copy.find("\"result\"") != std::string::npos);
            CHECK(from_copy == from_build);
        }
        INFO(id);
        CHECK(lua::warm_starts(*cache) == 4);  // every game after the first
    }
}

TEST_CASE("the warm point of a game is its first question when nothing random comes before", "[copies][warm]") {
    TempDir tmp;
    const auto bot = tiny_bot(tmp, R"lua(
local colour = ui.ask("Colour?", { "red", "blue" })
local roll = random.roll("die", 6)
return { result = "win", summary = colour .. " " .. roll .. " " .. game.seed }
)lua");
    const auto cache = lua::make_script_cache();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto copied = new_game(*bot, seed, cache);
        auto built = new_game(*bot, seed, nullptr);
        CHECK(play_quietly(*copied) == play_quietly(*built));
    }
    CHECK(lua::warm_starts(*cache) == 2);
}

TEST_CASE("a game that reads its seed or draws while a module loads has no warm point", "[copies][warm]") {
    TempDir reads, loads;
    const auto seedy = tiny_bot(reads, R"lua(
local seed = game.seed
local roll = random.roll("die", 6)
return { result = "win", summary = seed .. " " .. roll }
)lua");
    const auto early = tiny_bot(loads, R"lua(
local early = require "early"
return { result = "win", summary = early .. " " .. random.roll("die", 6) }
)lua",
                                {{"early.lua", "return random.roll(\"die\", 6)\n"}});
    for (const Bot* bot : {seedy.get(), early.get()}) {
        const auto cache = lua::make_script_cache();
        for (std::uint64_t seed = 1; seed <= 3; ++seed) {
            auto copied = new_game(*bot, seed, cache);
            auto built = new_game(*bot, seed, nullptr);
            const std::string a = play_quietly(*copied), b = play_quietly(*built);
            CHECK(a == b);
            CHECK(a.find(std::string("\"summary\":\"") + (bot == seedy.get() ? std::to_string(seed) + " " : "")) !=
                  std::string::npos);
        }
        CHECK(lua::warm_starts(*cache) == 0);
    }
}

TEST_CASE("the instruction limit counts across the warm point as if the game never paused", "[copies][warm][limits]") {
    TempDir tmp;
    // Each loop alone fits the limit; both together do not.
    const auto bot = tiny_bot(tmp, R"lua(
local n = 0
for i = 1, 700000 do n = n + i end
local roll = random.roll("die", 6)
for i = 1, 700000 do n = n - i end
return { result = "win", summary = tostring(n + roll) }
)lua");
    Limits limits;
    limits.mode = Limits::Mode::count;
    limits.max_instructions = 2'000'000;
    limits.max_memory = 64u << 20;
    const auto cache = lua::make_script_cache();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto copied = new_game(*bot, seed, cache, nullptr, limits);
        auto built = new_game(*bot, seed, nullptr, nullptr, limits);
        const std::string a = play_quietly(*copied), b = play_quietly(*built);
        INFO(a);
        CHECK(a.find("instructions without asking a question") != std::string::npos);
        CHECK(a == b);
    }
    CHECK(lua::warm_starts(*cache) == 2);
}

TEST_CASE("a coroutine a bot made before its warm point serves the game started from the copy", "[copies][warm]") {
    TempDir tmp;
    const auto bot = tiny_bot(tmp, R"lua(
local later = coroutine.wrap(function() coroutine.yield() return random.roll("later", 6) end)
later()
local first = random.roll("die", 6)
return { result = "win", summary = first .. " " .. later() .. " " .. game.seed }
)lua");
    const auto cache = lua::make_script_cache();
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        auto copied = new_game(*bot, seed, cache);
        auto built = new_game(*bot, seed, nullptr);
        const std::string a = play_quietly(*copied);
        CHECK(a == play_quietly(*built));
        CHECK(a.find(" " + std::to_string(seed) + "\"") != std::string::npos);
    }
    CHECK(lua::warm_starts(*cache) == 2);
}

TEST_CASE("a bot's scripts compiled in advance (Bot::chunks) play the games of its text; damaged ones are not used",
          "[copies][determinism][cache]") {
    const auto lib = Library::in_use();
    for (const std::string id : {"guild-mat", "zenodotus", "botric"}) {
        INFO(id);
        const Bot text = load_bot(lib.scripts_dir / id, lib);
        Bot compiled = text;
        compiled.chunks = lua::compile_bot_scripts(text, lib.scripts_dir / "lib");
        CHECK(compiled.chunks.size() >= 10);
        CHECK(compiled.chunks.count((lib.scripts_dir / id / "main.lua").lexically_normal().string()) == 1);
        Bot damaged = text;
        damaged.chunks = compiled.chunks;
        for (auto& [file, chunk] : damaged.chunks) chunk = chunk.substr(0, chunk.size() / 2);
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            const std::string expected = play(*new_game(text, seed, nullptr));
            CHECK(expected.size() > 1000);
            CHECK(play(*new_game(compiled, seed, nullptr)) == expected);
            CHECK(play(*new_game(compiled, seed, lua::make_script_cache())) == expected);
            CHECK(play(*new_game(damaged, seed, nullptr)) == expected);
        }
    }
}

// Only a compiled function's arrays are frozen (lua_pool.hpp): not a thread's stack, which Lua
// may move into a new block during the load (growing it, or shrinking it after a failed load).
// A stack left in the frozen range would be read-only once sealed, and not copied back.
TEST_CASE("loading compiled chunks for a copied state freezes their code and nothing else", "[copies][pool]") {
    lua::State state(test::test_limits());
    lua_State* L = state.L();
    std::string chunk;
    REQUIRE(luaL_loadstring(L, "local t = {} for i = 1, 10 do t[i] = i * i end return t[10]") == LUA_OK);
    lua_dump(L, lua::append_to_string, &chunk, 0);
    lua_settop(L, 0);

    // A large stack, mostly unused (grown by a call that has returned, and no collection
    // since to shrink it): a failed load shrinks the stack of the thread it ran on.
    lua_gc(L, LUA_GCSTOP);
    lua_pushcfunction(L, [](lua_State* L) {
        if (!lua_checkstack(L, 2000)) return 0;
        for (int i = 0; i < 1500; ++i) lua_pushinteger(L, i);
        return 0;
    });
    lua_call(L, 0, 0);
    auto& pool = state.limits().pool;
    state.limits().freeze_loads = true;
    REQUIRE(lua::load_chunk(L, chunk.substr(0, chunk.size() / 2)) != LUA_OK);  // damaged: refused
    lua_settop(L, 0);
    REQUIRE(lua::load_chunk(L, chunk) == LUA_OK);
    state.limits().freeze_loads = false;
    lua_gc(L, LUA_GCRESTART);
    CHECK(pool.frozen_bytes() > 0);
    pool.seal_frozen();
    // The state goes on working: its stack and everything but the code are writable. Tried
    // in a child, where a write to the sealed range ends the process.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::signal(SIGSEGV, SIG_DFL);
        lua_pushinteger(L, 7);  // onto the stack as it is (LUA_MINSTACK slots are free)
        lua_pushvalue(L, 1);
        if (lua_pcall(L, 0, 1, 0) != LUA_OK || lua_tointeger(L, -1) != 100 || lua_tointeger(L, 2) != 7) _exit(3);
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 0);
}
