#include "cli/simulation.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <ostream>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>

#include "cli/common.hpp"
#include "lua/lua_runner.hpp"

namespace soloist::cli {

SimulatedPlayer::SimulatedPlayer(const std::string& policy, std::uint64_t game_seed)
    : first_(policy == "first"), rng_([game_seed] {
          std::uint64_t mix = game_seed ^ 0x5eed5eed5eed5eedull;
          return splitmix64(mix);
      }()) {}

long long SimulatedPlayer::pick(const Question& q) {
    switch (q.kind) {
        case Question::Kind::ask: return first_ ? 0 : static_cast<long long>(rng_.below(q.choices.size()));
        case Question::Kind::confirm: return first_ || rng_.below(2) == 0 ? 1 : 0;
        case Question::Kind::number:
            return first_ ? q.min : q.min + static_cast<long long>(rng_.below(static_cast<std::uint64_t>(q.max - q.min) + 1));
    }
    return 0;
}

std::size_t median(const std::map<std::size_t, std::size_t>& histogram) {
    std::size_t total = 0;
    for (const auto& [value, n] : histogram) total += n;
    std::size_t seen = 0;
    for (const auto& [value, n] : histogram)
        if ((seen += n) * 2 >= total) return value;  // the lower median of an even count
    return 0;
}

void print_figures(const SimReport& r, std::ostream& out) {
    for (const auto& [result, n] : r.results)
        out << "result " << result << ": " << n << " (" << std::round(1000.0 * n / std::max<std::size_t>(r.ended, 1)) / 10
            << "%)\n";
    for (const auto& [name, st] : r.scores)
        out << "score " << name << ": min " << st.min << ", mean " << std::round(100 * st.sum / st.n) / 100 << ", max "
            << st.max << "\n";
    if (r.questions.empty()) return;
    // "questions a game: median 42, mean 41.28, min 22, max 43"; returns the games counted.
    auto lengths = [&out](const char* what, const std::map<std::size_t, std::size_t>& histogram) {
        std::size_t games = 0, sum = 0;
        for (const auto& [n, count] : histogram) {
            games += count;
            sum += n * count;
        }
        out << what << " a game: median " << median(histogram) << ", mean "
            << std::round(100.0 * static_cast<double>(sum) / static_cast<double>(games)) / 100 << ", min "
            << histogram.begin()->first << ", max " << histogram.rbegin()->first;
        return games;
    };
    const std::size_t ended = lengths("questions", r.questions);
    out << "\n";
    if (r.rounds.empty()) return;
    if (const std::size_t said = lengths("rounds", r.rounds); said < ended) out << " (the " << said << " games whose end says)";
    out << "\n";
}

std::optional<std::size_t> rounds_of(const nlohmann::json& end) {
    const auto it = end.find("rounds");
    if (it == end.end() || !it->is_number_integer() || it->get<long long>() < 0) return std::nullopt;
    return it->get<std::size_t>();
}

void tally(SimReport& report, const std::string& result, const nlohmann::json& scores, std::size_t questions,
           std::optional<std::size_t> rounds) {
    ++report.ended;
    ++report.questions[questions];
    if (rounds) ++report.rounds[*rounds];
    ++report.results[result];
    if (!scores.is_object()) return;
    for (const auto& [k, v] : scores.items()) {
        if (!v.is_number()) continue;
        auto& st = report.scores[k];
        const double x = v.get<double>();
        st.min = std::min(st.min, x);
        st.max = std::max(st.max, x);
        st.sum += x;
        ++st.n;
    }
}

namespace {

// Games [first, first + count) of a run, one after another on one state cache.
SimReport play_range(const Bot& bot, const GameSetup& every_game, std::uint64_t first_seed, std::size_t first,
                     std::size_t count, const SimSettings& settings, std::size_t cell, std::vector<GameRecord>* records) {
    const std::size_t max_answers = settings.answer_limit;
    SimReport report;
    for (std::size_t i = first; i < first + count; ++i) {
        const std::uint64_t seed = first_seed + i;
        GameSetup setup = every_game;
        setup.seed = seed;
        auto game = make_game(bot, std::move(setup));
        game->keep_transcript(false);
        // Narration is built for a listener that drops it (and notes the steps entered).
        if (settings.note_steps)
            game->set_listener([&report](const nlohmann::json& e) {
                if (const auto it = e.find("event"); it != e.end() && *it == "step") report.steps_entered.insert(e.value("id", ""));
            });
        else if (settings.narrate)
            game->set_listener([](const nlohmann::json&) {});
        // The player answers inside the bot's flow where it can (Game::play_by); the rest
        // (the first game's warm point, narrated games) through answer().
        SimulatedPlayer player(settings.policy, seed);
        game->play_by(player, max_answers);
        game->start();
        while (game->status() == Game::Status::question && game->journal().entries.size() < max_answers)
            game->answer(game->question().answer_for(player.pick(game->question())).value_or(nullptr));
        ++report.games;
        // A failed game's error, and the answers that replay it.
        std::string error;
        if (game->status() == Game::Status::failed)
            error = game->error();
        else if (game->status() != Game::Status::ended)
            error = "the game did not end after " + std::to_string(max_answers) +
                    " answers (raise the cap with --answer-limit if a game is truly this long)";
        nlohmann::json answers = nlohmann::json::array();
        if (!error.empty())
            for (const auto& e : game->journal().entries) answers.push_back(e.value);
        if (records) {
            GameRecord r;
            r.index = i;
            r.cell = cell;
            r.seed = seed;
            r.questions = game->journal().entries.size();
            if (error.empty()) {
                r.result = game->ending().value("result", "?");
                r.rounds = rounds_of(game->ending());
                if (const auto it = game->ending().find("scores"); it != game->ending().end() && it->is_object()) r.scores = *it;
            } else {
                r.error = error.substr(0, error.find('\n'));
                r.answers = answers;
            }
            records->push_back(std::move(r));
        }
        if (!error.empty()) {
            report.errors.push_back({seed, std::move(error),
                                     report.errors.size() < settings.answers_kept ? std::move(answers) : nlohmann::json::array()});
            continue;
        }
        const auto& end = game->ending();
        const auto scores = end.find("scores");
        tally(report, end.value("result", "?"), scores == end.end() ? nlohmann::json() : *scores,
              game->journal().entries.size(), rounds_of(end));
    }
    return report;
}

}  // namespace

void merge_into(SimReport& into, SimReport&& part, std::size_t answers_kept) {
    into.games += part.games;
    into.ended += part.ended;
    for (auto& e : part.errors) {
        if (into.errors.size() >= answers_kept) e.answers = nlohmann::json::array();
        into.errors.push_back(std::move(e));
    }
    for (const auto& [k, n] : part.results) into.results[k] += n;
    for (const auto& [k, st] : part.scores) {
        auto& t = into.scores[k];
        t.min = std::min(t.min, st.min);
        t.max = std::max(t.max, st.max);
        t.sum += st.sum;
        t.n += st.n;
    }
    for (const auto& [q, n] : part.questions) into.questions[q] += n;
    for (const auto& [q, n] : part.rounds) into.rounds[q] += n;
    into.steps_entered.insert(part.steps_entered.begin(), part.steps_entered.end());
}

void merge_into(Paired& into, const Paired& part) {
    into.games += part.games;
    auto add = [](std::map<std::string, Difference>& to, const std::map<std::string, Difference>& from) {
        for (const auto& [k, d] : from) {
            auto& t = to[k];
            t.n += d.n;
            t.sum += d.sum;
            t.sum_sq += d.sum_sq;
        }
    };
    add(into.results, part.results);
    add(into.scores, part.scores);
}

void pair_part(std::vector<Paired>& against_first, const std::vector<GameRecord>& part, std::size_t cells) {
    if (cells < 2) return;
    against_first.resize(cells);
    std::vector<Paired> sums(cells);
    for (std::size_t g = 0; g + cells <= part.size(); g += cells) {
        const GameRecord& base = part[g];
        if (!base.error.empty()) continue;
        for (std::size_t c = 1; c < cells; ++c) {
            const GameRecord& other = part[g + c];
            if (!other.error.empty()) continue;
            Paired& p = sums[c];
            ++p.games;
            // A result neither had adds 0: its sums need no entry (n is the games both ended).
            if (other.result != base.result) {
                p.results[other.result].add(1);
                p.results[base.result].add(-1);
            } else {
                p.results[base.result].add(0);
            }
            if (!base.scores.is_object() || !other.scores.is_object()) continue;
            for (const auto& [k, v] : other.scores.items())
                if (const auto it = base.scores.find(k); v.is_number() && it != base.scores.end() && it->is_number())
                    p.scores[k].add(v.get<double>() - it->get<double>());
        }
    }
    for (std::size_t c = 1; c < cells; ++c) merge_into(against_first[c], sums[c]);
}

Interval interval(const Difference& d) {
    const double n = static_cast<double>(d.n), mean = d.sum / n;
    const double variance = d.n > 1 ? std::max(0.0, (d.sum_sq - d.sum * mean) / (n - 1)) : 0;
    const double half = 1.959963984540054 * std::sqrt(variance / n);
    return {mean, mean - half, mean + half};
}

Interval Paired::result(const std::string& name) const {
    Difference all;
    if (const auto it = results.find(name); it != results.end()) all = it->second;
    all.n = games;
    return interval(all);
}

Interval wilson(std::size_t k, std::size_t n) {
    if (n == 0) return {0, 0, 1};
    const double z = 1.959963984540054, nn = static_cast<double>(n), p = static_cast<double>(k) / nn;
    const double centre = (p + z * z / (2 * nn)) / (1 + z * z / nn);
    const double half = z * std::sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / (1 + z * z / nn);
    // At a share of 0 or 1 an end of the interval is the share itself, whatever the rounding.
    return {p, std::clamp(centre - half, 0.0, p), std::clamp(centre + half, p, 1.0)};
}

namespace {

// "+1.25" with two decimals and its sign; "0" for a zero.
std::string signed_figure(double x, double scale) {
    char text[64];
    const double v = std::round(x * scale * 100) / 100;
    std::snprintf(text, sizeof text, v == 0 ? "%.2f" : "%+.2f", v == 0 ? 0.0 : v);
    return text;
}

}  // namespace

void print_heading(std::ostream& out, std::size_t games, std::size_t cells, std::uint64_t first_seed,
                   const std::string& answers, std::size_t errors) {
    out << "games: " << games;
    if (cells > 1) out << " in each of " << cells << " cells, on the same seeds";
    out << " (seeds " << first_seed << " to " << first_seed + games - 1 << ", answers " << answers << ")\n";
    out << (cells == 1 ? "errors: " : "errors in all cells: ") << errors << "\n";
}

void print_cells(const SimRun& run, const std::vector<std::string>& labels, std::ostream& out,
                 const std::function<void(std::size_t, const SimReport&)>& errors) {
    if (run.cells.size() == 1) {
        errors(0, run.cells[0]);
        print_figures(run.cells[0], out);
        return;
    }
    for (std::size_t c = 0; c < run.cells.size(); ++c) {
        out << "== cell " << c + 1 << ": " << labels[c] << "\n";
        out << "errors: " << run.cells[c].errors.size() << "\n";
        errors(c, run.cells[c]);
        print_figures(run.cells[c], out);
    }
    for (std::size_t c = 1; c < run.cells.size(); ++c) {
        const Paired& p = run.against_first[c];
        out << "== cell " << c + 1 << " against cell 1, game by game over the " << p.games
            << " games both ended (95% intervals)\n";
        if (p.games < 2) continue;
        for (const auto& [result, d] : p.results) {
            const auto i = p.result(result);
            out << "result " << result << ": " << signed_figure(i.mean, 100) << " points (" << signed_figure(i.low, 100)
                << " to " << signed_figure(i.high, 100) << ")\n";
        }
        for (const auto& [name, d] : p.scores) {
            if (d.n < 2) continue;
            const auto i = interval(d);
            out << "score " << name << ": " << signed_figure(i.mean, 1) << " (" << signed_figure(i.low, 1) << " to "
                << signed_figure(i.high, 1) << ")\n";
        }
    }
}

SimRun run_cells(const Bot& bot, const std::vector<SimCell>& cells, std::uint64_t first_seed, std::size_t games,
                 const Limits& limits, const SimSettings& settings) {
    std::vector<GameSetup> every_game(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c) {
        every_game[c].options = cells[c].options;
        every_game[c].rules = cells[c].rules;
        every_game[c].limits = limits;
        every_game[c].lib_dir = Library::in_use().scripts_dir / "lib";
        every_game[c].created = now_iso();
    }
    // The games go in parts of kPart, each a report of its own, summed in part order: the
    // result depends on the seed and the games, not on how many threads played them.
    // Parts are counted from game 0 of the run, also in a shard, whose first and last part may
    // be partial: the parts of the shards of a run are the parts of the whole run.
    const std::size_t from = std::min(settings.from, games), to = std::min(settings.to, games);
    const std::size_t first_part = from / kPart, parts = from < to ? (to - 1) / kPart + 1 - first_part : 0;
    const std::size_t ncells = cells.size();
    // A finished part waits in `waiting` only until every part before it is summed into `run`:
    // a thread's part finishes about when the others' do, so a few wait, however many games.
    SimRun run;
    run.cells.resize(ncells);
    run.against_first.resize(ncells);
    struct Finished {
        std::vector<SimReport> cells;
        std::vector<Paired> paired;
    };
    std::map<std::size_t, Finished> waiting;
    std::size_t next_to_sum = 0;
    std::mutex summing;
    auto sum_in_order = [&](std::size_t k, Finished&& part) {
        std::lock_guard lock(summing);
        waiting.emplace(k, std::move(part));
        for (auto it = waiting.begin(); it != waiting.end() && it->first == next_to_sum; it = waiting.erase(it)) {
            for (std::size_t c = 0; c < ncells; ++c)
                merge_into(run.cells[c], std::move(it->second.cells[c]), settings.answers_kept);
            for (std::size_t c = 1; c < it->second.paired.size(); ++c)
                merge_into(run.against_first[c], it->second.paired[c]);
            ++next_to_sum;
        }
    };
    const bool keep_records = settings.records || ncells > 1;
    std::atomic<std::size_t> next{0}, finished{0};
    auto worker = [&] {
        std::vector<GameSetup> mine = every_game;
        for (auto& setup : mine) setup.cache = lua::make_script_cache();  // one state at a time per cache: one per thread and cell
        for (std::size_t k; (k = next.fetch_add(1)) < parts;) {
            const std::size_t part = first_part + k;
            const std::size_t first = std::max(from, part * kPart), last = std::min(to, (part + 1) * kPart);
            std::vector<std::vector<GameRecord>> by_cell(ncells);
            Finished finished_part{std::vector<SimReport>(ncells), {}};
            for (std::size_t c = 0; c < ncells; ++c)
                finished_part.cells[c] = play_range(bot, mine[c], first_seed, first, last - first, settings, c,
                                        keep_records ? &by_cell[c] : nullptr);
            std::vector<GameRecord> records;  // game by game, each game's cells together
            if (keep_records) {
                records.reserve((last - first) * ncells);
                for (std::size_t g = 0; g < last - first; ++g)
                    for (auto& cell : by_cell) records.push_back(std::move(cell[g]));
                pair_part(finished_part.paired, records, ncells);
            }
            sum_in_order(k, std::move(finished_part));
            if (settings.records) settings.records(part, std::move(records));
            finished.fetch_add(last - first);
            if (settings.progress) settings.progress(finished.load());
        }
    };
    const std::size_t jobs = std::max<std::size_t>(1, std::min(settings.jobs, parts));
    std::vector<std::thread> threads;
    for (std::size_t t = 1; t < jobs; ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();
    return run;
}

SimReport run_games(const Bot& bot, const nlohmann::json& options, const std::optional<HouseRules>& rules,
                    std::uint64_t first_seed, std::size_t games, const Limits& limits, const SimSettings& settings) {
    SimCell cell;
    cell.options = options;
    cell.rules = rules;
    return std::move(run_cells(bot, {cell}, first_seed, games, limits, settings).cells[0]);
}

}  // namespace soloist::cli
