#pragma once
// The step machine: a game is started, then answered question by question until it ends.
// Every front end (terminal, headless runner, scenario runner, simulator) drives this.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/bot.hpp"
#include "domain/journal.hpp"
#include "domain/question.hpp"
#include "domain/random.hpp"
#include "domain/script.hpp"
#include "domain/transcript.hpp"

namespace soloist {

// A house rule overlay (--rules FILE): options to set and a Lua file hooking steps.
struct HouseRules {
    std::filesystem::path file;    // the overlay YAML
    std::filesystem::path script;  // its Lua file, or empty
    nlohmann::json options = nlohmann::json::object();
    std::string hash;              // of the overlay and its script, for the journal
    nlohmann::json to_json() const;
};

// The time now as a journal's header writes it: UTC, ISO 8601, to the second.
std::string now_iso();

struct GameSetup {
    const Bot* bot = nullptr;
    std::filesystem::path lib_dir;
    nlohmann::json options = nlohmann::json::object();  // resolved
    std::uint64_t seed = 0;
    std::optional<HouseRules> rules;
    Limits limits;
    std::vector<ForcedValue> forced;  // scenarios only
    std::shared_ptr<ScriptCache> cache;  // shared by many games of one bot (simulation)
    std::string created;  // when the game was first started (a resumed game keeps its own)
};

// An answer that is not legal for the question: nothing is recorded.
struct IllegalAnswer : std::runtime_error {
    using std::runtime_error::runtime_error;
};

class Game final : private InlineAnswers {
public:
    enum class Status { question, ended, failed };

    Game(GameSetup setup, RunnerFactory factory);
    Game(const Game&) = delete;
    Game& operator=(const Game&) = delete;

    // Front ends listen to the transcript to show events as they happen.
    void set_listener(Transcript::Listener l) { transcript_.set_listener(std::move(l)); }
    // Saves the journal to `path` after every answer and correction, atomically.
    void autosave_to(std::filesystem::path path) { autosave_ = std::move(path); }
    // Headless simulation keeps no transcript.
    void keep_transcript(bool keep) { transcript_.keep_events(keep); }

    void start();
    Status status() const { return status_; }
    const Question& question() const { return question_; }
    const nlohmann::json& ending() const { return ending_; }
    const std::string& error() const { return error_; }
    // The current step as JSON, for any front end: {"status": "question", "question": {...}},
    // {"status": "ended", "end": {...}} or {"status": "failed", "error": "..."}.
    nlohmann::json step_json() const;

    // Answers the current question. Throws IllegalAnswer (naming the question number, the
    // question and the legal answers) without recording anything; GameError if the journal
    // cannot be saved (the previous journal is intact).
    void answer(const nlohmann::json& given);
    // A correction by the player; journaled like an answer. Throws GameError.
    void correct(const std::string& id, long long value);
    std::vector<Correctable> correctables() const;
    // The bot's state as it is now, for `show`: its view built again (Script::view), or the
    // last ui.show of the transcript when it has no view or building it failed (`error`
    // then says why). Changes nothing in the game.
    nlohmann::json current_show(std::string& error) const;

    // Lets `player` answer the questions that come while the bot runs, inside its flow,
    // without a round trip through answer() for each: a simulation. Every such answer is
    // journaled as answer() would. Only while nobody reads the transcript (no question or
    // answer events are made), and only until the journal holds `max_answers` entries;
    // other questions wait for answer() as usual. Call before start().
    void play_by(AutoPlayer& player, std::size_t max_answers);

    // Replays journal entries in order. Stops at the first entry that does not fit the
    // game (another bot version): returns a description of where it diverged.
    std::optional<std::string> replay(const std::vector<JournalEntry>& entries);

    const Journal& journal() const { return journal_; }
    const Transcript& transcript() const { return transcript_; }
    const GameSetup& setup() const { return setup_; }
    // Scenario values forced on a stream that no random call used.
    std::vector<ForcedValue> unused_forced() const { return random_.unused_forced(); }

private:
    void emit_start();
    void take(ScriptOutcome& outcome);
    void record(JournalEntry entry);
    bool answer_inline(const Question& q, long long& pick) override;

    GameSetup setup_;
    RandomStreams random_;
    Transcript transcript_;
    ScriptSetup script_setup_;  // what the runner was made with: it outlives the runner
    std::unique_ptr<ScriptRunner> runner_;
    Journal journal_;
    std::optional<std::filesystem::path> autosave_;
    Status status_ = Status::failed;
    Question question_;
    nlohmann::json ending_;
    std::string error_;
    AutoPlayer* player_ = nullptr;  // play_by
    std::size_t max_inline_answers_ = 0;
};

}  // namespace soloist
