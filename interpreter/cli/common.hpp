#pragma once
// What the `soloist` commands share: finding and loading bots, building a game from the
// command line or from a journal, reading answer files.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/bot.hpp"
#include "domain/checked_bots.hpp"
#include "domain/game.hpp"
#include "domain/journal.hpp"

namespace soloist::cli {

// Exit codes: 0 ok, 1 a game or validation error, 2 a usage error.
inline constexpr int exit_ok = 0, exit_game_error = 1, exit_usage = 2;

// Options every command shares.
struct Common {
    std::vector<std::filesystem::path> bot_dirs;  // --bots DIR (repeatable)
    Limits limits;
    std::string limits_mode = "watchdog";  // --limits watchdog|count|none
    double max_memory_mib = 256;

    Library library() const { return Library::in_use(); }
    Limits effective_limits() const;
};

// What a new game is started with.
struct GameRequest {
    std::string bot;
    std::optional<std::uint64_t> seed;
    std::vector<std::string> options;  // k=v
    std::filesystem::path rules_file;  // --rules
};

// A loaded bot and a game on it; the bot outlives the game.
struct Session {
    std::unique_ptr<Bot> bot;
    std::unique_ptr<Game> game;
};

// A game on `bot` (which must outlive it) run by the Lua engine, not yet started.
std::unique_ptr<Game> make_game(const Bot& bot, GameSetup setup);

Bot load_bot_named(const std::string& name, const Common& common);

// The bot in `dir` through the cache of checked bots (domain/checked_bots.hpp), its scripts
// compiled there too: the bot of load_bot, started faster.
Bot load_bot_cached(const std::filesystem::path& dir, const Library& library, CacheUse* use = nullptr);
HouseRules load_house_rules(const std::filesystem::path& file);

// A word for the shell: as it is when it is plain, else in single quotes.
std::string shell_word(const std::string& word);
std::uint64_t fresh_seed();

// A game from the command line, not yet started.
Session new_session(const GameRequest& request, const Common& common,
                    const std::vector<ForcedValue>& forced = {});
// A game rebuilt from a journal and replayed (up to `limit` entries). A journal of other
// bot files is refused unless `force`; with force, replay stops where the game diverges and
// `divergence` says where.
Session session_from_journal(const Journal& journal, const Common& common, bool force,
                             std::size_t limit, std::optional<std::string>* divergence);

// Whether `bot` has the version and files the journal's game was played with.
bool same_bot_files(const Bot& bot, const JournalHeader& h);

// An answers file: a YAML list, or a journal (its answers and corrections).
// "1 game", "3 games": a count and its word, in the plural unless it is 1.
std::string counted(std::size_t n, const std::string& word);

// `journal` (when given) receives the header of a journal read as answers, so that a run can
// refuse a journal of another game.
std::vector<JournalEntry> load_answers(const std::filesystem::path& file, std::optional<JournalHeader>* journal = nullptr);
// YAML answers as entries: strings, booleans, integers, or {correct: id, value: n}.
std::vector<JournalEntry> answers_from_json(const nlohmann::json& list, const std::string& where);

// Feeds answers in order; returns an error message for an illegal answer (naming the step
// number, the question and the legal answers) or nullopt.
std::optional<std::string> feed_answers(Game& game, const std::vector<JournalEntry>& answers);

// Writes text to a file atomically, or to stdout when path is "-" or empty. A symbolic link
// is written through, a device or a FIFO directly (see write_file_atomically).
void write_output(const std::filesystem::path& path, const std::string& text);

// Numbers on the command line, each refused unless it is in its range, with a UsageError
// (exit 2) naming the option, the range and what was given: nothing wraps, saturates or
// falls back to a default.
inline constexpr std::uint64_t kMaxCount = 100'000'000;  // --games, --until
inline constexpr double kMaxSeconds = 3600;               // --max-seconds
inline constexpr std::uint64_t kMaxMemoryMib = 65536;     // --max-memory
// 0 to 18446744073709551615, in decimal digits.
std::uint64_t seed_option(const std::string& option, const std::string& text);
// A whole number (of `unit`, when given) from min to max, in decimal digits.
std::uint64_t count_option(const std::string& option, const std::string& text, std::uint64_t min, std::uint64_t max,
                           const std::string& unit = "");
// A number of seconds above 0 and at most kMaxSeconds ("2", "0.5").
double seconds_option(const std::string& option, const std::string& text);

}  // namespace soloist::cli
