#pragma once
// Many headless games with generated answers: the engine of `soloist sim`, `soloist check`
// and the benchmarks.
#include <cmath>
#include <map>
#include <optional>
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
    std::vector<SimError> errors;
    std::map<std::string, std::size_t> results;
    struct Stat {
        double min = INFINITY, max = -INFINITY, sum = 0;
        std::size_t n = 0;
    };
    std::map<std::string, Stat> scores;
};

// The answer a simulated player gives: "random" (uniform among the legal answers, from
// `rng`) or "first" (the first option, yes, the minimum).
nlohmann::json pick_answer(const Question& q, const std::string& policy, Xoshiro256ss& rng);

// Plays `games` games with seeds first_seed, first_seed + 1, ...; no transcript is kept.
// Without `narrate`, nobody reads the narration, so the bots' lazy narration (ui.say with
// format arguments, ui.show with a builder) is not built, which is faster but does not run
// that code.
SimReport run_games(const Bot& bot, const nlohmann::json& options, const std::optional<HouseRules>& rules,
                    std::uint64_t first_seed, std::size_t games, const std::string& policy, const Limits& limits,
                    bool narrate);

}  // namespace soloist::cli
