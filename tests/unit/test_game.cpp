// The step machine: questions and their legal answers, illegal answers, determinism (in
// one process and across processes), journal replay, undo, corrections and autosave.

#include <catch2/catch.hpp>

#include "domain/journal.hpp"
#include "lua_test_support.hpp"

using namespace soloist;
using nlohmann::json;
using soloist::test::Played;
using soloist::test::play_dir;
using soloist::test::play_lua;
using soloist::test::TempDir;
using Catch::Contains;

namespace {

Question ask_question() {
    Question q;
    q.kind = Question::Kind::ask;
    q.number = 3;
    q.prompt = "Which space?";
    q.choices = {{"no", "No exchange"}, {"I-II", "Exchange I and II"}, {"2", "The option called two"}, {"Done", "Done"}};
    return q;
}

Question confirm_question() {
    Question q;
    q.kind = Question::Kind::confirm;
    q.prompt = "Sure?";
    return q;
}

Question number_question(long long min, long long max) {
    Question q;
    q.kind = Question::Kind::number;
    q.prompt = "How many?";
    q.min = min;
    q.max = max;
    return q;
}

std::optional<json> none() { return std::nullopt; }

const std::filesystem::path guild_mat = test::source_dir() / "scripts" / "guild-mat";

// The first legal answer: the first option, yes, the smallest number.
json first_answer(const Question& q) {
    switch (q.kind) {
        case Question::Kind::ask: return q.choices.front().id;
        case Question::Kind::confirm: return true;
        case Question::Kind::number: return q.min;
    }
    return nullptr;
}

// Answers every question with its first legal answer until the game ends.
void play_to_the_end(Game& game) {
    for (int guard = 0; guard < 2000 && game.status() == Game::Status::question; ++guard)
        game.answer(first_answer(game.question()));
    REQUIRE(game.status() == Game::Status::ended);
}

// A game of the bot in `dir` with a given seed, not started.
struct Fresh {
    std::unique_ptr<Bot> bot;
    std::unique_ptr<Game> game;
};

Fresh fresh(const std::filesystem::path& dir, std::uint64_t seed) {
    Fresh f;
    f.bot = std::make_unique<Bot>(load_bot(dir, Library::in_use()));
    GameSetup setup;
    setup.seed = seed;
    setup.limits = test::test_limits();
    setup.options = resolve_options(*f.bot, {}, nullptr);
    f.game = cli::make_game(*f.bot, std::move(setup));
    return f;
}

// The index of the last event of `kind`.
std::size_t last_index(const std::vector<json>& events, const std::string& kind) {
    for (std::size_t i = events.size(); i-- > 0;)
        if (events[i]["event"] == kind) return i;
    FAIL("no " << kind << " event");
    return 0;
}

const char* const asking_bot = R"lua(
local colour = ui.ask("Pick a colour", { "red", { id = "blue", label = "Blue!" } })
local n = ui.number("How many?", 0, 10)
local sure = ui.confirm("Sure?")
return { result = "win", summary = colour .. " " .. n .. " " .. tostring(sure) }
)lua";

}  // namespace

TEST_CASE("ask accepts an option's id, its folded id or its 1-based number", "[game][question]") {
    const Question q = ask_question();
    CHECK(q.accept("no") == json("no"));
    CHECK(q.accept("I-II") == json("I-II"));
    CHECK(q.accept("i-ii") == json("I-II"));
    CHECK(q.accept("  done ") == json("Done"));
    CHECK(q.accept(1) == json("no"));
    CHECK(q.accept("1") == json("no"));
    CHECK(q.accept(" 4 ") == json("Done"));
    CHECK(q.accept(4) == json("Done"));
    CHECK(q.accept("2") == json("2"));  // an exact id wins over a number
    CHECK(q.accept(2) == json("I-II"));
    CHECK(q.accept("+3") == json("2"));
    // Illegal
    CHECK(q.accept(0) == none());
    CHECK(q.accept("0") == none());
    CHECK(q.accept(5) == none());
    CHECK(q.accept(-1) == none());
    CHECK(q.accept("maybe") == none());
    CHECK(q.accept("") == none());
    CHECK(q.accept(true) == none());
    CHECK(q.accept(1.0) == none());
    CHECK(q.accept(nullptr) == none());
    CHECK(q.accept(json::array({"no"})) == none());
    CHECK(q.legal_answers() == "1) no, 2) I-II, 3) 2, 4) Done");
}

