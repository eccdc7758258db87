#pragma once
// The boundary between the step machine and the script engine that runs a bot.
// The domain layer sees only this interface; the Lua engine implements it.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/question.hpp"

namespace soloist {

struct Bot;
class RandomStreams;
class Transcript;

// What stops a runaway script. Between two questions a script may run for max_seconds
// (watchdog mode: a timer installs a hook only when the budget is spent, so a script costs
// nothing until then) or max_instructions (count mode: a count hook traps every
// instruction, deterministic but slower). Memory is capped by the allocator in every mode.
struct Limits {
    enum class Mode { watchdog, count, none };
    Mode mode = Mode::watchdog;
    double max_seconds = 2.0;
    std::uint64_t max_instructions = 500'000'000;
    std::size_t max_memory = 256u << 20;
    // A script stuck inside one long library call (a pathological string.find) cannot be
    // interrupted; with hard_stop the process then ends with a message, a grace period
    // after the time budget. The command line sets it: its journal is saved at every answer.
    bool hard_stop = false;

    bool operator==(const Limits&) const = default;
};

// What the games of one simulation share: they run the same bot files with the same options
// and limits, one game after another. The script engine keeps there what it would otherwise
// build again for every game (make_script_cache() of the engine makes one). The owner
// guarantees the bot's files do not change while it lives.
struct ScriptCache {
    virtual ~ScriptCache() = default;
};

// Answers a question while the bot runs, so that the bot goes on without being suspended:
// the Game does, for a simulated player (Game::play_by). The runner asks only when nobody
// reads the transcript; `pick` is as AutoPlayer::pick gives it.
class InlineAnswers {
public:
    // False: the question suspends the bot as usual.
    virtual bool answer_inline(const Question& q, long long& pick) = 0;

protected:
    ~InlineAnswers() = default;
};

// What a runner is made with. Its owner (the Game) keeps it, and what it points to, alive as
// long as the runner.
struct ScriptSetup {
    const Bot* bot = nullptr;
    const nlohmann::json* options = nullptr;  // resolved
    std::uint64_t seed = 0;
    std::filesystem::path rules_script;  // a house rule's Lua file, or empty
    std::filesystem::path lib_dir;       // scripts/lib
    Limits limits;
    RandomStreams* random = nullptr;
    Transcript* transcript = nullptr;
    std::shared_ptr<ScriptCache> cache;  // optional
    InlineAnswers* inline_answers = nullptr;  // optional
};

// Where the bot stopped. The runner owns it and fills it again at its next start or resume;
// the caller takes what it keeps (swapping the question out hands the runner back the
// caller's previous one, whose buffers the next question reuses).
struct ScriptOutcome {
    enum class Kind { question, end, error };
    Kind kind = Kind::error;
    Question question;      // kind == question
    nlohmann::json end;     // kind == end: {result, summary, scores}
    std::string error;      // kind == error: file:line: message, the step, a traceback
};

class ScriptRunner {
public:
    virtual ~ScriptRunner() = default;
    virtual ScriptOutcome& start() = 0;
    virtual ScriptOutcome& resume(const nlohmann::json& answer) = 0;
    virtual std::vector<Correctable> correctables() const = 0;
    // Applies a correction; returns an error message when the bot's setter refused it.
    virtual std::optional<std::string> correct(const std::string& id, long long value) = 0;
    // The bot's view built now, as a show event ({event = "show", title, entries}): its last
    // ui.show with the builder called again, so corrections and moves since are in it. Null
    // when the bot showed nothing yet, or when building it failed (`error` says why). Nothing
    // of the game changes: it is not journaled, and a replay makes no such call.
    virtual nlohmann::json view(std::string& error) = 0;
    // The waiting question's prompt built again (after a correction), when the bot gave a
    // function for it; nullopt otherwise or when it failed (`error` says why).
    virtual std::optional<std::string> prompt(std::string& error) = 0;
};

using RunnerFactory = std::function<std::unique_ptr<ScriptRunner>(const ScriptSetup&)>;

}  // namespace soloist
