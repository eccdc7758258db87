// The companion's JSON API over HTTP: a server on a free loopback port, httplib's client.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <sstream>
#include <thread>

#include <httplib.h>

#include "cli/common.hpp"
#include "cli/terminal.hpp"
#include "companion/http_server.hpp"
#include "domain/journal.hpp"
#include "test_support.hpp"

using namespace soloist;
using nlohmann::json;

namespace {

// A server of its own with saved games in a throwaway folder, serving while the test runs.
struct Served {
    // Saved games in `saved` (default: a folder of its own), set before the server starts: the
    // server reads the environment from its threads.
    explicit Served(std::string token = "", std::vector<std::filesystem::path> bots = {},
                    std::filesystem::path saved = {}, double max_seconds = 0) {
        setenv("XDG_DATA_HOME", (saved.empty() ? data.path() : saved).c_str(), 1);
        common.bot_dirs = std::move(bots);
        if (max_seconds > 0) common.limits.max_seconds = max_seconds;
        server = std::make_unique<companion::HttpServer>(common, companion::ServeOptions{"127.0.0.1", 0, token});
        port = server->bind();
        thread = std::thread([this] { server->serve(); });
        client = std::make_unique<httplib::Client>("127.0.0.1", port);
        client->set_read_timeout(60, 0);
    }
    ~Served() {
        server->stop();
        thread.join();
    }
    json get(const std::string& path, int want = 200) {
        auto res = client->Get(path.c_str());
        REQUIRE(res);
        INFO(path << " -> " << res->body);
        CHECK(res->status == want);
        return json::parse(res->body);
    }
    json post(const std::string& path, const json& body, int want = 200) {
        auto res = client->Post(path.c_str(), body.is_null() ? "" : body.dump(), "application/json");
        REQUIRE(res);
        INFO(path << " " << body.dump() << " -> " << res->body);
        CHECK(res->status == want);
        return json::parse(res->body);
    }

    test::TempDir data;
    cli::Common common;
    std::unique_ptr<companion::HttpServer> server;
    int port = 0;
    std::thread thread;
    std::unique_ptr<httplib::Client> client;
};

std::vector<std::string> kinds(const json& events) {
    std::vector<std::string> out;
    for (const auto& e : events) out.push_back(e.value("event", ""));
    return out;
}

}  // namespace

TEST_CASE("the companion lists the bots with their options as a form needs them", "[companion]") {
    Served s;
    const json bots = s.get("/api/bots")["bots"];
    const auto guild = std::find_if(bots.begin(), bots.end(), [](const json& b) { return b["id"] == "guild-mat"; });
    REQUIRE(guild != bots.end());
    CHECK((*guild)["name"] == "Guild Mat");
    bool rounds = false;
    for (const auto& o : (*guild)["options"])
        if (o["id"] == "rounds") {
            rounds = true;
            CHECK(o["type"] == "integer");
            CHECK(o.contains("min"));
            CHECK(o.contains("max"));
        }
    CHECK(rounds);
    // The page itself, built into the binary.
    auto page = s.client->Get("/");
    REQUIRE(page);
    CHECK(page->status == 200);
    CHECK(page->get_header_value("Content-Type").rfind("text/html", 0) == 0);
    CHECK(page->body.find("<script src=\"/app.js\"") != std::string::npos);
    CHECK(s.client->Get("/app.js")->status == 200);
}

TEST_CASE("a game on the companion: start, answer, correct, undo, show, why, and its journal", "[companion]") {
    Served s;
    json state = s.post("/api/games", {{"bot", "guild-mat"}, {"seed", "23"}, {"options", {{"rounds", 12}}}}, 201);
    const std::string id = state["game"];
    CHECK(state["seed"] == "23");
    CHECK(state["step"]["status"] == "question");
    CHECK(kinds(state["events"]).front() == "start");
    CHECK(state["events"][0]["options"]["rounds"] == 12);
    const std::size_t seen = state["next"];

    // An illegal answer is refused with the legal ones; nothing is recorded.
    json bad = s.post("/api/games/" + id + "/answer", {{"value", "maybe"}}, 422);
    CHECK(bad["error"].get<std::string>().find("is not an answer here. Legal: 1) no") != std::string::npos);
    state = s.post("/api/games/" + id + "/answer", {{"value", "no"}});
    CHECK(state["answers"] == 1);
    CHECK(state["events"][0]["n"] == seen + 1);  // only what is new
    CHECK(state["step"]["question"]["prompt"].get<std::string>().find("Round 1") != std::string::npos);

    // A correction, then the live show and the prompt built again.
    state = s.post("/api/games/" + id + "/set", {{"id", "round"}, {"value", 4}});
    CHECK(state["step"]["question"]["prompt"].get<std::string>().find("Round 4") != std::string::npos);
    bool shown = false;
    const json view = s.get("/api/games/" + id + "/show");
    INFO(view.dump());
    for (const auto& e : view["show"]["entries"])
        if (e["label"] == "Round") shown = e["value"] == 4;
    CHECK(shown);
    s.post("/api/games/" + id + "/set", {{"id", "round"}, {"value", 99}}, 422);
    CHECK(!s.get("/api/games/" + id + "/why")["reasons"].empty());

    // Undo takes back the correction; the journal on disk follows.
    state = s.post("/api/games/" + id + "/undo", nullptr);
    CHECK(kinds(state["events"]).front() == "undone");
    CHECK(state["answers"] == 1);
    const auto journal = load_journal(s.data.path() / "soloist" / (id + ".journal"));
    REQUIRE(journal.entries.size() == 1);
    CHECK(journal.entries[0].value == "no");

    // The saved games list it; a game resumes from its file with a recap and the live state.
    const json saved = s.get("/api/games")["saved"];
    REQUIRE(saved.size() == 1);
    CHECK(saved[0]["id"] == id);
    CHECK(saved[0]["answers"] == 1);
}