TEST_CASE("confirm accepts yes/no, y/n, true/false and 1/2", "[game][question]") {
    const Question q = confirm_question();
    for (const char* yes : {"yes", "y", "true", "YES", " Yes ", "True", "1"}) CHECK(q.accept(yes) == json(true));
    for (const char* no : {"no", "n", "false", "NO", " n", "False", "2"}) CHECK(q.accept(no) == json(false));
    CHECK(q.accept(true) == json(true));
    CHECK(q.accept(false) == json(false));
    CHECK(q.accept(1) == json(true));  // a number in a YAML answers file, as the options are numbered
    CHECK(q.accept(2) == json(false));
    CHECK(q.accept(3) == none());
    for (const char* bad : {"maybe", "", "yess", "0", "3", "ja"}) CHECK(q.accept(bad) == none());
    CHECK(q.accept(nullptr) == none());
    CHECK(q.legal_answers() == "yes or no");
}

TEST_CASE("number accepts whole numbers in range only", "[game][question]") {
    const Question q = number_question(-2, 30);
    CHECK(q.accept(0) == json(0));
    CHECK(q.accept(30) == json(30));
    CHECK(q.accept(-2) == json(-2));
    CHECK(q.accept("7") == json(7));
    CHECK(q.accept(" 12 ") == json(12));
    CHECK(q.accept("-2") == json(-2));
    CHECK(q.accept("+5") == json(5));
    for (const json& bad : {json(31), json(-3), json("31"), json("-3"), json("3.0"), json(3.5), json("1e1"), json("seven"),
                           json(""), json("-"), json("+"), json(true), json("99999999999999999999"), json(nullptr)})
        CHECK(q.accept(bad) == none());
    CHECK(q.legal_answers() == "a whole number from -2 to 30");

    const Question one = number_question(4, 4);
    CHECK(one.accept("4") == json(4));
    CHECK(one.accept(5) == none());
}

TEST_CASE("a question's JSON form", "[game][question]") {
    Question q = ask_question();
    q.step = "exchange markers";
    CHECK(q.to_json() == json::parse(R"({"event":"ask","question":3,"prompt":"Which space?","step":"exchange markers",
        "options":[{"id":"no","label":"No exchange"},{"id":"I-II","label":"Exchange I and II"},
                   {"id":"2","label":"The option called two"},{"id":"Done","label":"Done"}]})"));
    CHECK(number_question(1, 6).to_json() ==
          json::parse(R"({"event":"number","question":0,"prompt":"How many?","min":1,"max":6})"));
    CHECK(confirm_question().to_json() == json::parse(R"({"event":"confirm","question":0,"prompt":"Sure?"})"));
}

