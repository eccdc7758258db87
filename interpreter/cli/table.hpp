#pragma once
// A game at the table and its journal file: what the terminal (`soloist play`) and the
// companion page (`soloist serve`) share. Every answer and correction is saved as it comes;
// undo replaces the game only once the shorter journal is saved; a game resumes from its file.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common.hpp"

namespace soloist::cli {

class Table {
public:
    // A new game, saved to `path` (empty: a new file in saved_games_dir()), not yet begun:
    // begin() starts it. Events go to `listener` as they happen, from the first. Throws
    // UsageError or GameError.
    static Table create(const GameRequest& request, const Common& common, std::filesystem::path path,
                        Transcript::Listener listener);
    // Runs a new game to its first question and saves its journal. Throws GameError.
    void begin();
    // The game saved at `path`, replayed silently; then events go to `listener`. Throws
    // GameError (or JournalError) saying why it cannot be resumed.
    static Table resume(const std::filesystem::path& path, const Common& common, bool force,
                        Transcript::Listener listener);

    Game& game() { return *session_.game; }
    const Game& game() const { return *session_.game; }
    const Bot& bot() const { return *session_.bot; }
    const std::filesystem::path& path() const { return path_; }

    // Answers the question (saved at once). Throws IllegalAnswer or GameError.
    void answer(const nlohmann::json& value) { session_.game->answer(value); }
    // Corrects a value at the prompt (saved at once). Throws GameError.
    void correct(const std::string& id, long long value) { session_.game->correct(id, value); }
    // Takes back the last answer or correction. Throws GameError, with the game and its file
    // as they were, when there is nothing to undo or it cannot be saved.
    void undo();
    // The bot's state as it is now (see Game::current_show).
    nlohmann::json show(std::string& error) const { return session_.game->current_show(error); }
    // The reasons the bot gave for its last decisions (ui.why).
    const std::vector<std::string>& reasons() const;
    // What the bot said and did since the player's last answer (the whole game when nothing
    // was answered), `show` events left out, and that answer (null when none).
    std::vector<nlohmann::json> since_last_answer(nlohmann::json& last_answer) const;
    // Makes sure the file holds the game as it is now (it may have been removed or changed
    // since). Throws GameError when it cannot be saved.
    void ensure_saved();

private:
    Table(const Common& common, std::filesystem::path path, Transcript::Listener listener, bool force);
    Session rebuild(const Journal& journal) const;

    const Common* common_;
    std::filesystem::path path_;
    Transcript::Listener listener_;
    bool force_ = false;
    Session session_;
    Journal disk_;                    // what the journal file holds, as of synced_entries_
    std::size_t synced_entries_ = 0;  // the game's entries when disk_ was set; more: each one saved
};

// A new saved game's file: <bot>-<local date and time>-<seed>.journal in saved_games_dir().
std::filesystem::path new_journal_path(const std::string& bot, std::uint64_t seed);

}  // namespace soloist::cli
