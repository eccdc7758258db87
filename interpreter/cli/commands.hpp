#pragma once
// The headless commands of `soloist`.
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cli/common.hpp"

namespace soloist::cli {

struct ListArgs {
    std::vector<std::string> bots;  // ids or folders; empty: every bot found
    bool ids = false;               // only the ids, one a line
    bool option_names = false;      // only the bots' option ids, one a line
};
int list_bots(const ListArgs& args, const Common& common, std::ostream& out);

// The folders Soloist uses (`soloist paths`, `soloist --version --verbose`).
int print_paths(const Common& common, std::ostream& out);

struct NewBotArgs {
    std::string id;
    std::filesystem::path dir;  // the bot goes in dir/id; empty: the player's bots folder
};
// Writes a starting bot folder from the data root's scripts/templates/new-bot.
int new_bot(const NewBotArgs& args, const Common& common, std::ostream& out);

struct RunArgs {
    GameRequest request;
    std::filesystem::path answers;
    std::filesystem::path transcript;  // "-" or empty: stdout
};
int run_headless(const RunArgs& args, const Common& common);

struct ReplayArgs {
    std::filesystem::path journal;
    std::filesystem::path transcript;
    std::optional<std::size_t> until;  // replay only this many entries
    bool force = false;
};
int replay_journal(const ReplayArgs& args, const Common& common);

struct TestArgs {
    std::vector<std::filesystem::path> scenarios;  // files or folders; empty: every bot's
    bool update_golden = false;
};
int run_scenarios(const TestArgs& args, const Common& common, std::ostream& out);

struct SimArgs {
    GameRequest request;
    std::size_t games = 1000;
    std::uint64_t seed = 1;
    std::string answers = "random";  // random | first
    bool narrate = false;  // build the narration too (slower; soloist check always does)
    std::size_t answer_limit = 10000;  // a game asking more questions stops as endless
    std::size_t jobs = 0;              // threads; 0: the machine's cores
    bool progress = false;             // a progress line on standard error
    std::filesystem::path results;     // one record a game: JSON Lines, or CSV (.csv)
    std::optional<std::pair<std::uint64_t, std::uint64_t>> shard;  // --shard K/N
    std::filesystem::path failures;    // where failed games' answers go (empty: a fresh temporary folder)
    std::vector<std::filesystem::path> compare_rules;  // cells with each house rules file, besides none
};
int simulate(const SimArgs& args, const Common& common, std::ostream& out);

struct CheckArgs {
    std::vector<std::filesystem::path> bots;  // empty: every bot
    std::size_t games = 200;
    std::filesystem::path failures;  // where failed games' answers go (empty: a fresh temporary folder)
};
int check_bots(const CheckArgs& args, const Common& common, std::ostream& out);

}  // namespace soloist::cli