TEST_CASE("an illegal answer throws IllegalAnswer and records nothing", "[game]") {
    Played p = play_lua(asking_bot);
    REQUIRE(p->status() == Game::Status::question);
    CHECK(p->question().legal_answers() == "1) red, 2) blue");

    const auto illegal = [&](const json& given, const std::string& message) {
        const auto entries = p->journal().entries.size();
        const auto events = p->transcript().to_jsonl();
        const int number = p->question().number;
        try {
            p->answer(given);
            FAIL("no IllegalAnswer for " << given.dump());
        } catch (const IllegalAnswer& e) {
            CHECK(std::string(e.what()) == message);
        }
        CHECK(p->journal().entries.size() == entries);
        CHECK(p->transcript().to_jsonl() == events);
        CHECK(p->status() == Game::Status::question);
        CHECK(p->question().number == number);
    };
    illegal("green", "question 1 (\"Pick a colour\"): 'green' is not a legal answer; legal answers: 1) red, 2) blue");
    illegal(3, "question 1 (\"Pick a colour\"): '3' is not a legal answer; legal answers: 1) red, 2) blue");
    CHECK(p->question().number == 1);

    p->answer("2");
    REQUIRE(p->question().number == 2);
    illegal(11, "question 2 (\"How many?\"): '11' is not a legal answer; legal answers: a whole number from 0 to 10");
    illegal("ten", "question 2 (\"How many?\"): 'ten' is not a legal answer; legal answers: a whole number from 0 to 10");
    p->answer(10);
    illegal("maybe", "question 3 (\"Sure?\"): 'maybe' is not a legal answer; legal answers: yes or no");
    p->answer("n");
    REQUIRE(p->status() == Game::Status::ended);
    CHECK(p->ending()["summary"] == "blue 10 false");

    // The journal holds the canonical answers.
    REQUIRE(p->journal().entries.size() == 3);
    CHECK(p->journal().entries[0].value == "blue");
    CHECK(p->journal().entries[1].value == 10);
    CHECK(p->journal().entries[2].value == false);
    CHECK(p->journal().entries[2].question == 3);

    try {
        p->answer("yes");
        FAIL("answered an ended game");
    } catch (const GameError& e) {
        CHECK(std::string(e.what()) == "the game is not waiting for an answer");
    }
}

TEST_CASE("the same bot, seed and answers give the same transcript in one process", "[game][determinism]") {
    Fresh a = fresh(guild_mat, 5);
    a.game->start();
    play_to_the_end(*a.game);
    Fresh b = fresh(guild_mat, 5);
    b.game->start();
    play_to_the_end(*b.game);
    CHECK(a.game->transcript().to_jsonl() == b.game->transcript().to_jsonl());
    CHECK(a.game->journal().entries.size() == b.game->journal().entries.size());
    CHECK(a.game->journal().entries.size() > 16);

    // Another seed, another game.
    Fresh c = fresh(guild_mat, 6);
    c.game->start();
    play_to_the_end(*c.game);
    CHECK(a.game->transcript().to_jsonl() != c.game->transcript().to_jsonl());
}

TEST_CASE("the same bot, seed and answers give the same transcript in two processes", "[game][determinism]") {
    Fresh reference = fresh(guild_mat, 5);
    reference.game->start();
    play_to_the_end(*reference.game);
    json answers = json::array();
    for (const auto& e : reference.game->journal().entries) answers.push_back(e.value);

    TempDir tmp;
    const auto answers_file = tmp.write("answers.yaml", answers.dump() + "\n");
    for (const char* out : {"one.jsonl", "two.jsonl"}) {
        const auto r = test::run_soloist("run guild-mat --seed 5 --answers '" + answers_file.string() + "' --transcript '" +
                                         (tmp.path() / out).string() + "'");
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
    }
    const auto one = test::read_text(tmp.path() / "one.jsonl");
    const auto two = test::read_text(tmp.path() / "two.jsonl");
    CHECK(one.size() > 1000);
    CHECK(one == two);
    CHECK(one == reference.game->transcript().to_jsonl());
}

TEST_CASE("a journal replays to the same transcript", "[game][journal]") {
    TempDir tmp;
    Fresh a = fresh(guild_mat, 11);
    a.game->autosave_to(tmp.path() / "game.journal");
    a.game->start();
    play_to_the_end(*a.game);

    Fresh b = fresh(guild_mat, 11);
    b.game->start();
    CHECK(b.game->replay(a.game->journal().entries) == std::nullopt);
    CHECK(b.game->status() == Game::Status::ended);
    CHECK(b.game->transcript().to_jsonl() == a.game->transcript().to_jsonl());

    // From the file, as `soloist replay` does.
    const Journal saved = load_journal(tmp.path() / "game.journal");
    CHECK(saved.header.seed == 11);
    CHECK(saved.header.bot_id == "guild-mat");
    std::optional<std::string> divergence;
    cli::Session s = cli::session_from_journal(saved, cli::Common{}, false, saved.entries.size(), &divergence);
    CHECK(divergence == std::nullopt);
    CHECK(s.game->transcript().to_jsonl() == a.game->transcript().to_jsonl());
}