TEST_CASE("a game started on the companion resumes from its file in a new server", "[companion]") {
    test::TempDir keep;
    std::string id;
    {
        Served s("", {}, keep.path());
        id = s.post("/api/games", {{"bot", "guild-mat"}, {"seed", 5}}, 201)["game"];
        s.post("/api/games/" + id + "/answer", {{"value", "no"}});
    }
    Served again("", {}, keep.path());
    json state = again.post("/api/games/" + id + "/resume", nullptr);
    CHECK(state["answers"] == 1);
    CHECK(state["events"].front()["recap"] == true);
    CHECK(kinds(state["events"]).back() == "show");
    again.post("/api/games/" + id + "/answer", {{"value", "done"}});
}

TEST_CASE("the companion refuses what it cannot take with a clear 4xx", "[companion]") {
    Served s;
    CHECK(s.post("/api/games", json("not an object"), 400)["error"].get<std::string>().find("JSON object") != std::string::npos);
    CHECK(s.post("/api/games", {{"bot", "../guild-mat"}}, 400)["error"].get<std::string>().find("bot's id") != std::string::npos);
    CHECK(s.post("/api/games", {{"bot", "nobody"}}, 404)["error"] == "no bot 'nobody' (see GET /api/bots)");
    CHECK(s.post("/api/games", {{"bot", "guild-mat"}, {"options", {{"rounds", 99}}}}, 422)["error"]
              .get<std::string>()
              .find("rounds") != std::string::npos);
    CHECK(s.post("/api/games", {{"bot", "guild-mat"}, {"seed", "-1"}}, 400)["error"].get<std::string>().find("seed") !=
          std::string::npos);
    CHECK(s.post("/api/games", {{"bot", "guild-mat"}, {"rules", "nope"}}, 404)["error"].get<std::string>().find("no house rule") !=
          std::string::npos);
    CHECK(s.post("/api/games/nope/answer", {{"value", "no"}}, 404)["error"] == "no open game 'nope'");
    CHECK(s.post("/api/games/..%2Fetc/resume", nullptr, 404).contains("error"));  // no such call once decoded
    CHECK(s.post("/api/games/.hidden/resume", nullptr, 400)["error"].get<std::string>().find("not a saved game's id") !=
          std::string::npos);
    CHECK(s.post("/api/games/nobody-1/resume", nullptr, 404)["error"].get<std::string>().find("no saved game") !=
          std::string::npos);
    CHECK(s.get("/api/nothing", 404)["error"] == "no such API call: GET /api/nothing");
    auto garbage = s.client->Post("/api/games", "{not json", "application/json");
    REQUIRE(garbage);
    CHECK(garbage->status == 400);
    auto huge = s.client->Post("/api/games", std::string(100 * 1024, ' '), "application/json");
    REQUIRE(huge);
    CHECK(huge->status == 413);
    // Another web site in the player's browser: a form's body, or a name that points here.
    auto form = s.client->Post("/api/games", "bot=guild-mat", "application/x-www-form-urlencoded");
    REQUIRE(form);
    CHECK(form->status == 415);
    auto rebound = s.client->Get("/api/bots", httplib::Headers{{"Host", "evil.example:" + std::to_string(s.port)}});
    REQUIRE(rebound);
    CHECK(rebound->status == 421);
    auto by_name = s.client->Get("/api/bots", httplib::Headers{{"Host", "localhost:" + std::to_string(s.port)}});
    REQUIRE(by_name);
    CHECK(by_name->status == 200);
    const std::string id = s.post("/api/games", {{"bot", "guild-mat"}, {"seed", 1}}, 201)["game"];
    CHECK(s.post("/api/games/" + id + "/answer", json::object(), 400).contains("error"));
    CHECK(s.post("/api/games/" + id + "/set", {{"id", "round"}, {"value", "four"}}, 400).contains("error"));
    CHECK(s.post("/api/games/" + id + "/set", {{"id", "gold"}, {"value", 4}}, 422).contains("error"));
}

