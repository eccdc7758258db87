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

    Library library() const { return Library::from_source_tree(); }
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
HouseRules load_house_rules(const std::filesystem::path& file);
std::uint64_t fresh_seed();

// A game from the command line, not yet started.
Session new_session(const GameRequest& request, const Common& common,
                    const std::vector<ForcedValue>& forced = {});
// A game rebuilt from a journal and replayed (up to `limit` entries). A journal of other
// bot files is refused unless `force`; with force, replay stops where the game diverges and
// `divergence` says where.
Session session_from_journal(const Journal& journal, const Common& common, bool force,
                             std::size_t limit, std::optional<std::string>* divergence);

// An answers file: a YAML list, or a journal (its answers and corrections).
std::vector<JournalEntry> load_answers(const std::filesystem::path& file);
// YAML answers as entries: strings, booleans, integers, or {correct: id, value: n}.
std::vector<JournalEntry> answers_from_json(const nlohmann::json& list, const std::string& where);

// Feeds answers in order; returns an error message for an illegal answer (naming the step
// number, the question and the legal answers) or nullopt.
std::optional<std::string> feed_answers(Game& game, const std::vector<JournalEntry>& answers);

// Writes text to a file atomically, or to stdout when path is "-" or empty.
void write_output(const std::filesystem::path& path, const std::string& text);

}  // namespace soloist::cli
