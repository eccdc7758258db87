#pragma once
// The Lua engine behind the step machine: one sandboxed lua_State per game.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "domain/script.hpp"

namespace soloist::lua {

std::unique_ptr<ScriptRunner> make_runner(const ScriptSetup& setup);

}  // namespace soloist::lua

namespace soloist::lua {

// Compiles a Lua file as text without running it: the syntax error (file:line: message)
// or nullopt.
std::optional<std::string> compile_only(const std::filesystem::path& file);

}  // namespace soloist::lua
