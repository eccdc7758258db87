// soloist: runs solo board-game bots. Exit codes: 0 ok, 1 game or validation error, 2 usage.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <limits>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/commands.hpp"
#include "cli/report.hpp"
#include "cli/results.hpp"
#include "cli/terminal.hpp"
#ifdef SOLOIST_COMPANION_BUILT_IN
#include "companion/http_server.hpp"
#endif
#include "domain/data_root.hpp"
#include "domain/diagnostics.hpp"
#include "domain/journal.hpp"

using namespace soloist;
using namespace soloist::cli;

namespace {

// Numbers are taken as text and checked by the parsers of common.hpp once CLI11 is done, so
// that every command refuses the same way what is out of range (CLI11 would wrap -1 into an
// unsigned option, and take 1e300 or nan as a time).
const char* const kSeedHelp = "The game seed, 0 to 18446744073709551615; drawn and printed when missing";

// Returns the --seed option, whose help says what happens without it.
CLI::Option* add_game_options(CLI::App* cmd, GameRequest& r, std::string& seed_text, const char* seed_help,
                              bool seed_required) {
    cmd->add_option("BOT", r.bot, "The bot's id (see soloist list) or the path of its folder")->required();
    auto* seed = cmd->add_option("--seed", seed_text, seed_help);
    if (seed_required) seed->required();
    cmd->add_option("--option", r.options, "An option of the bot as id=value (repeatable)")->allow_extra_args(false);
    cmd->add_option("--rules", r.rules_file, "A house rules file (YAML overlay)");
    return seed;
}

#ifndef SOLOIST_COMPANION_BUILT_IN
// `soloist serve` becomes the companion's program, which takes the same command line and the
// data root found here (its own folder is not the one the data is installed beside).
int run_companion(char** argv) {
    const std::filesystem::path program = find_companion_program(this_process_search().program);
    ::setenv("SOLOIST_HOME", data_root().dir.c_str(), 1);
    ::execv(program.c_str(), argv);
    std::cerr << "soloist: cannot run " << program.string() << ": " << std::strerror(errno) << "\n";
    return exit_game_error;
}
#endif

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Soloist runs the automa opponents of solo board games: it shuffles, draws, rolls and walks the bot's "
                 "flowchart, and asks you only what it cannot see."};
    app.require_subcommand(1);
    app.fallthrough();  // global options may also follow the command
    app.set_version_flag("--version", std::string("soloist ") + SOLOIST_VERSION,
                         "Print the version and exit (with --verbose: the folders Soloist uses, as soloist paths)");
    Common common;
    bool verbose = false, quiet = false;
    // One folder a use: `check --bots DIR BOT` must leave BOT to the command.
    auto* bots_opt = app.add_option("--bots", common.bot_dirs,
                                    "A folder of bot folders, searched before your bots and the bundled ones (repeatable)")
                         ->allow_extra_args(false);
    auto* verbose_opt = app.add_flag("--verbose,-v", verbose, "Log what Soloist does (to standard error)");
    app.add_flag("--quiet,-q", quiet, "Log errors only");
    std::string max_seconds, max_memory, max_instructions;
    auto* max_seconds_opt = app.add_option("--max-seconds", max_seconds,
                                           "Time a bot may run between two questions, in seconds (above 0, at most 3600)");
    auto* max_memory_opt = app.add_option("--max-memory", max_memory, "Memory a bot may use, in MiB (1 to 65536)");
    auto* max_instructions_opt =
        app.add_option("--max-instructions", max_instructions,
                       "Instructions a bot may run between two questions (with --limits count; 1 or more)");
    app.add_option("--limits", common.limits_mode, "How runaway scripts are stopped")
        ->check(CLI::IsMember({"watchdog", "count", "none"}));

    ListArgs list_args;
    auto* list = app.add_subcommand("list", "The bots found, with their options");
    list->add_option("BOT", list_args.bots, "Only these bots, by id or folder");
    list->add_flag("--ids", list_args.ids, "Only the bots' ids, one a line");
    list->add_flag("--option-names", list_args.option_names, "Only the bots' option ids, one a line");

    PlayArgs play_args;
    auto* play_cmd = app.add_subcommand("play", "Play a game in the terminal (or resume one with --journal)");
    play_cmd->add_option("BOT", play_args.request.bot, "The bot's id or folder (not needed to resume a journal)");
    std::string play_seed, run_seed, sim_seed, until_text, check_games, sim_games, sim_answer_limit, sim_jobs, sim_shard;
    auto* play_seed_opt = play_cmd->add_option("--seed", play_seed, kSeedHelp);
    play_cmd->add_option("--option", play_args.request.options, "An option of the bot as id=value (repeatable)");
    play_cmd->add_option("--rules", play_args.request.rules_file, "A house rules file (YAML overlay)");
    play_cmd->add_option("--journal", play_args.journal, "Save the game here; if the file exists, resume it");
    play_cmd->add_flag("--force", play_args.force, "Resume a journal of other bot files");

    auto* games_cmd = app.add_subcommand("games", "The saved games you can resume");

    RunArgs run_args;
    auto* run_cmd = app.add_subcommand("run", "Play a game headless from a file of answers; print the transcript");
    auto* run_seed_opt = add_game_options(run_cmd, run_args.request, run_seed,
                                          "The game seed, 0 to 18446744073709551615 (a headless run replays one game, so it names its seed)", true);
    run_cmd->add_option("--answers", run_args.answers, "A YAML list of answers, or a journal")->required();
    run_cmd->add_option("--transcript", run_args.transcript, "Write the transcript (JSON Lines) here instead of stdout");

    ReplayArgs replay_args;
    auto* replay_cmd = app.add_subcommand("replay", "Replay a journal; print the transcript");
    replay_cmd->add_option("JOURNAL", replay_args.journal, "The journal file")->required();
    replay_cmd->add_option("--transcript", replay_args.transcript, "Write the transcript here instead of stdout");
    auto* until_opt = replay_cmd->add_option("--until", until_text, "Replay only the first N answers (0 to 100000000)");
    replay_cmd->add_flag("--force", replay_args.force, "Replay a journal of other bot files and report where it diverges");

    CheckArgs check_args;
    auto* check_cmd = app.add_subcommand("check", "Validate bots, compile their Lua and play random games");
    check_cmd->add_option("BOT_DIR", check_args.bots, "Bots, by id or folder (default: every bot)");
    auto* check_games_opt = check_cmd->add_option("--games", check_games, "Random games to play per bot (1 to 100000000)");
    check_cmd->add_option("--failures", check_args.failures,
                          "Write failed games' answers into this folder (default: a new temporary folder)");

    TestArgs test_args;
    auto* test_cmd = app.add_subcommand("test", "Run scenario files (default: every scenario of every bot)");
    test_cmd->add_option("SCENARIO", test_args.scenarios, "Scenario files, folders, or bot ids (their scenarios)");
    test_cmd->add_flag("--update-golden", test_args.update_golden, "Rewrite golden transcripts");

    SimArgs sim_args;
    auto* sim_cmd = app.add_subcommand("sim", "Simulate many headless games");
    auto* sim_seed_opt = add_game_options(sim_cmd, sim_args.request, sim_seed,
                                          "The first game's seed, 0 to 18446744073709551615 (default 1); game i plays seed + i", false);
    auto* sim_games_opt = sim_cmd->add_option("--games", sim_games, "How many games (1 to 100000000)");
    sim_cmd->add_option("--answers", sim_args.answers, "How the simulated player answers")
        ->check(CLI::IsMember({"random", "first"}));
    auto* sim_limit_opt = sim_cmd->add_option("--answer-limit", sim_answer_limit,
                                              "Stop a game as endless after this many answers (1 to 100000000; default 10000)");
    auto* sim_jobs_opt = sim_cmd->add_option("--jobs,-j", sim_jobs,
                                             "Threads to play on (1 to 1024; default: the machine's cores); the result is the same for any number");
    auto* sim_shard_opt = sim_cmd->add_option("--shard", sim_shard,
                                              "Play only the K-th of N even runs of the games, K/N (merge their --results with soloist merge)");
    sim_cmd->add_option("--results", sim_args.results,
                        "Write one record a game to this file: JSON Lines, or CSV when it ends in .csv");
    sim_cmd->add_option("--failures", sim_args.failures,
                        "Write failed games' answers into this folder (default: a new temporary folder)");
    sim_cmd->get_option("--option")->description(
        "An option of the bot as id=value (repeatable); id=a,b,c or the same id again sweeps its values, each set of "
        "values a cell playing the same seeds");
    sim_cmd->add_option("--compare-rules", sim_args.compare_rules,
                        "Also play every game with this house rules file (repeatable), besides without house rules");
    sim_cmd->add_flag("--narrate", sim_args.narrate,
                      "Also build the narration nobody reads (slower; soloist check always does)");

    std::vector<std::filesystem::path> merge_files;
    auto* merge_cmd = app.add_subcommand("merge", "Merge the --results of a run's shards into the run's figures");
    merge_cmd->add_option("RESULTS", merge_files, "The shards' results files (JSON Lines)")->required();
    std::filesystem::path merge_failures;
    merge_cmd->add_option("--failures", merge_failures,
                          "Write failed games' answers into this folder (default: a new temporary folder), as sim does");

    std::vector<std::filesystem::path> report_files_given;
    std::filesystem::path report_out;
    auto* report_cmd = app.add_subcommand("report", "Write a run's results as one HTML page with plots (no network needed to open it)");
    report_cmd->add_option("RESULTS", report_files_given, "The run's --results file, or its shards' (JSON Lines)")->required();
    report_cmd->add_option("-o,--output", report_out, "The HTML file to write")->required();

    std::string serve_listen = "127.0.0.1";
    std::string serve_port = "8080";
    auto* serve_cmd = app.add_subcommand("serve", "Serve the table companion: a page to play any bot from a phone or a browser");
    serve_cmd->add_option("--port", serve_port, "The port (1 to 65535, or 0 for any free one; default 8080)");
    serve_cmd->add_option("--listen", serve_listen,
                          "The address to listen on (default 127.0.0.1, this machine only; 0.0.0.0 reaches phones on "
                          "your network, with a token)");

    NewBotArgs new_args;
    auto* new_cmd = app.add_subcommand("new", "Write a starting bot folder that check and test pass (docs/authoring.md)");
    new_cmd->add_option("BOT_ID", new_args.id, "The new bot's id: lower-case letters, digits and dashes, like my-bot")
        ->required();
    new_cmd->add_option("--dir", new_args.dir,
                        "Write the bot in DIR/BOT_ID (default: your bots folder, where Soloist finds it by id)");

    auto* paths_cmd = app.add_subcommand("paths", "The folders Soloist uses: its data, your bots, your saved games");

    // An unknown command gets a suggestion rather than CLI11's generic complaint.
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.empty() || word[0] == '-') {
            const bool joined = word.find('=') != std::string::npos;  // --max-seconds=5 holds its value
            if (!joined && (word == "--bots" || word.rfind("--max-", 0) == 0 || word == "--limits")) ++i;  // skip its value
            continue;
        }
        std::vector<std::string> commands;
        for (const auto* sub : app.get_subcommands([](CLI::App*) { return true; })) commands.push_back(sub->get_name());
        if (std::find(commands.begin(), commands.end(), word) == commands.end()) {
            std::cerr << "soloist: unknown command '" << word << "'" << did_you_mean(word, commands)
                      << "; commands: " << join(commands) << "\n";
            return exit_usage;
        }
        break;
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        if (verbose_opt->count()) {
            // --bots may come after --version: its values are parsed, not yet stored.
            const auto given = bots_opt->results();
            common.bot_dirs.assign(given.begin(), given.end());
            return print_paths(common, std::cout);
        }
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return exit_usage;
    }

    auto logger = spdlog::stderr_color_mt("soloist");
    spdlog::set_default_logger(logger);
    spdlog::set_level(verbose ? spdlog::level::debug : quiet ? spdlog::level::err : spdlog::level::warn);

    try {
        // The numbers: usage errors (exit 2) before anything runs.
        if (max_seconds_opt->count()) common.limits.max_seconds = seconds_option("--max-seconds", max_seconds);
        if (max_memory_opt->count())
            common.max_memory_mib = static_cast<double>(count_option("--max-memory", max_memory, 1, kMaxMemoryMib, "MiB"));
        if (max_instructions_opt->count())
            common.limits.max_instructions =
                count_option("--max-instructions", max_instructions, 1, std::numeric_limits<std::uint64_t>::max());
        if (play_seed_opt->count()) play_args.request.seed = seed_option("--seed", play_seed);
        if (run_seed_opt->count()) run_args.request.seed = seed_option("--seed", run_seed);
        if (sim_seed_opt->count()) sim_args.request.seed = seed_option("--seed", sim_seed);
        if (check_games_opt->count()) check_args.games = count_option("--games", check_games, 1, kMaxCount);
        if (sim_games_opt->count()) sim_args.games = count_option("--games", sim_games, 1, kMaxCount);
        if (sim_limit_opt->count()) sim_args.answer_limit = count_option("--answer-limit", sim_answer_limit, 1, kMaxCount);
        if (sim_jobs_opt->count()) sim_args.jobs = count_option("--jobs", sim_jobs, 1, 1024);
        if (sim_shard_opt->count()) {
            const auto slash = sim_shard.find('/');
            if (slash == std::string::npos || sim_shard.find('/', slash + 1) != std::string::npos)
                throw UsageError("--shard must be K/N, e.g. 2/8, not '" + sim_shard + "'");
            sim_args.shard = {count_option("--shard", sim_shard.substr(0, slash), 0, kMaxCount),
                              count_option("--shard", sim_shard.substr(slash + 1), 0, kMaxCount)};
        }
        sim_args.progress = !quiet && isatty(STDERR_FILENO);
        if (until_opt->count()) replay_args.until = count_option("--until", until_text, 0, kMaxCount);

        if (*list) return list_bots(list_args, common, std::cout);
        if (*paths_cmd) return print_paths(common, std::cout);
        if (*new_cmd) return new_bot(new_args, common, std::cout);
        if (*games_cmd) return list_games(std::cout);
        if (*play_cmd) {
            if (play_args.request.bot.empty() && play_args.journal.empty())
                throw UsageError("play needs a BOT, or --journal FILE to resume");
            return play(play_args, common, std::cin, std::cout);
        }
        if (*run_cmd) return run_headless(run_args, common);
        if (*replay_cmd) return replay_journal(replay_args, common);
        if (*check_cmd) return check_bots(check_args, common, std::cout);
        if (*test_cmd) return run_scenarios(test_args, common, std::cout);
        if (*sim_cmd) {
            sim_args.seed = sim_args.request.seed.value_or(1);
            return simulate(sim_args, common, std::cout);
        }
        if (*merge_cmd) return merge_results(merge_files, merge_failures, std::cout);
        if (*report_cmd) return write_report(report_files_given, report_out);
        if (*serve_cmd) {
            const int port = static_cast<int>(count_option("--port", serve_port, 0, 65535));
#ifdef SOLOIST_COMPANION_BUILT_IN
            companion::ServeOptions serve_options;
            serve_options.listen = serve_listen;
            serve_options.port = port;
            return companion::serve(common, serve_options, std::cout);
#else
            (void)port;
            return run_companion(argv);
#endif
        }
    } catch (const UsageError& e) {
        std::cerr << "soloist: " << e.what() << "\n";
        return exit_usage;
    } catch (const ValidationError& e) {
        std::cerr << e.what() << "\n";
        return exit_game_error;
    } catch (const JournalError& e) {
        std::cerr << e.what() << "\n";
        return exit_game_error;
    } catch (const std::exception& e) {
        std::cerr << "soloist: " << e.what() << "\n";
        return exit_game_error;
    }
    return exit_ok;
}
