#pragma once
// Many headless games with generated answers: the engine of `soloist sim`, `soloist check`
// and the benchmarks.
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/game.hpp"
#include "domain/random.hpp"

namespace soloist::cli {

struct SimError {
    std::uint64_t seed;
    std::string message;
    nlohmann::json answers;
};

struct SimReport {
    std::size_t games = 0, ended = 0;
    std::vector<SimError> errors;  // each failed game; answers kept for the first few only
    std::map<std::string, std::size_t> results;
    struct Stat {
        double min = INFINITY, max = -INFINITY, sum = 0;
        std::size_t n = 0;
    };
    std::map<std::string, Stat> scores;
    std::map<std::size_t, std::size_t> questions;  // answers a game took -> games that ended so
    std::map<std::size_t, std::size_t> rounds;     // rounds a game lasted -> games (those whose end says)
    std::set<std::string> steps_entered;           // with SimSettings::note_steps
};

// One game of a run, for a results file: its place in the run, how it ended.
struct GameRecord {
    std::size_t index = 0;  // 0-based: the game's seed is the run's first seed + index
    std::size_t cell = 0;   // 0-based: which cell of a sweep played it
    std::uint64_t seed = 0;
    std::string result;     // the end's result; empty when the game failed
    nlohmann::json scores;  // the end's scores (an object), or null
    std::size_t questions = 0;
    std::string error;      // the first line of the error, when it failed
    nlohmann::json answers;  // when it failed: every answer it was given, to replay it
    std::optional<std::size_t> rounds;  // the rounds it lasted, when its end says (end.rounds)
};

// One set of options and house rules a run plays every game with. A sweep (--option k=a,b or
// --compare-rules) has several, each playing the same seeds.
struct SimCell {
    std::string label;                     // what sets it apart: "difficulty=keeper, rules harder.yaml"
    std::vector<std::string> option_args;  // id=value as on the command line, for replay commands
    std::filesystem::path rules_file;      // empty: none
    nlohmann::json options;                // resolved
    std::optional<HouseRules> rules;
};

// A cell against the first cell, game by game on the same seeds, over the games both ended:
// each result's share and each score, as sums of the differences and of their squares.
struct Difference {
    std::size_t n = 0;
    double sum = 0, sum_sq = 0;
    void add(double d) { ++n, sum += d, sum_sq += d * d; }
};
struct Interval {
    double mean, low, high;
};
struct Paired {
    std::size_t games = 0;                                  // games both cells ended
    std::map<std::string, Difference> results, scores;      // results: 1 had it, 0 not
    // A result's difference in share over all the games both ended (a game where neither cell
    // had it adds 0), with its 95% interval (games >= 2).
    Interval result(const std::string& name) const;
};

// A run's figures: one report a cell, and each later cell against the first.
struct SimRun {
    std::vector<SimReport> cells;
    std::vector<Paired> against_first;  // [c] for cell c >= 1; [0] stays empty
};

// How games are simulated.
struct SimSettings {
    std::string policy = "random";  // random | first
    // A game that asks more questions than this stops as endless (a question whose first
    // answer does not move the game on asks for ever under --answers first).
    std::size_t answer_limit = 10000;
    // Without `narrate`, nobody reads the narration, so the bots' lazy narration (ui.say with
    // format arguments, ui.show with a builder) is not built, which is faster but does not run
    // that code.
    bool narrate = false;
    bool note_steps = false;        // collect the ids of the steps the games entered (narrates)
    std::size_t answers_kept = 20;  // failed games whose answers are kept for a replay
    std::size_t jobs = 1;           // threads; the result is the same for any number
    std::size_t from = 0, to = SIZE_MAX;  // play only games [from, to) of the run (a shard)
    // Called now and then from the threads with the number of games played so far.
    std::function<void(std::size_t)> progress;
    // Called from the threads with each part's games (part k holds games k * kPart on, those
    // from `from` to `to`, each game in every cell before the next game), in any order of
    // parts; set, the games are recorded.
    std::function<void(std::size_t part, std::vector<GameRecord>&& games)> records;
};

// Games are played and summed in parts of this many: a part is the unit a thread takes.
inline constexpr std::size_t kPart = 256;

// The figures of a run: each result's count and share, each score's min/mean/max, questions a game.
void print_figures(const SimReport& report, std::ostream& out);

// Counts a game that ended into `report`: its result, its numeric scores, its questions.
void tally(SimReport& report, const std::string& result, const nlohmann::json& scores, std::size_t questions,
           std::optional<std::size_t> rounds);

// The rounds a game lasted, from its end's `rounds` (a whole number from 0), if it has one.
std::optional<std::size_t> rounds_of(const nlohmann::json& end);

// Adds a later part of a run to `into`: counts, errors in game order, sums in part order (so a
// run's figures do not depend on how its parts were played). Answers are kept for the first
// `answers_kept` errors only.
void merge_into(SimReport& into, SimReport&& part, std::size_t answers_kept);

// Adds one part's games (game by game, every cell's record of a game together) to the paired
// differences against the first cell. Parts are added in order, so the sums do not depend on
// the threads, and `soloist merge` sums a run's records as the run did.
void pair_part(std::vector<Paired>& against_first, const std::vector<GameRecord>& part, std::size_t cells);
void merge_into(Paired& into, const Paired& part);

Interval interval(const Difference& d);
// The 95% Wilson interval of a share of `k` in `n`.
Interval wilson(std::size_t k, std::size_t n);

// The first lines of a run's figures: its games and seeds ("in each of C cells" for a sweep),
// then its errors in all cells.
void print_heading(std::ostream& out, std::size_t games, std::size_t cells, std::uint64_t first_seed,
                   const std::string& answers, std::size_t errors);

// The figures of several cells: each cell's (errors printed by `errors`), then each later cell
// against the first. With one cell, just its figures.
void print_cells(const SimRun& run, const std::vector<std::string>& labels, std::ostream& out,
                 const std::function<void(std::size_t cell, const SimReport&)>& errors);

// The median of a histogram of answers per game (0 when empty).
std::size_t median(const std::map<std::size_t, std::size_t>& histogram);

// A simulated player: "random" picks uniformly among the legal answers, from its own
// generator derived from the game's seed; "first" picks the first option, yes, the minimum.
class SimulatedPlayer final : public AutoPlayer {
public:
    SimulatedPlayer(const std::string& policy, std::uint64_t game_seed);
    long long pick(const Question& q) override;

private:
    bool first_;
    Xoshiro256ss rng_;
};

// Plays `games` games with seeds first_seed, first_seed + 1, ... in every cell; no transcript is kept.
SimRun run_cells(const Bot& bot, const std::vector<SimCell>& cells, std::uint64_t first_seed, std::size_t games,
                 const Limits& limits, const SimSettings& settings);

// The same for one cell.
SimReport run_games(const Bot& bot, const nlohmann::json& options, const std::optional<HouseRules>& rules,
                    std::uint64_t first_seed, std::size_t games, const Limits& limits, const SimSettings& settings);

}  // namespace soloist::cli
