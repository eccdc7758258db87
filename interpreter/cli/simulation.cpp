#include "cli/simulation.hpp"

#include "cli/common.hpp"
#include "lua/lua_runner.hpp"

namespace soloist::cli {

nlohmann::json pick_answer(const Question& q, const std::string& policy, Xoshiro256ss& rng) {
    const bool first = policy == "first";
    switch (q.kind) {
        case Question::Kind::ask:
            return q.choices[first ? 0 : static_cast<std::size_t>(rng.below(q.choices.size()))].id;
        case Question::Kind::confirm: return first ? true : rng.below(2) == 0;
        case Question::Kind::number:
            return first ? q.min : q.min + static_cast<long long>(rng.below(static_cast<std::uint64_t>(q.max - q.min) + 1));
    }
    return nullptr;
}

SimReport run_games(const Bot& bot, const nlohmann::json& options, const std::optional<HouseRules>& rules,
                    std::uint64_t first_seed, std::size_t games, const std::string& policy, const Limits& limits,
                    bool narrate) {
    SimReport report;
    GameSetup every_game;
    every_game.options = options;
    every_game.rules = rules;
    every_game.limits = limits;
    every_game.cache = lua::make_script_cache();
    every_game.lib_dir = Library::from_source_tree().scripts_dir / "lib";
    every_game.created = now_iso();
    for (std::size_t i = 0; i < games; ++i) {
        const std::uint64_t seed = first_seed + i;
        GameSetup setup = every_game;
        setup.seed = seed;
        auto game = make_game(bot, std::move(setup));
        game->keep_transcript(false);
        // Narration is built for a listener that drops it.
        if (narrate) game->set_listener([](const nlohmann::json&) {});
        // The player's answers come from their own generator, derived from the game seed.
        std::uint64_t mix = seed ^ 0x5eed5eed5eed5eedull;
        Xoshiro256ss rng(splitmix64(mix));
        game->start();
        std::size_t guard = 0;
        while (game->status() == Game::Status::question && ++guard < 100000)
            game->answer(pick_answer(game->question(), policy, rng));
        ++report.games;
        auto answers_of = [&] {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& e : game->journal().entries) list.push_back(e.value);
            return list;
        };
        if (game->status() == Game::Status::failed) {
            report.errors.push_back({seed, game->error(), answers_of()});
            continue;
        }
        if (game->status() != Game::Status::ended) {
            report.errors.push_back({seed, "the game did not end after 100000 answers", answers_of()});
            continue;
        }
        ++report.ended;
        const auto& end = game->ending();
        ++report.results[end.value("result", "?")];
        if (end.contains("scores") && end["scores"].is_object())
            for (const auto& [k, v] : end["scores"].items()) {
                if (!v.is_number()) continue;
                auto& st = report.scores[k];
                const double x = v.get<double>();
                st.min = std::min(st.min, x);
                st.max = std::max(st.max, x);
                st.sum += x;
                ++st.n;
            }
    }
    return report;
}

}  // namespace soloist::cli
