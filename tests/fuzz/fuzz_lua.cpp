// fuzz_lua: bot scripts from strangers, run in the sandbox through the real step machine.
//
// Each input is a bot's main.lua. A scratch bot folder (manifest with options, steps and two
// components) is written and loaded once; each input replaces its main.lua, which the runner
// reads at every start. The game runs with deterministic limits (an instruction count, a
// memory cap) and every question is answered with its first option, up to kMaxQuestions; at
// each question the correctable values are read, and the first one is set to its minimum.
// Any Lua error is a normal outcome. A crash, a sanitizer report, a C++ exception escaping,
// or one of these broken expectations is a finding:
// - the same game played again from its journal (the same calls, the entries the first game
//   journaled) gives the same transcript, byte for byte: replays must reproduce a game;
// - an input whose first line is `--sim` also plays as a simulation does (no transcript, a
//   state cache, answers given inside the bot's flow by Game::play_by): twice, the second game
//   from the first one's saved state, and both must end as the same game answered question by
//   question through Game::answer (also without a transcript, as lazy narration then differs).

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/common.hpp"
#include "domain/bot.hpp"
#include "domain/game.hpp"
#include "lua/lua_runner.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

constexpr int kMaxQuestions = 20;

const char* const kManifest = R"(id: fuzz
name: Fuzz
game: Fuzzing
version: 1.0.0
description: A bot whose main.lua is the fuzzer's input.
entry: main.lua
options:
  - id: level
    type: choice
    default: normal
    allowed: [easy, normal, hard]
    description: A choice.
  - id: rounds
    type: integer
    default: 3
    min: 1
    max: 9
    description: An integer.
  - id: solo
    type: boolean
    default: true
    description: A boolean.
  - id: who
    type: string
    default: You
    description: A string.
components:
  cards:
    file: cards.yaml
    schema: cards
  deck:
    file: deck.yaml
    schema: deck
steps:
  - id: setup
    description: Setting up.
  - id: turn
    description: A turn.
  - id: score
    description: Scoring.
)";

const char* const kCards = "cards:\n  - id: c1\n    value: 1\n  - id: c2\n    value: 2\n  - id: c3\n    value: 3\n";
const char* const kDeck = "id: pile\ncards: [c1, c2, c3, c1]\n";

// Deterministic: an instruction count, never the clock (whose count-mode backstop, at 5 x
// max_seconds, only ends a script stuck in one long C call). 32 MiB keeps a memory bomb quick.
Limits fuzz_limits() {
    Limits l;
    l.mode = Limits::Mode::count;
    l.max_instructions = 200'000;
    l.max_memory = 32u << 20;
    l.max_seconds = 2.0;
    return l;
}

struct FuzzBot {
    std::filesystem::path dir = fuzz::scratch_dir() / "bot";
    std::filesystem::path lib_dir = Library::in_use().scripts_dir / "lib";
    std::unique_ptr<Bot> bot;
    nlohmann::json options;

    FuzzBot() {
        std::filesystem::create_directories(dir);
        fuzz::write_text(dir / "bot.yaml", kManifest);
        fuzz::write_text(dir / "cards.yaml", kCards);
        fuzz::write_text(dir / "deck.yaml", kDeck);
        fuzz::write_text(dir / "main.lua", "return { result = 'win', summary = 'ok' }\n");
        bot = std::make_unique<Bot>(load_bot(dir, Library::in_use()));
        options = resolve_options(*bot, {}, nullptr);
        // scripts/lib compiled once, as the cache of checked bots keeps it (Bot::chunks): a
        // `require` of the library, and the simulation's state with every module, load these
        // instead of parsing the same text at every input. The bot's own files (main.lua, the
        // input) stay out, so they are compiled from their text every time.
        bot->chunks = lua::compile_bot_scripts(*bot, lib_dir);
        const std::string own = dir.lexically_normal().string();
        std::erase_if(bot->chunks, [&](const auto& chunk) { return chunk.first.starts_with(own); });
        if (bot->chunks.empty()) fuzz::fail("scripts/lib did not compile");
    }
};

std::unique_ptr<Game> new_game(const FuzzBot& fb, std::shared_ptr<ScriptCache> cache = nullptr) {
    GameSetup setup;
    setup.seed = 7;
    setup.limits = fuzz_limits();
    setup.options = fb.options;
    setup.created = "2000-01-01T00:00:00Z";
    setup.cache = std::move(cache);
    setup.lib_dir = fb.lib_dir;
    return cli::make_game(*fb.bot, std::move(setup));
}

// The first option: an ask's first choice, a confirm's yes, a number's minimum.
struct FirstOption final : AutoPlayer {
    long long pick(const Question& q) override {
        switch (q.kind) {
            case Question::Kind::ask: return 0;
            case Question::Kind::confirm: return 1;
            case Question::Kind::number: return q.min;
        }
        return 0;
    }
};

