#pragma once
// The Lua engine behind the step machine: one sandboxed lua_State per game.
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "domain/script.hpp"

namespace soloist::lua {

std::unique_ptr<ScriptRunner> make_runner(const ScriptSetup& setup);

// A cache for the games of one simulation (ScriptSetup::cache): the first game's state is
// built as usual, with every module of the bot compiled, and saved before the bot runs;
// each later game starts from a copy of it. The first game is also saved at its warm point
// (its first call that depends on the seed, or its first question: see lua_warm.cpp), and a
// later game that records no transcript and installs no house rule starts from there. A game
// starts from a fresh build instead when the copy is in use by another game or its options
// or limits differ.
std::shared_ptr<ScriptCache> make_script_cache();
// How many games of the cache started at the warm point.
std::size_t warm_starts(const ScriptCache& cache);

}  // namespace soloist::lua

namespace soloist::lua {

// Compiles a Lua file as text without running it: the syntax error (file:line: message)
// or nullopt.
std::optional<std::string> compile_only(const std::filesystem::path& file);

// Every module of scripts/lib (`lib_dir`) and of the bot's folder compiled from its text as a
// game would compile it (with the host's names line), dumped with its debug information: for
// Bot::chunks. A file that does not compile is left out (a game compiles it and reports it).
std::map<std::string, std::string> compile_bot_scripts(const Bot& bot, const std::filesystem::path& lib_dir);

}  // namespace soloist::lua
