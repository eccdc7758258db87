#pragma once
// A run's failed games, as sim, check and merge list them: each error's first line, its
// answers written to a file, and the `soloist run` command that replays the game from them.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/simulation.hpp"

namespace soloist::cli {

// What replays one of a run's games: the same bot folders, bot, options and house rules.
struct Replay {
    std::string before_seed;  // "soloist --bots D run BOT"
    std::string after_seed;   // " --option k=v --rules F"
    std::string bot_id;
};

// `bot_ref` is the bot as the run named it (an id or a folder); `options` as id=value.
Replay replay_of(const std::vector<std::filesystem::path>& bot_dirs, const std::string& bot_ref, const std::string& bot_id,
                 const std::vector<std::string>& options, const std::filesystem::path& rules);

// The folder for failed games' answers: the one asked for, else a fresh one under the
// temporary folder, made when the first failed game needs it.
class FailureFolder {
public:
    explicit FailureFolder(std::filesystem::path asked) : dir_(std::move(asked)) {}

    // Writes a failed game's answers (a YAML list, one answer a line) and returns the file,
    // or nothing (with the reason in `why`) when it cannot be written.
    std::optional<std::filesystem::path> write(const SimError& e, const Replay& replay, std::string& why);

private:
    std::filesystem::path dir_;
};

// The errors of one cell, the first `limit` with their replay commands, then how many more.
void print_errors(const SimReport& r, const Replay& replay, FailureFolder& failures, std::ostream& out, std::size_t limit);

}  // namespace soloist::cli
