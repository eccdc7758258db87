// `soloist sim` and `soloist check`: many headless games with generated answers.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>
#include <iostream>
#include <limits>
#include <map>
#include <set>
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "cli/commands.hpp"
#include "cli/failures.hpp"
#include "cli/results.hpp"
#include "cli/simulation.hpp"
#include "cli/sweep.hpp"
#include "domain/atomic_file.hpp"
#include "domain/random.hpp"
#include "lua/lua_runner.hpp"

namespace soloist::cli {

namespace {

// "12800 of 100000 games, 5321 games/s, 16 s left" on standard error, at most twice a second,
// over itself; cleared at the end.
class Progress {
public:
    explicit Progress(std::size_t games) : games_(games), start_(std::chrono::steady_clock::now()) {}
    void update(std::size_t done) {
        std::lock_guard guard(lock_);
        const auto now = std::chrono::steady_clock::now();
        if (now - shown_ < std::chrono::milliseconds(500) && done < games_) return;
        shown_ = now;
        const double seconds = std::chrono::duration<double>(now - start_).count();
        const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
        char line[160];
        std::snprintf(line, sizeof line, "\r%zu of %zu games, %.0f games/s, %.0f s left   ", done, games_, rate,
                      rate > 0 ? static_cast<double>(games_ - done) / rate : 0.0);
        std::fputs(line, stderr);
        std::fflush(stderr);
    }
    void finish() {
        std::fputs("\r\033[K", stderr);
        std::fflush(stderr);
    }

private:
    std::mutex lock_;
    std::size_t games_;
    std::chrono::steady_clock::time_point start_, shown_{};
};


}  // namespace

int simulate(const SimArgs& args, const Common& common, std::ostream& out) {
    const Bot bot = load_bot_named(args.request.bot, common);
    const std::vector<SimCell> cells = sweep_cells(bot, args.request, args.compare_rules);
    if (args.answers != "random" && args.answers != "first")
        throw UsageError("--answers must be random or first, not '" + args.answers + "'");
    // Game i plays seed + i: the last seed must not wrap round to 0.
    if (args.games == 0 || args.seed > std::numeric_limits<std::uint64_t>::max() - (args.games - 1))
        throw UsageError("--seed " + std::to_string(args.seed) + " with --games " + std::to_string(args.games) +
                         " would play seeds past 18446744073709551615; lower the seed or the number of games");
    SimSettings settings;
    settings.policy = args.answers;
    settings.narrate = args.narrate;
    settings.answer_limit = args.answer_limit;
    settings.jobs = args.jobs ? args.jobs : std::max(1u, std::thread::hardware_concurrency());
    // Shard K of N: the K-th of N runs of consecutive games, as even as can be.
    if (args.shard) {
        const auto [k, n] = *args.shard;
        if (n == 0 || k == 0 || k > n || n > args.games)
            throw UsageError("--shard " + std::to_string(k) + "/" + std::to_string(n) + ": K must be from 1 to N, and N from 1 to the " +
                             std::to_string(args.games) + " games");
        settings.from = (k - 1) * args.games / n;
        settings.to = k * args.games / n;
    }
    Progress progress(settings.to == SIZE_MAX ? args.games : settings.to - settings.from);
    if (args.progress) settings.progress = [&progress](std::size_t done) { progress.update(done); };
    std::optional<ResultsWriter> results;
    if (!args.results.empty()) {
        nlohmann::json cell_list = nlohmann::json::array();
        for (const auto& c : cells)
            cell_list.push_back({{"label", c.label}, {"options", c.options},
                                 {"rules", c.rules ? c.rules->to_json() : nlohmann::json()}});
        nlohmann::json header = {{"soloist_results", 1}, {"soloist", SOLOIST_VERSION}, {"bot", bot.id}, {"version", bot.version},
                                 {"files", bot.content_hash}, {"cells", cell_list}, {"answers", args.answers},
                                 {"first_seed", args.seed}, {"games", args.games},
                                 {"answer_limit", settings.answer_limit}, {"narrate", settings.narrate}};
        // How this run named its bot, options and house rules, so that merge lists a failed game
        // with the command sim gives (not part of what makes two files one run).
        nlohmann::json replay_cells = nlohmann::json::array();
        for (const auto& c : cells)
            replay_cells.push_back({{"options", c.option_args}, {"rules", c.rules_file.string()}});
        header["replay"] = {{"bot", args.request.bot}, {"cells", replay_cells}};
        // Where the bot was found, for the commands that replay a failed game (not part of what
        // makes two files one run: shards may run in other folders).
        if (!common.bot_dirs.empty()) {
            header["bots"] = nlohmann::json::array();
            for (const auto& d : common.bot_dirs) header["bots"].push_back(d.generic_string());
        }
        if (args.shard) {
            header["shard"] = std::to_string(args.shard->first) + "/" + std::to_string(args.shard->second);
            header["from"] = settings.from;
            header["to"] = settings.to;
        }
        results.emplace(args.results, header, settings.from / kPart);
        settings.records = [&results](std::size_t part, std::vector<GameRecord>&& games) {
            results->add(part, std::move(games));
        };
    }
    const SimRun run = run_cells(bot, cells, args.seed, args.games, common.effective_limits(), settings);
    if (args.progress) progress.finish();
    if (results) results->finish();
    if (args.shard)
        out << "shard " << args.shard->first << "/" << args.shard->second << " of " << args.games << " games: games "
            << settings.from << " to " << settings.to - 1 << "\n";
    const std::uint64_t first = args.seed + (args.shard ? settings.from : 0);
    std::size_t errors = 0;
    for (const auto& c : run.cells) errors += c.errors.size();
    print_heading(out, run.cells[0].games, cells.size(), first, args.answers, errors);
    FailureFolder failures(args.failures);
    std::vector<std::string> labels;
    for (const auto& c : cells) labels.push_back(c.label);
    print_cells(run, labels, out, [&](std::size_t c, const SimReport& r) {
        print_errors(r, replay_of(common.bot_dirs, args.request.bot, bot.id, cells[c].option_args, cells[c].rules_file), failures, out,
                     settings.answers_kept);
    });
    return errors == 0 ? exit_ok : exit_game_error;
}

int check_bots(const CheckArgs& args, const Common& common, std::ostream& out) {
    const auto lib = common.library();
    std::vector<std::filesystem::path> dirs = args.bots;
    if (dirs.empty()) dirs = find_bots(lib, common.bot_dirs);
    int failed = 0;
    for (auto dir : dirs) {
        std::error_code ec;
        bool by_id = args.bots.empty();
        // A bot's id is as good as its folder, as for play and sim.
        if (!std::filesystem::exists(dir, ec) && dir.string().find('/') == std::string::npos) {
            try {
                dir = resolve_bot(dir.string(), lib, common.bot_dirs);
                by_id = true;
            } catch (const UsageError& e) {
                out << e.what() << "\n";
                ++failed;
                continue;
            }
        }
        if (!std::filesystem::is_regular_file(dir / "bot.yaml", ec)) {
            out << dir.string() << ": not a bot folder (it has no bot.yaml)\n";
            ++failed;
            continue;
        }
        Bot bot;
        try {
            bot = load_bot(dir, lib);
        } catch (const ValidationError& e) {
            out << e.what() << "\n" << dir.string() << ": " << counted(problem_count(e.diagnostics), "problem") << " in the bot's YAML\n";
            ++failed;
            continue;
        }
        std::size_t scripts = 0, syntax = 0;
        for (const auto& root : {dir, lib.scripts_dir / "lib"})
            for (const auto& e : std::filesystem::recursive_directory_iterator(root, ec)) {
                if (e.path().extension() != ".lua") continue;
                ++scripts;
                if (auto problem = lua::compile_only(e.path())) {
                    out << *problem << "\n";
                    ++syntax;
                }
            }
        if (syntax) {
            out << bot.id << ": " << syntax << " Lua file(s) do not compile\n";
            ++failed;
            continue;
        }
        // The bot as it comes, then with each house rule it ships (rules/*.yaml, by name).
        std::vector<std::filesystem::path> overlays;
        for (const auto& e : std::filesystem::directory_iterator(dir / "rules", ec))
            if (e.path().extension() == ".yaml" && overlays.size() < 100) overlays.push_back(e.path());
        std::sort(overlays.begin(), overlays.end());
        const std::string bot_ref = by_id ? bot.id : dir.string();
        SimSettings settings;
        settings.narrate = true;
        settings.note_steps = true;
        settings.jobs = std::max(1u, std::thread::hardware_concurrency());
        settings.answers_kept = 10;
        FailureFolder failures(args.failures);
        std::set<std::string> entered;
        std::size_t games = 0, failed_games = 0;
        bool bad = false;
        for (std::size_t k = 0; k <= overlays.size(); ++k) {
            const bool with_rules = k > 0;
            std::optional<HouseRules> rules;
            const std::string label = with_rules ? bot.id + " with " + overlays[k - 1].string() : bot.id;
            nlohmann::json options;
            try {
                if (with_rules) rules = load_house_rules(overlays[k - 1]);
                options = resolve_options(bot, {}, rules ? rules->options : nlohmann::json());
            } catch (const ValidationError& e) {
                out << e.what() << "\n" << label << ": " << counted(problem_count(e.diagnostics), "problem") << " in the house rules\n";
                bad = true;
                continue;
            } catch (const std::runtime_error& e) {
                out << label << ": " << e.what() << "\n";
                bad = true;
                continue;
            }
            const auto r = run_games(bot, options, rules, 1, args.games, common.effective_limits(), settings);
            games += r.games;
            entered.insert(r.steps_entered.begin(), r.steps_entered.end());
            failed_games += r.errors.size();
            if (!r.errors.empty()) {
                out << label << ": " << r.errors.size() << " of " << r.games << " random games stopped with a script error\n";
                print_errors(r, replay_of(common.bot_dirs, bot_ref, bot.id, {}, with_rules ? overlays[k - 1] : std::filesystem::path()),
                             failures, out, settings.answers_kept);
                bad = true;
            }
        }
        // A declared step no game entered: a house rule hooking it would never run.
        std::size_t unentered = 0;
        for (const auto& step : bot.steps)
            if (!entered.count(step.id)) {
                out << bot.id << ": warning: step '" << step.id << "' is declared in bot.yaml but no game.step entered it in "
                    << counted(games, "random game") << "; "
                    << (failed_games ? counted(failed_games, "game") + " stopped with a script error first: fix those and check again"
                                     : std::string("a house rule hooking it would never run (is it wrapped with game.step?)"))
                    << "\n";
                ++unentered;
            }
        if (bad) {
            ++failed;
            continue;
        }
        const auto files = bot.component_files.size();
        out << bot.id << ": ok (manifest and " << counted(files, "component file") << " valid, " << scripts
            << (scripts == 1 ? " Lua file compiles, " : " Lua files compile, ") << counted(games, "random game")
            << " without error";
        if (!overlays.empty()) out << ", " << counted(overlays.size(), "house rule") << " from rules/ included";
        if (unentered) out << "; " << counted(unentered, "warning");
        out << ")\n";
    }
    return failed ? exit_game_error : exit_ok;
}

}  // namespace soloist::cli
