// A simulation's player answers inside the bot's flow (Game::play_by): the bot is not
// suspended at each question. The games must be those the step machine plays with the same
// answers, journaled the same, under the same per-question budgets.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <set>

#include "cli/simulation.hpp"
#include "lua/lua_runner.hpp"
#include "lua_test_support.hpp"

using namespace soloist;
using nlohmann::json;
using soloist::test::TempDir;
using soloist::test::tiny_bot;
using Catch::Contains;

namespace {

// Picks the first, second, third... legal answer in turn, whatever the question.
class TurnPlayer final : public AutoPlayer {
public:
    long long pick(const Question& q) override {
        const auto turn = static_cast<long long>(picks_++);
        switch (q.kind) {
            case Question::Kind::ask: return turn % static_cast<long long>(q.choices.size());
            case Question::Kind::confirm: return turn % 2;
            case Question::Kind::number: return q.min + turn % (q.max - q.min + 1);
        }
        return 0;
    }
    std::size_t picks() const { return picks_; }

private:
    std::size_t picks_ = 0;
};

std::unique_ptr<Game> quiet_game(const Bot& bot, std::uint64_t seed, json options,
                                 const std::shared_ptr<ScriptCache>& cache = nullptr,
                                 const Limits& limits = test::test_limits()) {
    GameSetup setup;
    setup.seed = seed;
    setup.limits = limits;
    setup.options = options.is_null() ? resolve_options(bot, {}, nullptr) : std::move(options);
    setup.cache = cache;
    auto game = cli::make_game(bot, std::move(setup));
    game->keep_transcript(false);
    return game;
}

// What a game left: every journaled answer, then how it ended.
std::string record_of(const Game& game) {
    std::string out;
    for (const auto& e : game.journal().entries) out += std::to_string(e.question) + "=" + e.value.dump() + " ";
    if (game.status() == Game::Status::failed) return out + "failed: " + game.error();
    if (game.status() == Game::Status::question) return out + "waiting at " + std::to_string(game.question().number);
    return out + game.ending().dump();
}

// The player's answers to the questions that wait, given one by one through Game::answer.
void answer_waiting(Game& game, AutoPlayer& player) {
    for (int guard = 0; guard < 5000 && game.status() == Game::Status::question; ++guard) {
        const auto answer = game.question().answer_for(player.pick(game.question()));
        REQUIRE(answer);
        game.answer(*answer);
    }
}

}  // namespace

TEST_CASE("answers given inside the bot's flow play the game the step machine plays", "[inline][determinism]") {
    const auto lib = Library::in_use();
    for (const char* id : {"guild-mat", "botmegistus", "zenodotus"}) {
        const Bot bot = load_bot(lib.scripts_dir / id, lib);
        json options = resolve_options(bot, {}, nullptr);
        // A human seat asks questions; the bot seats play themselves.
        if (std::string(id) == "zenodotus") options["seats"] = "human,greedy,cautious";
        const auto cache = lua::make_script_cache();
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            TurnPlayer inline_player, stepping_player;
            auto inline_game = quiet_game(bot, seed, options, cache);
            inline_game->play_by(inline_player, 100000);
            inline_game->start();
            answer_waiting(*inline_game, inline_player);  // the warm point waits
            auto stepping_game = quiet_game(bot, seed, options);
            stepping_game->start();
            answer_waiting(*stepping_game, stepping_player);
            INFO(id << ", seed " << seed);
            CHECK(inline_player.picks() > 3);
            CHECK(inline_game->journal().entries.size() == inline_player.picks());
            CHECK(record_of(*inline_game) == record_of(*stepping_game));
            CHECK(inline_game->status() == Game::Status::ended);
        }
    }
}

TEST_CASE("a game answered inside its flow runs to its end in start()", "[inline]") {
    TempDir tmp;
    const auto bot = tiny_bot(tmp, R"lua(
local roll = random.roll("die", 6)
local colour = ui.ask("Colour?", { "red", { id = "blue", label = "Blue!" } })
local n = ui.number("How many?", 2, 9)
local sure = ui.confirm("Sure?")
return { result = "win", summary = string.format("%d %s %d %s", roll, colour, n, tostring(sure)) }
)lua");
    TurnPlayer player;
    auto game = quiet_game(*bot, 5, nullptr);
    game->play_by(player, 100000);
    game->start();
    REQUIRE(game->status() == Game::Status::ended);
    CHECK_THAT(game->ending()["summary"].get<std::string>(), Contains(" red 3 false"));
    const auto& entries = game->journal().entries;
    REQUIRE(entries.size() == 3);
    CHECK(entries[0].question == 1);
    CHECK(entries[0].value == "red");
    CHECK(entries[1].value == 3);
    CHECK(entries[2].value == false);
}

TEST_CASE("past its most answers, or with a transcript kept, a question waits for answer()", "[inline]") {
    TempDir tmp;
    const auto bot = tiny_bot(tmp, R"lua(
local roll = random.roll("die", 6)
for i = 1, 5 do ui.confirm("Again?") end
return { result = "win", summary = "done" }
)lua");
    TurnPlayer player;
    auto capped = quiet_game(*bot, 1, nullptr);
    capped->play_by(player, 2);
    capped->start();
    REQUIRE(capped->status() == Game::Status::question);
    CHECK(capped->question().number == 3);
    CHECK(capped->journal().entries.size() == 2);
    capped->answer(true);
    REQUIRE(capped->status() == Game::Status::question);
    CHECK(capped->question().number == 4);

    TurnPlayer watched_player;
    auto watched = quiet_game(*bot, 1, nullptr);
    watched->keep_transcript(true);
    watched->play_by(watched_player, 100000);
    watched->start();
    REQUIRE(watched->status() == Game::Status::question);
    CHECK(watched->question().number == 1);
    CHECK(watched_player.picks() == 0);
    CHECK(watched->transcript().events().back()["event"] == "confirm");
}