TEST_CASE("undo replays all but the last entry: the same prefix and the same question", "[game][journal]") {
    Fresh a = fresh(guild_mat, 12);
    a.game->start();
    for (int i = 0; i < 6 && a.game->status() == Game::Status::question; ++i) a.game->answer(first_answer(a.game->question()));
    REQUIRE(a.game->status() == Game::Status::question);
    const auto& entries = a.game->journal().entries;
    REQUIRE(entries.size() == 6);
    const auto& full = a.game->transcript().events();
    const std::size_t last_answer = last_index(full, "answer");

    Fresh b = fresh(guild_mat, 12);
    b.game->start();
    CHECK(b.game->replay({entries.begin(), entries.end() - 1}) == std::nullopt);
    REQUIRE(b.game->status() == Game::Status::question);
    const auto& undone = b.game->transcript().events();
    REQUIRE(undone.size() == last_answer);
    for (std::size_t i = 0; i < last_answer; ++i) CHECK(undone[i] == full[i]);
    CHECK(b.game->question().number == 6);
    CHECK(b.game->question().to_json() == full[last_answer - 1]);
    CHECK(b.game->journal().entries.size() == 5);

    // Answering the undone question again gives the game back.
    b.game->answer(entries.back().value);
    CHECK(b.game->transcript().to_jsonl() == a.game->transcript().to_jsonl());
}

TEST_CASE("corrections are journaled and survive replay", "[game][journal]") {
    TempDir tmp;
    Fresh a = fresh(guild_mat, 7);
    a.game->autosave_to(tmp.path() / "game.journal");
    a.game->start();
    REQUIRE(a.game->status() == Game::Status::question);
    const auto correctables = a.game->correctables();
    REQUIRE(correctables.size() == 2);
    CHECK(correctables[0].id == "loss-box");
    CHECK(correctables[1].id == "round");
    CHECK(correctables[1].label == "Round");
    CHECK(correctables[1].min == 1);
    CHECK(correctables[1].max == 16);

    // Refused corrections record nothing.
    const auto refused = [&](const std::string& id, long long value, const std::string& message) {
        const auto before = a.game->journal().entries.size();
        try {
            a.game->correct(id, value);
            FAIL("correction accepted");
        } catch (const GameError& e) {
            CHECK(std::string(e.what()) == message);
        }
        CHECK(a.game->journal().entries.size() == before);
    };
    refused("rund", 3, "nothing called 'rund' can be corrected (did you mean 'round'?); correctable: loss-box, round");
    refused("round", 17, "Round must be from 1 to 16");
    refused("round", 0, "Round must be from 1 to 16");

    a.game->correct("round", 15);
    const auto& entries = a.game->journal().entries;
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].kind == JournalEntry::Kind::correction);
    CHECK(entries[0].target == "round");
    CHECK(entries[0].value == 15);
    CHECK(entries[0].question == 1);
    CHECK(a.game->transcript().events().back() == json{{"event", "correct"}, {"question", 1}, {"target", "round"}, {"value", 15}});
    play_to_the_end(*a.game);
    // Round 15 was the one being played: after it comes round 16, the last.
    const auto text = a.game->transcript().to_jsonl();
    CHECK_THAT(text, Contains("Round 16 of 16"));
    CHECK_THAT(text, !Contains("Round 2 of 16"));

    Fresh b = fresh(guild_mat, 7);
    b.game->start();
    CHECK(b.game->replay(a.game->journal().entries) == std::nullopt);
    CHECK(b.game->transcript().to_jsonl() == text);

    const Journal saved = load_journal(tmp.path() / "game.journal");
    REQUIRE(saved.entries.size() == a.game->journal().entries.size());
    CHECK(saved.entries[0].kind == JournalEntry::Kind::correction);
    CHECK(saved.entries[0].target == "round");
    CHECK(saved.entries[0].value == 15);
}

