// Soloist benchmarks. Prints its figures; run from the repository root:
//   build/soloist_bench [--games N] [--starts N] [--cold-starts N] [--zenodotus-games N] [--reference-games N]
//                       [--rss-games N] [--rounds N]
// 1. time from `soloist run` start to the first question (separate processes; median)
// 2. headless guild-mat games per second on one core, random answers
// 3. the cost of the sandbox limits: games/s without limits vs with each kind of limit
// 4. Zenodotus games per second on one core, four bot seats
// 5. sim --jobs 2 against --jobs 1 (guild-mat), and the machine's ceiling: two processes at once
// 6. every bundled bot: time from exec to the first question of `soloist play BOT` with a fresh
//    journal (median; the cache of checked bots warm, and cold), headless games per second on one
//    core, and the share of those games' CPU time outside Lua's own code (bench/vm_share.*);
//    the peak memory of play, and of a long simulation against a short one (--rss-games)
// 7. soloist merge of 100 shards of 10,000 games (1,000,000 records of a guild-mat run)
// 8. guild-mat against its no-host reference (bench/reference/guild-mat.lua, the same games as
//    one plain Lua file run by the stock lua5.4; tests/cli/reference.sh keeps them the same):
//    games/s of the whole `soloist sim guild-mat --jobs 1` process and of the whole lua5.4
//    process on one core, alternately, and their ratio (--reference-games a run)
#include <sys/resource.h>
#include <sys/wait.h>
#include <spawn.h>
#include <unistd.h>
#include <fcntl.h>

#include <algorithm>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <filesystem>
#include <fstream>

#include "cli/common.hpp"
#include "cli/results.hpp"
#include "cli/simulation.hpp"
#include "vm_share.hpp"

extern char** environ;

using namespace soloist;
using clock_type = std::chrono::steady_clock;

static double seconds_since(clock_type::time_point t0) {
    return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// Starts `args` (args[0] the program) with `actions`; exits the bench when it cannot.
static pid_t spawn(std::vector<std::string> args, const posix_spawn_file_actions_t& actions) {
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ) != 0) {
        std::perror("posix_spawn");
        std::exit(1);
    }
    return pid;
}

// Wall time of `soloist run guild-mat` with no answers: it starts, loads and checks the bot,
// runs to the first question, prints the transcript so far, and exits.
static double time_to_first_question(const std::string& soloist, const std::string& answers) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const auto t0 = clock_type::now();
    const pid_t pid = spawn({soloist, "--quiet", "run", "guild-mat", "--seed", "7", "--answers", answers}, actions);
    int status = 0;
    waitpid(pid, &status, 0);
    const double t = seconds_since(t0);
    posix_spawn_file_actions_destroy(&actions);
    return t;
}

// Waits for a process that must succeed; exits the bench when it did not.
static void wait_for_success(pid_t pid, const std::string& what) {
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "bench: %s failed (status %d)\n", what.c_str(), status);
        std::exit(1);
    }
}

// Games per second of `n` separate `soloist sim guild-mat --jobs 1` processes at once, each on
// its own seeds: what the machine gives two independent programs, the ceiling of --jobs.
static double processes_games_per_second(const std::string& soloist, std::size_t n, std::size_t games) {
    std::vector<pid_t> pids;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    const auto t0 = clock_type::now();
    for (std::size_t k = 0; k < n; ++k) {
        pids.push_back(spawn({soloist, "sim", "guild-mat", "--jobs", "1", "--games", std::to_string(games),
                              "--seed", std::to_string(1 + k * games)}, actions));
    }
    for (const pid_t pid : pids) wait_for_success(pid, "soloist sim");
    posix_spawn_file_actions_destroy(&actions);
    return static_cast<double>(n * games) / seconds_since(t0);
}

// Games per second of one whole process that plays `games` games (`args`), from its spawn to
// its exit, its output thrown away.
static double process_games_per_second(const std::vector<std::string>& args, std::size_t games) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    const auto t0 = clock_type::now();
    wait_for_success(spawn(args, actions), args[0]);
    const double t = seconds_since(t0);
    posix_spawn_file_actions_destroy(&actions);
    return static_cast<double>(games) / t;
}

