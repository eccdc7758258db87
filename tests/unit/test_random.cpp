// Randomness: the published reference values of the generators, our streams pinned as
// literals (any change to the algorithms breaks a replay, and this test), stream
// independence, bounded integers and the values a scenario forces.

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "domain/random.hpp"
#include "lua_test_support.hpp"

using namespace soloist;
using nlohmann::json;

TEST_CASE("splitmix64 from state 0 gives the published first value", "[random]") {
    std::uint64_t state = 0;
    CHECK(splitmix64(state) == 0xe220a8397b1dcdafull);
    CHECK(state == 0x9e3779b97f4a7c15ull);
}

TEST_CASE("xoshiro256** from state {1,2,3,4} gives the published sequence", "[random]") {
    Xoshiro256ss x(std::array<std::uint64_t, 4>{1, 2, 3, 4});
    CHECK(x.next() == 11520ull);
    CHECK(x.next() == 0ull);
    CHECK(x.next() == 1509978240ull);
    CHECK(x.next() == 1215971899390074240ull);
}

TEST_CASE("our streams are pinned: seed 42, dice:d6 and a permutation of 10", "[random]") {
    RandomStreams dice(42);
    std::vector<std::uint64_t> rolls;
    for (int i = 0; i < 10; ++i) rolls.push_back(dice.below("dice:d6", 6));
    CHECK(rolls == std::vector<std::uint64_t>{1, 5, 0, 2, 1, 2, 0, 2, 2, 4});

    RandomStreams deck(42);
    CHECK(deck.permutation("deck:cards", 10) == std::vector<std::size_t>{8, 7, 4, 0, 2, 1, 9, 3, 5, 6});

    RandomStreams wide(42);
    CHECK(wide.below("b", 1000000) == 83512);
    CHECK(wide.below("b", 1000000) == 845040);
    CHECK(wide.below("b", 1000000) == 140135);
}

TEST_CASE("the same seed and stream give the same sequence; another seed another", "[random]") {
    RandomStreams a(7), b(7), c(8);
    std::vector<std::uint64_t> va, vb, vc;
    for (int i = 0; i < 20; ++i) {
        va.push_back(a.below("s", 1000));
        vb.push_back(b.below("s", 1000));
        vc.push_back(c.below("s", 1000));
    }
    CHECK(va == vb);
    CHECK(va != vc);
}

TEST_CASE("streams are independent: drawing from one leaves another unchanged", "[random]") {
    RandomStreams alone(42), mixed(42);
    std::vector<std::uint64_t> b_alone, b_mixed;
    for (int i = 0; i < 10; ++i) b_alone.push_back(alone.below("b", 100));
    for (int i = 0; i < 10; ++i) {
        mixed.below("a", 100);
        mixed.below("a", 7);
        b_mixed.push_back(mixed.below("b", 100));
        mixed.permutation("a", 5);
    }
    CHECK(b_alone == b_mixed);

    // Distinct names give distinct streams.
    RandomStreams s(42);
    std::vector<std::uint64_t> a_seq, b_seq;
    for (int i = 0; i < 10; ++i) {
        a_seq.push_back(s.below("a", 1000000));
        b_seq.push_back(s.below("b", 1000000));
    }
    CHECK(a_seq != b_seq);
}

TEST_CASE("below(n) gives every value of 0..n-1 and nothing else", "[random]") {
    RandomStreams r(3);
    for (std::uint64_t n = 1; n <= 10; ++n) {
        std::set<std::uint64_t> seen;
        for (int i = 0; i < 500; ++i) {
            const auto v = r.below("cover", n);
            REQUIRE(v < n);
            seen.insert(v);
        }
        CHECK(seen.size() == n);
    }
    CHECK_THROWS_AS(r.below("cover", 0), std::invalid_argument);
    Xoshiro256ss x(1);
    CHECK_THROWS_WITH(x.below(0), "random range is empty");
    CHECK(x.below(1) == 0);
}