TEST_CASE("autosave writes the journal after every answer", "[game][journal]") {
    TempDir tmp;
    const auto file = tmp.path() / "autosave.journal";
    Played p = play_lua(asking_bot);
    p->autosave_to(file);
    CHECK_FALSE(std::filesystem::exists(file));  // nothing answered yet
    const std::vector<json> answers = {"red", 4, "yes"};
    for (std::size_t i = 0; i < answers.size(); ++i) {
        p->answer(answers[i]);
        const Journal saved = load_journal(file);
        REQUIRE(saved.entries.size() == i + 1);
        CHECK(saved.entries[i].value == p->journal().entries[i].value);
        CHECK(saved.entries[i].question == static_cast<int>(i + 1));
        CHECK(saved.header.bot_id == "tiny");
        CHECK(saved.header.seed == 1);
    }
    CHECK(p->status() == Game::Status::ended);
    CHECK(load_journal(file).entries[2].value == true);
}

TEST_CASE("a failing autosave throws GameError and the game stays where it was", "[game][journal]") {
    TempDir tmp;
    Played p = play_lua(asking_bot);
    p->answer("red");
    p->autosave_to(tmp.path() / "missing-folder" / "game.journal");
    const auto events = p->transcript().to_jsonl();
    try {
        p->answer(3);
        FAIL("the save did not fail");
    } catch (const GameError& e) {
        CHECK_THAT(e.what(), Catch::StartsWith("could not save the game: "));
        CHECK_THAT(e.what(), Contains("the journal as it was before is intact"));
    }
    // Nothing recorded: the same question, the same journal and transcript.
    CHECK(p->status() == Game::Status::question);
    CHECK(p->question().number == 2);
    CHECK(p->journal().entries.size() == 1);
    CHECK(p->transcript().to_jsonl() == events);
    CHECK_FALSE(std::filesystem::exists(tmp.path() / "missing-folder"));

    // With somewhere to save, the same answer goes through.
    p->autosave_to(tmp.path() / "game.journal");
    p->answer(3);
    CHECK(p->question().number == 3);
    const Journal saved = load_journal(tmp.path() / "game.journal");
    REQUIRE(saved.entries.size() == 2);
    CHECK(saved.entries[1].value == 3);
    p->answer("no");
    CHECK(p->ending()["summary"] == "red 3 false");
}

TEST_CASE("every step has a JSON form for front ends", "[game]") {
    const auto lib = soloist::Library::in_use();
    const soloist::Bot bot = soloist::load_bot(lib.scripts_dir / "guild-mat", lib);
    soloist::GameSetup setup;
    setup.options = soloist::resolve_options(bot, {"rounds=1", "swap=false"}, nullptr);
    setup.seed = 3;
    auto game = soloist::cli::make_game(bot, setup);
    game->start();
    auto step = game->step_json();
    REQUIRE(step["status"] == "question");
    CHECK(step["question"]["event"] == "ask");
    CHECK(step["question"]["question"] == 1);
    CHECK(step["question"]["options"][0]["id"] == "done");
    game->answer("done");
    step = game->step_json();
    REQUIRE(step["status"] == "question");
    CHECK(step["question"]["event"] == "number");  // the final VP
    game->answer(80);
    step = game->step_json();
    CHECK(step["status"] == "ended");
    CHECK(step["end"]["result"] == "loss");
    CHECK(step["end"]["scores"]["vp"] == 80);
}