TEST_CASE("with a token, every request needs it", "[companion]") {
    Served s("s3cret");
    auto res = s.client->Get("/api/bots");
    REQUIRE(res);
    CHECK(res->status == 401);
    CHECK(s.client->Get("/")->status == 401);
    CHECK(s.client->Get("/?token=wrong")->status == 401);
    CHECK(s.client->Get("/?token=s3cret")->status == 200);
    httplib::Headers with = {{"X-Soloist-Token", "s3cret"}};
    res = s.client->Get("/api/bots", with);
    REQUIRE(res);
    CHECK(res->status == 200);
}

TEST_CASE("games on the companion are isolated: a runaway script stops its own game only", "[companion]") {
    test::TempDir bots;
    bots.write("runaway/bot.yaml",
               "id: runaway\nname: Runaway\ngame: Tests\nversion: 1.0.0\ndescription: Loops after one answer.\nentry: main.lua\n");
    bots.write("runaway/main.lua", "ui.ask('Go?', { 'go' })\nwhile true do end\n");
    Served s("", {bots.path()}, {}, 0.5);
    const std::string loop = s.post("/api/games", {{"bot", "runaway"}}, 201)["game"];
    const std::string guild = s.post("/api/games", {{"bot", "guild-mat"}, {"seed", 2}}, 201)["game"];
    std::thread stuck([&] {
        httplib::Client c("127.0.0.1", s.port);
        c.set_read_timeout(60, 0);
        c.Post(("/api/games/" + loop + "/answer").c_str(), R"({"value":"go"})", "application/json");
    });
    // The other game answers meanwhile.
    json state = s.post("/api/games/" + guild + "/answer", {{"value", "no"}});
    CHECK(state["step"]["status"] == "question");
    stuck.join();
    state = s.get("/api/games/" + loop);
    CHECK(state["step"]["status"] == "failed");
    INFO(state.dump());
    CHECK(state["step"]["error"].get<std::string>().find("ran for more than 0.5 s") != std::string::npos);
}

TEST_CASE("a game moves between the page and the terminal: one journal, one transcript", "[companion]") {
    Served s;
    const std::string id = s.post("/api/games", {{"bot", "guild-mat"}, {"seed", "31"}}, 201)["game"];
    s.post("/api/games/" + id + "/answer", {{"value", "no"}});
    const auto journal = s.data.path() / "soloist" / (id + ".journal");

    // The terminal resumes it, answers once more and quits.
    cli::PlayArgs args;
    args.journal = journal;
    std::istringstream in("done\nquit\n");
    std::ostringstream out;
    REQUIRE(cli::play(args, s.common, in, out) == 0);
    CHECK(out.str().find("Resuming guild-mat (seed 31) after 1 answer.") != std::string::npos);
    CHECK(load_journal(journal).entries.size() == 2);

    // A new server (the page after a restart) resumes it where the terminal left it.
    s.server->stop();
    Served again("", {}, s.data.path());
    json state = again.post("/api/games/" + id + "/resume", nullptr);
    CHECK(state["answers"] == 2);
    state = again.post("/api/games/" + id + "/answer", {{"value", state["step"]["question"]["options"][0]["id"]}});
    CHECK(state["answers"] == 3);

    // The transcript of the journal both wrote is the one a headless run of the same answers makes.
    const auto saved = load_journal(journal);
    REQUIRE(saved.entries.size() == 3);
    cli::Session replayed = cli::session_from_journal(saved, s.common, false, saved.entries.size(), nullptr);
    cli::GameRequest request;
    request.bot = "guild-mat";
    request.seed = 31;
    cli::Session fresh = cli::new_session(request, s.common);
    fresh.game->start();
    for (const auto& e : saved.entries) fresh.game->answer(e.value);
    CHECK(replayed.game->transcript().to_jsonl() == fresh.game->transcript().to_jsonl());
}

TEST_CASE("the address to open on a phone as a QR code", "[companion]") {
    const std::string qr = companion::qr_text("http://192.168.1.20:8080/?token=0123456789abcdef0123456789abcdef");
    REQUIRE(!qr.empty());
    std::istringstream lines(qr);
    std::string line;
    std::size_t rows = 0, width = 0;
    while (std::getline(lines, line)) {
        std::size_t cells = 0;  // code points: each block is one
        for (const char c : line) cells += (c & 0xC0) != 0x80;
        if (rows++ == 0) width = cells;
        CHECK(cells == width);
    }
    CHECK(width >= 25);         // version 2 or more, with its quiet zone
    CHECK(rows * 2 >= width);   // two rows of modules a line
    CHECK(companion::new_token().size() == 32);
    CHECK(companion::new_token() != companion::new_token());
}
