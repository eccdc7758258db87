// `soloist sim` and `soloist check`: many headless games with generated answers.
#include <cmath>
#include <iostream>
#include <limits>
#include <map>

#include "cli/commands.hpp"
#include "cli/simulation.hpp"
#include "domain/random.hpp"
#include "lua/lua_runner.hpp"

namespace soloist::cli {

namespace {

void print_errors(const SimReport& r, const std::string& bot, std::ostream& out, std::size_t limit) {
    std::size_t shown = 0;
    for (const auto& e : r.errors) {
        if (shown++ == limit) {
            out << "  ... and " << (r.errors.size() - limit) << " more errors\n";
            break;
        }
        const auto first_line = e.message.substr(0, e.message.find('\n'));
        out << "  seed " << e.seed << ": " << first_line << "\n"
            << "    replay: soloist run " << bot << " --seed " << e.seed << " --answers answers.yaml   # answers.yaml: "
            << e.answers.dump() << "\n";
    }
}

}  // namespace

int simulate(const SimArgs& args, const Common& common, std::ostream& out) {
    const Bot bot = load_bot_named(args.request.bot, common);
    std::optional<HouseRules> rules;
    if (!args.request.rules_file.empty()) rules = load_house_rules(args.request.rules_file);
    const auto options = resolve_options(bot, args.request.options, rules ? rules->options : nlohmann::json());
    if (args.answers != "random" && args.answers != "first")
        throw UsageError("--answers must be random or first, not '" + args.answers + "'");
    // Game i plays seed + i: the last seed must not wrap round to 0.
    if (args.games == 0 || args.seed > std::numeric_limits<std::uint64_t>::max() - (args.games - 1))
        throw UsageError("--seed " + std::to_string(args.seed) + " with --games " + std::to_string(args.games) +
                         " would play seeds past 18446744073709551615; lower the seed or the number of games");
    const auto r = run_games(bot, options, rules, args.seed, args.games, args.answers, common.effective_limits(), args.narrate);
    out << "games: " << r.games << " (seeds " << args.seed << " to " << args.seed + args.games - 1 << ", answers "
        << args.answers << ")\n";
    out << "errors: " << r.errors.size() << "\n";
    print_errors(r, bot.id, out, 20);
    for (const auto& [result, n] : r.results)
        out << "result " << result << ": " << n << " (" << std::round(1000.0 * n / std::max<std::size_t>(r.ended, 1)) / 10
            << "%)\n";
    for (const auto& [name, st] : r.scores)
        out << "score " << name << ": min " << st.min << ", mean " << std::round(100 * st.sum / st.n) / 100 << ", max "
            << st.max << "\n";
    return r.errors.empty() ? exit_ok : exit_game_error;
}

int check_bots(const CheckArgs& args, const Common& common, std::ostream& out) {
    const auto lib = common.library();
    std::vector<std::filesystem::path> dirs = args.bots;
    if (dirs.empty()) dirs = find_bots(lib, common.bot_dirs);
    int failed = 0;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(dir / "bot.yaml", ec)) {
            out << dir.string() << ": not a bot folder (it has no bot.yaml)\n";
            ++failed;
            continue;
        }
        Bot bot;
        try {
            bot = load_bot(dir, lib);
        } catch (const ValidationError& e) {
            out << e.what() << "\n" << dir.string() << ": " << problem_count(e.diagnostics) << " problem(s) in the bot's YAML\n";
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
        const auto options = resolve_options(bot, {}, nullptr);
        const auto r = run_games(bot, options, std::nullopt, 1, args.games, "random", common.effective_limits(), true);
        if (!r.errors.empty()) {
            out << bot.id << ": " << r.errors.size() << " of " << r.games << " random games stopped with a script error\n";
            print_errors(r, bot.id, out, 10);
            ++failed;
            continue;
        }
        out << bot.id << ": ok (manifest and " << bot.component_files.size() << " component files valid, " << scripts
            << " Lua files compile, " << r.games << " random games without error)\n";
    }
    return failed ? exit_game_error : exit_ok;
}

}  // namespace soloist::cli