// The program's path, from the folders of $PATH; empty when none has it.
static std::string on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "/usr/bin:/bin";
    for (std::size_t from = 0; from <= dirs.size();) {
        std::size_t to = dirs.find(':', from);
        if (to == std::string::npos) to = dirs.size();
        const std::string candidate = (to > from ? dirs.substr(from, to - from) : ".") + "/" + program;
        if (access(candidate.c_str(), X_OK) == 0) return candidate;
        from = to + 1;
    }
    return "";
}

// Wall time from exec to the first question of `soloist play BOT --journal NEW`: until its
// prompt ("\n> ") has come out on the pipe. Then its input closes and it quits.
struct Start {
    double seconds;
    long peak_rss_kib;
};
static Start time_to_first_prompt(const std::string& soloist, const std::string& bot, const std::string& journal) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) std::exit(1);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, in[1]);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const auto t0 = clock_type::now();
    const pid_t pid = spawn({soloist, "--quiet", "play", bot, "--journal", journal}, actions);
    close(in[0]);
    close(out[1]);
    std::string seen;
    char buffer[4096];
    double t = -1;
    for (ssize_t n; (n = read(out[0], buffer, sizeof buffer)) > 0;) {
        seen.append(buffer, static_cast<std::size_t>(n));
        if (seen.find("\n> ") != std::string::npos) {
            t = seconds_since(t0);
            break;
        }
    }
    close(in[1]);  // end of input: play quits
    close(out[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    posix_spawn_file_actions_destroy(&actions);
    if (t < 0) {
        std::fprintf(stderr, "bench: soloist play %s printed no question\n", bot.c_str());
        std::exit(1);
    }
    return {t, usage.ru_maxrss};
}

// Peak resident memory (KiB) of a whole `args` process, waited for.
static long peak_rss_kib(const std::vector<std::string>& args) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    const pid_t pid = spawn(args, actions);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    posix_spawn_file_actions_destroy(&actions);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "bench: %s failed\n", args[0].c_str());
        std::exit(1);
    }
    return usage.ru_maxrss;
}

static double games_per_second(const Bot& bot, std::size_t games, Limits::Mode mode,
                               const std::vector<std::string>& set = {}, std::size_t jobs = 1) {
    Limits limits;
    limits.mode = mode;
    const auto options = resolve_options(bot, set, nullptr);
    cli::SimSettings settings;
    settings.jobs = jobs;
    const auto t0 = clock_type::now();
    const auto report = cli::run_games(bot, options, std::nullopt, 1, games, limits, settings);
    const double t = seconds_since(t0);
    if (!report.errors.empty()) {
        std::fprintf(stderr, "bench: %zu games stopped with an error, e.g. %s\n", report.errors.size(),
                     report.errors[0].message.c_str());
        std::exit(1);
    }
    return static_cast<double>(games) / t;
}

static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The lowest and highest round, so a reader sees how steady the machine was.
static std::string spread(const std::vector<double>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    char text[64];
    std::snprintf(text, sizeof text, "%.0f-%.0f", *lo, *hi);
    return text;
}