TEST_CASE("a permutation holds every index once", "[random]") {
    RandomStreams r(9);
    for (std::size_t n : {0, 1, 2, 5, 52}) {
        auto p = r.permutation("deck", n);
        REQUIRE(p.size() == n);
        std::sort(p.begin(), p.end());
        for (std::size_t i = 0; i < n; ++i) CHECK(p[i] == i);
    }
}

TEST_CASE("forced values are consumed in order per stream, and the rest reported unused", "[random]") {
    RandomStreams r(1);
    r.force({"dice:d6", 3});
    r.force({"dice:d6", 5});
    r.force({"bag:guilds", "red"});
    r.force({"dice:d6", 1});

    CHECK(r.take_forced("other") == std::nullopt);
    CHECK(r.take_forced("dice:d6") == json(3));
    CHECK(r.take_forced("dice:d6") == json(5));

    const auto unused = r.unused_forced();
    REQUIRE(unused.size() == 2);
    CHECK(unused[0].stream == "bag:guilds");
    CHECK(unused[0].value == "red");
    CHECK(unused[1].stream == "dice:d6");
    CHECK(unused[1].value == 1);

    CHECK(r.take_forced("dice:d6") == json(1));
    CHECK(r.take_forced("dice:d6") == std::nullopt);
    CHECK(r.take_forced("bag:guilds") == json("red"));
    CHECK(r.unused_forced().empty());
}

TEST_CASE("forcing does not disturb the stream's own sequence", "[random]") {
    RandomStreams plain(42), forced(42);
    forced.force({"dice:d6", 4});
    CHECK(forced.take_forced("dice:d6") == json(4));
    for (int i = 0; i < 5; ++i) CHECK(plain.below("dice:d6", 6) == forced.below("dice:d6", 6));
}

TEST_CASE("a bot's random calls take forced values and report the unused ones", "[random][lua]") {
    test::TempDir tmp;
    tmp.write("tiny/bot.yaml", test::tiny_manifest());
    tmp.write("tiny/main.lua", R"lua(
local a = random.roll("d6", 6)
local b = random.roll("d6", 6)
local c = random.int("wide", 10, 20)
local i, v = random.pick("pick", { "x", "y", "z" })
return { result = "win", summary = string.format("%d %d %d %d %s", a, b, c, i, v) }
)lua");
    Bot bot = load_bot(tmp.path() / "tiny", Library::in_use());
    GameSetup setup;
    setup.seed = 42;
    setup.limits = test::test_limits();
    setup.forced = {{"d6", 6}, {"wide", 17}, {"pick", "z"}, {"unused", 1}, {"d6", 9}};
    // d6 is forced twice (6, then 9): 9 is out of range and stops the game.
    auto game = cli::make_game(bot, setup);
    game->start();
    REQUIRE(game->status() == Game::Status::failed);
    CHECK_THAT(game->error(), Catch::Contains("the forced value 9 for stream 'd6' is not a whole number from 1 to 6"));
    CHECK_THAT(game->error(), Catch::Contains("main.lua:3"));

    setup.forced = {{"d6", 6}, {"wide", 17}, {"pick", "z"}, {"unused", 1}};
    auto ok = cli::make_game(bot, setup);
    ok->start();
    REQUIRE(ok->status() == Game::Status::ended);
    // The second d6 roll is not forced: it comes from the stream (seed 42, "d6").
    RandomStreams reference(42);
    const auto second = 1 + reference.below("d6", 6);
    CHECK(ok->ending()["summary"] == "6 " + std::to_string(second) + " 17 3 z");
    const auto unused = ok->unused_forced();
    REQUIRE(unused.size() == 1);
    CHECK(unused[0].stream == "unused");
    CHECK(unused[0].value == 1);

    // Forced results are marked in the transcript.
    int forced_events = 0;
    for (const auto& e : ok->transcript().events())
        if (e.value("forced", false)) ++forced_events;
    CHECK(forced_events == 3);
}