TEST_CASE("the budgets start again at each answer given inside the flow", "[inline][limits]") {
    TempDir tmp;
    // About 60 000 instructions between two questions, six times: each stretch fits in
    // 100 000 instructions, all together would not.
    const auto bot = tiny_bot(tmp, R"lua(
local roll = random.roll("die", 6)
local x = 0
for q = 1, 6 do
  for i = 1, 30000 do x = x + i end
  ui.confirm("Next?")
end
for i = 1, 30000 do x = x + i end
return { result = "win", summary = tostring(x) }
)lua");
    Limits counting = test::test_limits();
    counting.mode = Limits::Mode::count;
    counting.max_instructions = 100000;
    TurnPlayer player;
    auto game = quiet_game(*bot, 1, nullptr, nullptr, counting);
    game->play_by(player, 100000);
    game->start();
    REQUIRE(game->status() == Game::Status::ended);
    CHECK(game->ending()["summary"] == "3150105000");

    // A stretch over the budget is still stopped, at its line.
    TempDir tmp2;
    const auto runaway = tiny_bot(tmp2, R"lua(
local roll = random.roll("die", 6)
ui.confirm("Go?")
local x = 0
for i = 1, 60000 do x = x + i end
return { result = "win", summary = tostring(x) }
)lua");
    TurnPlayer other;
    auto stopped = quiet_game(*runaway, 1, nullptr, nullptr, counting);
    stopped->play_by(other, 100000);
    stopped->start();
    REQUIRE(stopped->status() == Game::Status::failed);
    CHECK_THAT(stopped->error(), Contains("main.lua:5: stopped: the bot ran more than 100000 instructions"));
    CHECK(stopped->journal().entries.size() == 1);

    // The watchdog's time budget starts again too: eight stretches of a fifth of the budget.
    TempDir tmp3;
    const auto patient = tiny_bot(tmp3, R"lua(
local roll = random.roll("die", 6)
for q = 1, 8 do
  local until_time = 0
  for i = 1, 3000000 do until_time = until_time + 1 end
  ui.confirm("Next?")
end
return { result = "win", summary = "done" }
)lua");
    // Measure one stretch, then give the watchdog five times that.
    Limits generous = test::test_limits();
    const auto begun = std::chrono::steady_clock::now();
    TurnPlayer timing_player;
    auto timing = quiet_game(*patient, 1, nullptr, nullptr, generous);
    timing->play_by(timing_player, 100000);
    timing->start();
    REQUIRE(timing->status() == Game::Status::ended);
    const double stretch = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count() / 8;
    Limits watchdog = test::test_limits();
    watchdog.max_seconds = std::max(0.05, 5 * stretch);
    TurnPlayer watched_player;
    auto watched = quiet_game(*patient, 1, nullptr, nullptr, watchdog);
    watched->play_by(watched_player, 100000);
    watched->start();
    INFO("one stretch took " << stretch << " s; the budget was " << watchdog.max_seconds << " s");
    CHECK(watched->status() == Game::Status::ended);
}

TEST_CASE("a player's pick that is not a legal answer stops the game with the question", "[inline]") {
    class Wrong final : public AutoPlayer {
    public:
        long long pick(const Question&) override { return 7; }
    } wrong;
    TempDir tmp;
    const auto bot = tiny_bot(tmp, R"lua(
local roll = random.roll("die", 6)
local colour = ui.ask("Colour?", { "red", "blue" })
return { result = "win", summary = colour }
)lua");
    auto game = quiet_game(*bot, 1, nullptr);
    game->play_by(wrong, 100000);
    game->start();
    REQUIRE(game->status() == Game::Status::failed);
    CHECK_THAT(game->error(), Contains("question 1: the simulated player's pick 7 is not a legal answer; legal answers: "
                                       "1) red, 2) blue"));
    CHECK(game->journal().entries.empty());
}

TEST_CASE("a simulated player picks as its policy says, the same for the same seed", "[inline][simulation]") {
    Question ask;
    ask.kind = Question::Kind::ask;
    ask.choices = {{"a", "A"}, {"b", "B"}, {"c", "C"}};
    Question number;
    number.kind = Question::Kind::number;
    number.min = -2;
    number.max = 2;
    Question confirm;
    confirm.kind = Question::Kind::confirm;

    cli::SimulatedPlayer first("first", 9);
    CHECK(first.pick(ask) == 0);
    CHECK(first.pick(number) == -2);
    CHECK(first.pick(confirm) == 1);

    cli::SimulatedPlayer one("random", 9), same("random", 9), other("random", 10);
    std::vector<long long> a, b, c;
    std::set<long long> seen;
    for (int i = 0; i < 200; ++i) {
        a.push_back(one.pick(ask));
        b.push_back(same.pick(ask));
        c.push_back(other.pick(ask));
        const long long n = one.pick(number);
        CHECK(same.pick(number) == n);
        CHECK(n >= -2);
        CHECK(n <= 2);
        seen.insert(n);
    }
    CHECK(a == b);
    CHECK(a != c);
    CHECK(seen.size() == 5);
    CHECK(std::set<long long>(a.begin(), a.end()).size() == 3);
}