std::string shown(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

struct Played {
    Game::Status status = Game::Status::failed;
    std::string ending, error, transcript, journal;
};

Played outcome_of(const Game& g) {
    Played p;
    p.status = g.status();
    if (p.status == Game::Status::ended) p.ending = shown(g.ending());
    if (p.status == Game::Status::failed) {
        p.error = g.error();
        if (p.error.empty()) fuzz::fail("a failed game without an error message");
    }
    p.transcript = g.transcript().to_jsonl();
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& e : g.journal().entries) entries.push_back({e.kind == JournalEntry::Kind::answer, e.question, e.value, e.target});
    p.journal = shown(entries);
    return p;
}

// Plays `g` from its start. Without `script` it decides (first options, a correction of the
// first correctable value); with it, it makes the moves that journal holds, at the same points.
Played drive(Game& g, const std::vector<JournalEntry>* script) {
    std::size_t next = 0;
    try {
        g.start();
        for (int asked = 0; asked < kMaxQuestions && g.status() == Game::Status::question; ++asked) {
            (void)g.step_json();
            const int number = g.question().number;
            // The getters run at every question, in both games: a front end reads them any time.
            const auto values = g.correctables();
            if (script) {
                while (next < script->size() && (*script)[next].question == number &&
                       g.status() == Game::Status::question) {
                    const auto& e = (*script)[next++];
                    try {
                        if (e.kind == JournalEntry::Kind::correction) g.correct(e.target, e.value.get<long long>());
                        else g.answer(e.value);
                    } catch (const std::exception& x) {  // IllegalAnswer, GameError
                        fuzz::fail(std::string("the journal does not replay: ") + x.what());
                    }
                }
                if (next == script->size()) break;
                continue;
            }
            if (!values.empty()) {
                try {
                    g.correct(values.front().id, values.front().min);
                } catch (const GameError&) {  // the getters changed their minds: fine
                }
                if (g.status() != Game::Status::question) break;
            }
            const auto answer = g.question().answer_for(FirstOption().pick(g.question()));
            if (!answer) fuzz::fail("the first option of a question is not a legal answer: " + shown(g.question().to_json()));
            g.answer(*answer);
        }
    } catch (const std::exception& e) {
        fuzz::fail(std::string("a C++ exception escaped the step machine: ") + e.what());
    }
    return outcome_of(g);
}

// Only a script stuck in one long C call meets the clock; the replay may then differ.
bool clock_decided(const Played& p) { return p.error.find("wall-clock") != std::string::npos; }
bool memory_decided(const Played& p) { return p.error.find("of memory") != std::string::npos; }

void same(const Played& a, const Played& b, const std::string& what) {
    auto field = [&](const std::string& name, const std::string& x, const std::string& y) {
        if (x != y) fuzz::fail(what + ": the " + name + " differs:\n--- first\n" + x + "\n--- second\n" + y);
    };
    field("status", std::to_string(static_cast<int>(a.status)), std::to_string(static_cast<int>(b.status)));
    field("error", a.error, b.error);
    field("ending", a.ending, b.ending);
    field("journal", a.journal, b.journal);
}

// As `soloist sim` plays: no transcript (so lazy narration is skipped), answers inside the
// bot's flow, a shared state cache. Without `cache`, the same game answered through answer().
Played simulate(const FuzzBot& fb, const std::shared_ptr<ScriptCache>& cache) {
    auto g = new_game(fb, cache);
    g->keep_transcript(false);
    FirstOption player;
    if (cache) g->play_by(player, kMaxQuestions);
    try {
        g->start();
        // As cli/simulation.cpp: what does not come inline (the first game's warm point) is
        // answered through answer().
        while (g->status() == Game::Status::question && g->journal().entries.size() < kMaxQuestions) {
            const auto answer = g->question().answer_for(player.pick(g->question()));
            if (!answer) fuzz::fail("the first option of a question is not a legal answer: " + shown(g->question().to_json()));
            g->answer(*answer);
        }
    } catch (const std::exception& e) {
        fuzz::fail(std::string("a C++ exception escaped a simulated game: ") + e.what());
    }
    return outcome_of(*g);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const FuzzBot fb;
    const std::string_view script(reinterpret_cast<const char*>(data), size);
    fuzz::write_text(fb.dir / "main.lua", script);

    auto first = new_game(fb);
    const Played played = drive(*first, nullptr);

    auto again = new_game(fb);
    const Played replayed = drive(*again, &first->journal().entries);
    if (!clock_decided(played) && !clock_decided(replayed)) {
        same(played, replayed, "the game played again from its journal");
        if (played.transcript != replayed.transcript)
            fuzz::fail("the transcript of the game played again from its journal differs:\n--- first\n" +
                       played.transcript + "\n--- again\n" + replayed.transcript);
    }

    if (script.substr(0, 5) == "--sim") {
        const auto cache = lua::make_script_cache();
        const Played a = simulate(fb, cache), b = simulate(fb, cache), quiet = simulate(fb, nullptr);
        if (!clock_decided(a) && !clock_decided(b)) same(a, b, "a simulated game started from the saved state");
        // The same picks give the same game either way, unless memory decided it: a
        // simulation's state holds every module of the bot and of scripts/lib.
        if (!clock_decided(a) && !clock_decided(quiet) && !memory_decided(a) && !memory_decided(quiet))
            same(quiet, a, "the simulated game against the same game answered through Game::answer");
    }
    return 0;
}
