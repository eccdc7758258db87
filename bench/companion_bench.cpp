// The table companion under load: N games at once over loopback HTTP, each a client thread
// (joining 20 ms after the one before, as players do not all tap at the same instant) that
// starts a guild-mat game and answers its questions (the first option) until the game ends.
// Two runs: with no pause between a game's answers (the most the server does: answers per
// second), then with --pause ms between them (default 250: still far faster than players
// at a table; the latency a player sees with the server busy). Prints the answers per second
// and the answer latency (median, 99th percentile, max).
//   build/soloist_companion_bench [--games N] [--pause MS]   (defaults 50 and 250)
// Saved games go to a temporary folder, removed at the end.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>
#include <nlohmann/json.hpp>

#include "cli/common.hpp"
#include "companion/http_server.hpp"

using namespace soloist;
using nlohmann::json;
using clock_type = std::chrono::steady_clock;

struct Run {
    std::vector<double> latencies;  // milliseconds, one an answer
    std::size_t failures = 0;
    double seconds = 0;
};

static Run play(int port, int games, int pause_ms) {
    Run run;
    std::mutex lock;
    const auto t0 = clock_type::now();
    std::vector<std::thread> players;
    for (int g = 0; g < games; ++g)
        players.emplace_back([&, g] {
            std::this_thread::sleep_for(std::chrono::milliseconds(20 * g));
            httplib::Client client("127.0.0.1", port);
            client.set_keep_alive(true);
            client.set_tcp_nodelay(true);  // as browsers do
            client.set_read_timeout(60, 0);
            std::vector<double> mine;
            auto fail = [&](const char* what, const httplib::Result& res) {
                std::lock_guard guard(lock);
                ++run.failures;
                std::fprintf(stderr, "%s failed: %s\n", what, res ? res->body.c_str() : httplib::to_string(res.error()).c_str());
            };
            auto res = client.Post("/api/games", json{{"bot", "guild-mat"}, {"seed", g + 1}}.dump(), "application/json");
            if (!res || res->status != 201) return fail("start", res);
            json state = json::parse(res->body);
            const std::string path = "/api/games/" + state["game"].get<std::string>() + "/answer";
            while (state["step"]["status"] == "question") {
                const auto& q = state["step"]["question"];
                const std::string value = q["event"] == "ask" ? q["options"][0]["id"].get<std::string>()
                                          : q["event"] == "confirm" ? "yes" : std::to_string(q["min"].get<long long>());
                if (pause_ms) std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
                const auto a0 = clock_type::now();
                res = client.Post(path.c_str(), json{{"value", value}}.dump(), "application/json");
                mine.push_back(std::chrono::duration<double, std::milli>(clock_type::now() - a0).count());
                if (!res || res->status != 200) return fail("answer", res);
                state = json::parse(res->body);
            }
            std::lock_guard guard(lock);
            run.latencies.insert(run.latencies.end(), mine.begin(), mine.end());
        });
    for (auto& p : players) p.join();
    run.seconds = std::chrono::duration<double>(clock_type::now() - t0).count();
    std::sort(run.latencies.begin(), run.latencies.end());
    return run;
}

static void report(const char* what, int games, const Run& r) {
    auto at = [&](double q) {
        return r.latencies.empty() ? 0.0 : r.latencies[std::min(r.latencies.size() - 1, static_cast<std::size_t>(q * r.latencies.size()))];
    };
    std::printf("%s: %d concurrent guild-mat games, %zu answers in %.2f s, %zu failed\n", what, games, r.latencies.size(),
                r.seconds, r.failures);
    std::printf("  answers per second: %.0f\n", static_cast<double>(r.latencies.size()) / r.seconds);
    std::printf("  answer latency: median %.2f ms, 99th percentile %.2f ms, max %.2f ms\n", at(0.5), at(0.99),
                r.latencies.empty() ? 0.0 : r.latencies.back());
}

int main(int argc, char** argv) {
    int games = 50, pause_ms = 250;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--games") == 0) games = std::max(1, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--pause") == 0) pause_ms = std::max(0, std::atoi(argv[i + 1]));
    }
    char folder[] = "/tmp/soloist-companion-bench.XXXXXX";
    if (!mkdtemp(folder)) return 1;
    setenv("XDG_DATA_HOME", folder, 1);
    cli::Common common;
    companion::HttpServer server(common, {"127.0.0.1", 0, ""});
    const int port = server.bind();
    std::thread serving([&] { server.serve(); });

    std::printf("the table companion over loopback HTTP, every answer saved to its journal (%u cores)\n",
                std::thread::hardware_concurrency());
    const Run busy = play(port, games, 0);
    report("no pause between answers", games, busy);
    const Run paced = play(port, games, pause_ms);
    char what[64];
    std::snprintf(what, sizeof what, "%d ms between a game's answers", pause_ms);
    report(what, games, paced);
    std::printf("  goal: 99th percentile under 20 ms with %d games at this pace: %s\n", games,
                paced.latencies.empty() ? "no answers" : paced.latencies[std::min(paced.latencies.size() - 1, static_cast<std::size_t>(0.99 * paced.latencies.size()))] < 20 ? "met" : "missed");

    server.stop();
    serving.join();
    std::filesystem::remove_all(folder);
    return busy.failures + paced.failures ? 1 : 0;
}
