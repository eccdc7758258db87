#pragma once
// Helpers for the tests that run Lua: tiny bots written into a throwaway folder (or the
// fixture bots of tests/fixtures/hostile) played through the real step machine.

#include <sys/wait.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <sstream>
#include <string>

#include "cli/common.hpp"
#include "domain/bot.hpp"
#include "domain/game.hpp"
#include "test_support.hpp"

namespace soloist::test {

inline std::filesystem::path hostile_dir() { return fixtures() / "hostile"; }

// A manifest declaring the steps "setup" and "turn".
inline std::string tiny_manifest(const std::string& id = "tiny") {
    return "id: " + id +
           "\nname: Tiny\ngame: Tests\nversion: 1.0.0\ndescription: A bot written by a test.\nentry: main.lua\n"
           "steps:\n  - id: setup\n    description: Setting up.\n  - id: turn\n    description: A turn.\n";
}

// Limits small enough that a runaway test bot stops quickly, generous enough for a real game.
inline Limits test_limits() {
    Limits l;
    l.mode = Limits::Mode::watchdog;
    l.max_seconds = 5.0;
    l.max_memory = 64u << 20;
    return l;
}

// A loaded bot and a started game on it (the bot outlives the game).
struct Played {
    std::unique_ptr<TempDir> tmp;  // the bot's folder, when a test wrote it
    std::unique_ptr<Bot> bot;
    std::unique_ptr<Game> game;

    Game& operator*() const { return *game; }
    Game* operator->() const { return game.get(); }
};

// Starts a game on the bot in `dir`.
inline Played play_dir(const std::filesystem::path& dir, const Limits& limits = test_limits(),
                       std::uint64_t seed = 1) {
    Played p;
    p.bot = std::make_unique<Bot>(load_bot(dir, Library::in_use()));
    GameSetup setup;
    setup.seed = seed;
    setup.limits = limits;
    setup.options = resolve_options(*p.bot, {}, nullptr);
    p.game = cli::make_game(*p.bot, std::move(setup));
    p.game->start();
    return p;
}

// Writes a bot whose main.lua is `main` (plus `files`, relative path -> text) into `tmp`'s
// folder tiny/ and loads it.
inline std::unique_ptr<Bot> tiny_bot(TempDir& tmp, const std::string& main,
                                     const std::map<std::string, std::string>& files = {}) {
    tmp.write("tiny/bot.yaml", tiny_manifest());
    tmp.write("tiny/main.lua", main);
    for (const auto& [name, text] : files) tmp.write("tiny/" + name, text);
    return std::make_unique<Bot>(load_bot(tmp.path() / "tiny", Library::in_use()));
}

// Writes a bot whose main.lua is `main` (plus `files`) and starts it.
inline Played play_lua(const std::string& main, const std::map<std::string, std::string>& files = {},
                       const Limits& limits = test_limits(), std::uint64_t seed = 1) {
    auto tmp = std::make_unique<TempDir>();
    tiny_bot(*tmp, main, files);
    Played p = play_dir(tmp->path() / "tiny", limits, seed);
    p.tmp = std::move(tmp);
    return p;
}

// The summary a bot ended with, or "(failed: <error>)" / "(question: <prompt>)".
inline std::string summary_of(const Played& p) {
    switch (p->status()) {
        case Game::Status::ended: return p->ending().value("summary", "(no summary)");
        case Game::Status::failed: return "(failed: " + p->error() + ")";
        case Game::Status::question: return "(question: " + p->question().prompt + ")";
    }
    return "?";
}

// Runs `expression` (Lua, evaluated in main.lua) and returns tostring of its value.
inline std::string lua_value(const std::string& expression) {
    return summary_of(play_lua("return { result = 'win', summary = tostring(" + expression + ") }\n"));
}

// The error a bot's main.lua stops the game with ("(no error: ...)" when it does not fail).
inline std::string lua_error(const std::string& main, const Limits& limits = test_limits()) {
    Played p = play_lua(main, {}, limits);
    if (p->status() != Game::Status::failed) return "(no error: " + summary_of(p) + ")";
    return p->error();
}

// The whole text of a file ("" if it cannot be read).
inline std::string read_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// A run of the built `soloist` binary: its exit code and standard error.
struct Run {
    int exit_code = -1;  // 124: killed by `timeout`
    std::string err;
};

// Runs `soloist <args>` (arguments already quoted for the shell) under `timeout`, so a
// regression that hangs fails the test instead of blocking the suite.
inline Run run_soloist(const std::string& args, int timeout_seconds = 60) {
    TempDir tmp;
    const auto err = tmp.path() / "stderr";
    const std::string command = "timeout " + std::to_string(timeout_seconds) + " '" SOLOIST_BINARY "' " + args +
                                " > /dev/null 2> '" + err.string() + "'";
    const int status = std::system(command.c_str());
    Run r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = read_text(err);
    return r;
}

}  // namespace soloist::test
