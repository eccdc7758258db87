#pragma once
// Many headless games with generated answers: the engine of `soloist sim`, `soloist check`
// and the benchmarks.
#include <cmath>
#include <cstdint>
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
    std::set<std::string> steps_entered;           // with SimSettings::note_steps
};

// One game of a run, for a results file: its place in the run, how it ended.
struct GameRecord {
    std::size_t index = 0;  // 0-based: the game's seed is the run's first seed + index
    std::uint64_t seed = 0;
    std::string result;     // the end's result; empty when the game failed
    nlohmann::json scores;  // the end's scores (an object), or null
    std::size_t questions = 0;
    std::string error;      // the first line of the error, when it failed
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
    // from `from` to `to`), in any order of parts; set, the games are recorded.
    std::function<void(std::size_t part, std::vector<GameRecord>&& games)> records;
};

// Games are played and summed in parts of this many: a part is the unit a thread takes.
inline constexpr std::size_t kPart = 256;

// The figures of a run: each result's count and share, each score's min/mean/max, questions a game.
void print_figures(const SimReport& report, std::ostream& out);

// Counts a game that ended into `report`: its result, its numeric scores, its questions.
void tally(SimReport& report, const std::string& result, const nlohmann::json& scores, std::size_t questions);

// Adds a later part of a run to `into`: counts, errors in game order, sums in part order (so a
// run's figures do not depend on how its parts were played). Answers are kept for the first
// `answers_kept` errors only.
void merge_into(SimReport& into, SimReport&& part, std::size_t answers_kept);

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

// Plays `games` games with seeds first_seed, first_seed + 1, ...; no transcript is kept.
SimReport run_games(const Bot& bot, const nlohmann::json& options, const std::optional<HouseRules>& rules,
                    std::uint64_t first_seed, std::size_t games, const Limits& limits, const SimSettings& settings);

}  // namespace soloist::cli
