#pragma once
// A run's failed games, as sim, check and merge list them: each error's first line, its
// answers written to a file, and the `soloist run` command that replays the game from them.
#include <filesystem>
#include <map>
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
    std::string tag;          // "k=v,rules-F": tells apart the cells of a sweep, the rules of a check
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
    // or nothing (with the reason in `why`) when it cannot be written. BOT-seed-N.answers.yaml;
    // when another cell or rules file of this run failed with the same seed, its own tag is
    // added (BOT-seed-N-k=v.answers.yaml), so no game's answers replace another's.
    std::optional<std::filesystem::path> write(const SimError& e, const Replay& replay, std::string& why);

private:
    std::filesystem::path dir_;
    std::map<std::string, std::string> written_;  // file name -> the replay's options and rules
};

// The errors of one cell, the first `limit` with their replay commands, then how many more.
void print_errors(const SimReport& r, const Replay& replay, FailureFolder& failures, std::ostream& out, std::size_t limit);

}  // namespace soloist::cli