int main(int argc, char** argv) {
    std::size_t games = 5000, starts = 41, cold_starts = 5, zenodotus_games = 1000, reference_games = 10000, rounds = 5,
                rss_games = 1000000;
    static const char* usage =
        "usage: build/soloist_bench [--games N] [--starts N] [--cold-starts N] [--zenodotus-games N]\n"
        "                           [--reference-games N] [--rss-games N] [--rounds N]\n"
        "Prints Soloist's speed and memory figures (see the comment at the top of bench/bench.cpp).\n";
    const std::pair<const char*, std::size_t*> counts[] = {
        {"--games", &games},         {"--starts", &starts},       {"--cold-starts", &cold_starts},
        {"--zenodotus-games", &zenodotus_games}, {"--reference-games", &reference_games},
        {"--rss-games", &rss_games}, {"--rounds", &rounds}};
    for (int i = 1; i < argc; i += 2) {
        if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
            std::fputs(usage, stdout);
            return 0;
        }
        std::size_t* count = nullptr;
        for (const auto& [flag, to] : counts)
            if (!std::strcmp(argv[i], flag)) count = to;
        char* end = nullptr;
        const unsigned long long n = i + 1 < argc ? std::strtoull(argv[i + 1], &end, 10) : 0;
        if (!count || i + 1 >= argc || end == argv[i + 1] || *end || n < 1 || n > 100000000 || argv[i + 1][0] == '-') {
            std::fprintf(stderr, "soloist_bench: %s%s: expected one of the flags below with a count from 1 to 100000000\n%s",
                         argv[i], count ? " needs a count" : " is not a flag of the bench", usage);
            return 2;
        }
        *count = static_cast<std::size_t>(n);
    }
    // The cache of checked bots of every soloist the bench starts: a folder of its own, not the user's.
    struct Folder {
        std::filesystem::path path;
        ~Folder() { std::filesystem::remove_all(path); }
    };
    char cache_template[] = "/tmp/soloist-bench-cache-XXXXXX";
    const Folder bench_cache{mkdtemp(cache_template)};
    setenv("XDG_CACHE_HOME", bench_cache.path.c_str(), 1);
    std::string self = argv[0];
    const std::string soloist = self.substr(0, self.rfind('/') + 1) + "soloist";

    // Pin to one core, as the goals are stated per core (until the --jobs figure).
    cpu_set_t every;
    sched_getaffinity(0, sizeof every, &every);
    cpu_set_t one_core;
    CPU_ZERO(&one_core);
    CPU_SET(0, &one_core);
    sched_setaffinity(0, sizeof one_core, &one_core);

    char answers[] = "/tmp/soloist-bench-XXXXXX";
    const int fd = mkstemp(answers);
    if (fd < 0 || write(fd, "[]\n", 3) != 3) return 1;
    close(fd);
    std::vector<double> t;
    time_to_first_question(soloist, answers);  // warm the file cache
    for (std::size_t i = 0; i < starts; ++i) t.push_back(time_to_first_question(soloist, answers));
    unlink(answers);
    std::sort(t.begin(), t.end());
    std::printf("time to first question (soloist run, %zu runs): median %.1f ms, min %.1f ms, max %.1f ms (goal: median < 30 ms)\n",
                starts, 1000 * t[t.size() / 2], 1000 * t.front(), 1000 * t.back());

    // Each figure is the median of several rounds, the modes interleaved within a round, so that
    // a burst of load from elsewhere on the machine moves one sample, not a whole figure.
    // Bots load as soloist sim loads them: through the cache of checked bots, their scripts
    // compiled there (Bot::chunks), which a simulation's copied state is built from.
    const auto lib = Library::in_use();
    const Bot bot = cli::load_bot_cached(lib.scripts_dir / "guild-mat", lib);
    games_per_second(bot, games / 10, Limits::Mode::watchdog);  // warm up
    std::vector<double> none, watchdog, count;
    for (std::size_t r = 0; r < rounds; ++r) {
        none.push_back(games_per_second(bot, games, Limits::Mode::none));
        watchdog.push_back(games_per_second(bot, games, Limits::Mode::watchdog));
        count.push_back(games_per_second(bot, games, Limits::Mode::count));
    }
    std::printf("guild-mat games per second, one core, random answers (%zu games a round, median of %zu rounds):\n",
                games, rounds);
    std::printf("  limits watchdog (default): %.0f games/s (goal: >= 5000; rounds %s)\n", median(watchdog),
                spread(watchdog).c_str());
    std::printf("  no limits:                 %.0f games/s (rounds %s)\n", median(none), spread(none).c_str());
    std::printf("  limits count (hook):       %.0f games/s (rounds %s)\n", median(count), spread(count).c_str());
    std::printf("cost of the limits as a ratio of games/s without them: watchdog %.3f, count hook %.3f\n",
                median(watchdog) / median(none), median(count) / median(none));

    const Bot zenodotus = cli::load_bot_cached(lib.scripts_dir / "zenodotus", lib);
    const std::vector<std::string> four_bots = {"seats=random,greedy,cautious,greedy"};
    games_per_second(zenodotus, zenodotus_games / 10 + 1, Limits::Mode::watchdog, four_bots);  // warm up
    std::vector<double> zen;
    for (std::size_t r = 0; r < rounds; ++r)
        zen.push_back(games_per_second(zenodotus, zenodotus_games, Limits::Mode::watchdog, four_bots));
    std::printf("zenodotus games per second, one core, four bot seats (%s, %zu games a round, median of %zu rounds): "
                "%.0f games/s (goal: >= 2000; rounds %s)\n",
                four_bots[0].c_str() + 6, zenodotus_games, rounds, median(zen), spread(zen).c_str());

    // sim --jobs: two threads against one on every core, the same games, in A-B-B-A order within
    // each round so that a drift of the machine's speed cancels; the figure is the median of
    // the rounds' ratios (a virtual machine's neighbours make single rounds swing widely).
    sched_setaffinity(0, sizeof every, &every);
    std::vector<double> one, two, ratios, ceilings;
    for (std::size_t r = 0; r < 2 * rounds + 1; ++r) {
        const double a1 = games_per_second(bot, 2 * games, Limits::Mode::watchdog, {}, 1);
        const double b1 = games_per_second(bot, 2 * games, Limits::Mode::watchdog, {}, 2);
        const double p1 = processes_games_per_second(soloist, 2, games);
        const double p2 = processes_games_per_second(soloist, 2, games);
        const double b2 = games_per_second(bot, 2 * games, Limits::Mode::watchdog, {}, 2);
        const double a2 = games_per_second(bot, 2 * games, Limits::Mode::watchdog, {}, 1);
        one.push_back((a1 + a2) / 2);
        two.push_back((b1 + b2) / 2);
        ratios.push_back((b1 + b2) / (a1 + a2));
        ceilings.push_back((p1 + p2) / (a1 + a2));
    }
    auto range = [](const std::vector<double>& v) {
        char text[64];
        std::snprintf(text, sizeof text, "%.2f-%.2f", *std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
        return std::string(text);
    };
    std::printf("guild-mat sim --jobs 2 against --jobs 1 (%zu games a run, A-B-C-C-B-A rounds, median of %zu, %u cores): %.0f and "
                "%.0f games/s, ratio %.2f (goal: >= 1.9 on 2 cores; rounds %s; games/s %s and %s)\n",
                2 * games, ratios.size(), std::thread::hardware_concurrency(), median(two), median(one), median(ratios),
                range(ratios).c_str(), spread(two).c_str(), spread(one).c_str());
    std::printf("  the machine's ceiling, two separate soloist sim --jobs 1 processes at once against --jobs 1: ratio %.2f "
                "(rounds %s); --jobs 2 reaches %.2f of it\n",
                median(ceilings), range(ceilings).c_str(), median(ratios) / median(ceilings));

    // Every bundled bot: the first question of play, and games per second on one core. Each
    // play gets a new journal; the cache of checked bots is a folder of the bench's own: cold
    // (a new, empty one for each start: the bot checked in full) and warm (one folder, written
    // by an unmeasured start). While the games run, the CPU is sampled: the share outside Lua.
    sched_setaffinity(0, sizeof one_core, &one_core);
    std::printf("every bundled bot (play: exec to the first question printed, new journal, median of %zu with the cache of "
                "checked bots warm, of %zu cold; sim: one core, random answers, median of %zu rounds of about a second; "
                "outside Lua: share of CPU samples of those rounds not in Lua's own code):\n",
                starts, cold_starts, rounds);
    char journals[] = "/tmp/soloist-bench-play-XXXXXX";
    const std::filesystem::path journal_dir = mkdtemp(journals);
    long play_rss = 0;
    for (const auto& dir : find_bots(lib, {})) {
        if (dir.parent_path() != lib.scripts_dir) continue;  // the bundled ones only
        const Bot b = cli::load_bot_cached(dir, lib);
        std::size_t started = 0;
        auto first_question = [&](const std::filesystem::path& cache) {
            setenv("XDG_CACHE_HOME", cache.c_str(), 1);
            const auto journal = journal_dir / (b.id + "-" + std::to_string(started++) + ".journal");
            const Start start = time_to_first_prompt(soloist, b.id, journal.string());
            play_rss = std::max(play_rss, start.peak_rss_kib);
            return start.seconds;
        };
        std::vector<double> cold, warm;
        for (std::size_t i = 0; i < cold_starts; ++i) cold.push_back(first_question(journal_dir / ("cold-" + std::to_string(i))));
        first_question(journal_dir / "warm");  // writes the entry
        for (std::size_t i = 0; i < starts; ++i) warm.push_back(first_question(journal_dir / "warm"));
        const double calibrate = games_per_second(b, 50, Limits::Mode::watchdog);
        const std::size_t n = std::max<std::size_t>(50, static_cast<std::size_t>(calibrate));
        std::vector<double> rate;
        bench::CpuSampler sampler;
        sampler.start();
        for (std::size_t r = 0; r < rounds; ++r) rate.push_back(games_per_second(b, n, Limits::Mode::watchdog));
        const auto samples = sampler.stop();
        std::string why_not;
        const bench::TimeShares shares = bench::classify(samples, SOLOIST_LUA_LIBRARY, why_not);
        std::sort(warm.begin(), warm.end());
        std::printf("  %-12s first question %.1f ms (goal < 10 ms; %.1f-%.1f), cold %.1f ms; %.0f games/s (rounds %s)\n",
                    b.id.c_str(), 1000 * median(warm), 1000 * warm.front(), 1000 * warm.back(), 1000 * median(cold),
                    median(rate), spread(rate).c_str());
        if (shares.samples == 0) {
            std::printf("               outside Lua: not measured (%s)\n", why_not.c_str());
            continue;
        }
        // Samples are a random draw of the CPU time: the share's 95% interval, by the normal
        // approximation of the binomial (about +-2 points at 1,000 samples).
        const double p = shares.outside(), half = 1.96 * std::sqrt(p * (1 - p) / static_cast<double>(shares.samples));
        std::printf("               outside Lua %.1f%% (+-%.1f) of %zu samples (goal < 15%%): the Lua C API from Soloist's code %.1f%%, "
                    "Soloist's C++ %.1f%%, the C library from Soloist's code %.1f%% (inside: Lua's own calls of the C API "
                    "and C library %.1f%%, Lua's calls of its allocator %.1f%%); most:",
                    100 * p, 100 * half, shares.samples, 100 * shares.api, 100 * shares.host, 100 * shares.c_library,
                    100 * shares.lua_through_api, 100 * shares.lua_allocator);
        for (const auto& [name, share] : shares.top_outside)
            std::printf(" %s %.1f%%,", name.substr(0, 90).c_str(), 100 * share);
        std::printf("\n");
    }
    setenv("XDG_CACHE_HOME", bench_cache.path.c_str(), 1);
    std::filesystem::remove_all(journal_dir);
    std::printf("peak resident memory of soloist play to its first question: %.1f MiB (the largest of every bot's starts)\n",
                static_cast<double>(play_rss) / 1024);

    // Peak memory of a long simulation against a short one: flat, not growing with the games.
    {
        const auto rss = [&](std::size_t n) {
            return static_cast<double>(peak_rss_kib({soloist, "sim", "guild-mat", "--games", std::to_string(n), "--seed", "1",
                                                     "--jobs", "2"})) / 1024;
        };
        sched_setaffinity(0, sizeof every, &every);
        const double small = rss(10000), large = rss(rss_games);
        std::printf("peak resident memory of soloist sim guild-mat --jobs 2: %.1f MiB for 10,000 games, %.1f MiB for %zu games "
                    "(ratio %.2f: flat is 1)\n", small, large, rss_games, large / small);
        sched_setaffinity(0, sizeof one_core, &one_core);
    }

    // merge: 100 shard files of a 1,000,000-game run. The records are those of 10,000 real
    // guild-mat games, numbered again for each shard (merge checks every game's number and seed).
    {
        constexpr std::size_t kShards = 100, kPerShard = 10000, kGames = kShards * kPerShard;
        std::vector<cli::GameRecord> played;
        std::mutex lock;
        cli::SimSettings settings;
        settings.jobs = 2;
        settings.records = [&](std::size_t, std::vector<cli::GameRecord>&& g) {
            std::lock_guard guard(lock);
            for (auto& r : g) played.push_back(std::move(r));
        };
        Limits limits;
        cli::run_games(bot, resolve_options(bot, {}, nullptr), std::nullopt, 1, kPerShard, limits, settings);
        std::sort(played.begin(), played.end(), [](const auto& a, const auto& b) { return a.index < b.index; });
        char folder_template[] = "/tmp/soloist-bench-merge-XXXXXX";
        const std::filesystem::path folder = mkdtemp(folder_template);
        std::vector<std::filesystem::path> files;
        for (std::size_t k = 0; k < kShards; ++k) {
            const std::size_t from = k * kPerShard, to = from + kPerShard;
            nlohmann::json cells = nlohmann::json::array({{{"label", ""}, {"options", resolve_options(bot, {}, nullptr)}, {"rules", nullptr}}});
            const nlohmann::json header = {{"soloist_results", 1}, {"bot", bot.id}, {"version", bot.version},
                                           {"files", bot.content_hash}, {"cells", cells}, {"answers", "random"},
                                           {"first_seed", 1}, {"games", kGames}, {"shard", std::to_string(k + 1) + "/100"},
                                           {"from", from}, {"to", to}};
            files.push_back(folder / ("shard-" + std::to_string(k + 1) + ".jsonl"));
            cli::ResultsWriter writer(files.back(), header, from / cli::kPart);
            std::map<std::size_t, std::vector<cli::GameRecord>> parts;
            for (std::size_t i = from; i < to; ++i) {
                cli::GameRecord r = played[i - from];
                r.index = i;
                r.seed = 1 + i;
                parts[i / cli::kPart].push_back(std::move(r));
            }
            for (auto& [part, records] : parts) writer.add(part, std::move(records));
            writer.finish();
        }
        std::uintmax_t bytes = 0;
        for (const auto& f : files) bytes += std::filesystem::file_size(f);
        std::vector<double> took;
        for (std::size_t r = 0; r < 3; ++r) {
            std::ofstream devnull("/dev/null");
            const auto t0 = clock_type::now();
            cli::merge_results(files, {}, devnull);  // no failed games: no answers files
            took.push_back(seconds_since(t0));
        }
        std::filesystem::remove_all(folder);
        std::printf("soloist merge of %zu shards of %zu games (%zu records, %.0f MB): %.2f s (median of 3; rounds %.2f-%.2f s), "
                    "%.0f records/s\n",
                    kShards, kPerShard, kGames, static_cast<double>(bytes) / 1e6, median(took),
                    *std::min_element(took.begin(), took.end()), *std::max_element(took.begin(), took.end()),
                    static_cast<double>(kGames) / median(took));
    }

    // Against the no-host reference: whole processes spawned alike, start-up included on both
    // sides (nothing subtracted), one core, in A-B-B-A order within each round; the ratio is the
    // median of the rounds' ratios.
    sched_setaffinity(0, sizeof one_core, &one_core);
    const std::string lua = on_path("lua5.4");
    const std::string reference = SOLOIST_SOURCE_DIR "/bench/reference/guild-mat.lua";
    if (lua.empty()) {
        std::printf("guild-mat against its no-host reference: not measured, lua5.4 is not installed (tools/setup installs it)\n");
        return 0;
    }
    const std::string n = std::to_string(reference_games), seed = "1";
    const std::vector<std::string> sim = {soloist, "sim", "guild-mat", "--jobs", "1", "--games", n, "--seed", seed};
    const std::vector<std::string> plain = {lua, reference, n, seed};
    process_games_per_second(plain, reference_games);  // warm the file cache
    process_games_per_second(sim, reference_games);
    std::vector<double> ours, theirs, shares;
    for (std::size_t r = 0; r < rounds; ++r) {
        const double a1 = process_games_per_second(sim, reference_games);
        const double b1 = process_games_per_second(plain, reference_games);
        const double b2 = process_games_per_second(plain, reference_games);
        const double a2 = process_games_per_second(sim, reference_games);
        ours.push_back((a1 + a2) / 2);
        theirs.push_back((b1 + b2) / 2);
        shares.push_back((a1 + a2) / (b1 + b2));
    }
    std::printf("guild-mat against its no-host reference (whole processes, one core, %zu games a run, A-B-B-A rounds, "
                "median of %zu):\n", reference_games, rounds);
    std::printf("  soloist sim guild-mat --jobs 1:       %.0f games/s (rounds %s)\n", median(ours), spread(ours).c_str());
    std::printf("  lua5.4 bench/reference/guild-mat.lua: %.0f games/s (rounds %s)\n", median(theirs), spread(theirs).c_str());
    std::printf("  ratio soloist/reference: %.2f (goal: >= 0.8; rounds %s)\n", median(shares), range(shares).c_str());
    return 0;
}
