#include "cli/table.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "cli/terminal.hpp"

namespace soloist::cli {

std::filesystem::path new_journal_path(const std::string& bot, std::uint64_t seed) {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    localtime_r(&t, &tm);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    return saved_games_dir() / (bot + "-" + stamp + "-" + std::to_string(seed) + ".journal");
}

Table::Table(const Common& common, std::filesystem::path path, Transcript::Listener listener, bool force)
    : common_(&common), path_(std::move(path)), listener_(std::move(listener)), force_(force) {}

Table Table::create(const GameRequest& request, const Common& common, std::filesystem::path path,
                    Transcript::Listener listener) {
    Table t(common, std::move(path), std::move(listener), false);
    t.session_ = new_session(request, common);
    if (t.path_.empty()) t.path_ = new_journal_path(t.session_.bot->id, t.session_.game->setup().seed);
    return t;
}

void Table::begin() {
    std::error_code ec;
    std::filesystem::create_directories(path_.parent_path().empty() ? "." : path_.parent_path(), ec);
    if (listener_) session_.game->set_listener(listener_);
    session_.game->start();
    session_.game->autosave_to(path_);
    try {
        // The file is written now (a path that cannot be written says so before the first
        // question), but made durable only with the first answer: until then it holds nothing
        // that could be lost, and an fsync would cost the player milliseconds of start-up.
        save_journal(path_, session_.game->journal(),
                     session_.game->journal().entries.empty() ? Durability::later : Durability::now);
    } catch (const std::exception& e) {
        throw GameError(std::string("could not save the game: ") + e.what());
    }
    disk_ = session_.game->journal();
    synced_entries_ = disk_.entries.size();
}

Table Table::resume(const std::filesystem::path& path, const Common& common, bool force, Transcript::Listener listener) {
    Table t(common, path, std::move(listener), force);
    t.disk_ = load_journal(path);
    t.session_ = t.rebuild(t.disk_);
    t.synced_entries_ = t.session_.game->journal().entries.size();
    if (t.listener_) t.session_.game->set_listener(t.listener_);
    return t;
}

// A game rebuilt from `journal`, silently, saving to path_ from then on; the game being
// played is not touched.
Session Table::rebuild(const Journal& journal) const {
    Session s = session_from_journal(journal, *common_, force_, journal.entries.size(), nullptr);
    s.game->autosave_to(path_);
    return s;
}

// The game without its last entry replaces the game only once the shorter journal is saved:
// a failed rebuild or save leaves the game, and the file, as they were.
void Table::undo() {
    Journal shorter = session_.game->journal();
    if (shorter.entries.empty()) throw GameError("Nothing to undo.");
    shorter.entries.pop_back();
    Session rebuilt;
    try {
        rebuilt = rebuild(shorter);
    } catch (const std::exception& e) {
        throw GameError(std::string(e.what()) + "\nNothing was undone.");
    }
    try {
        save_journal(path_, shorter);
    } catch (const std::exception& e) {
        throw GameError(std::string("could not save the game: ") + e.what() +
                        "\nNothing was undone: the game and its journal are as they were. Undo again once the problem "
                        "is solved, or quit.");
    }
    session_ = std::move(rebuilt);
    disk_ = std::move(shorter);
    synced_entries_ = session_.game->journal().entries.size();
    if (listener_) session_.game->set_listener(listener_);
}

const std::vector<std::string>& Table::reasons() const { return session_.game->transcript().last_reasons(); }

std::vector<nlohmann::json> Table::since_last_answer(nlohmann::json& last_answer) const {
    const auto& events = session_.game->transcript().events();
    std::size_t from = events.size();
    while (from > 0 && events[from - 1].value("event", "") != "answer") --from;
    last_answer = from == 0 ? nlohmann::json() : events[from - 1]["value"];
    std::vector<nlohmann::json> told;
    for (std::size_t i = from; i < events.size(); ++i)
        if (events[i].value("event", "") != "show") told.push_back(events[i]);
    return told;
}

// Every answer was saved as it came (a failed save recorded nothing), but the file may have
// been removed or changed since; then it is saved again. Until the first answer after a
// resume, the file holds what the game was resumed from (with --force, more than was replayed).
void Table::ensure_saved() {
    const Journal& game = session_.game->journal();
    const Journal& expected = game.entries.size() == synced_entries_ ? disk_ : game;
    bool saved = false;
    try {
        const Journal on_disk = load_journal(path_);
        saved = on_disk.entries.size() == expected.entries.size() &&
                std::equal(expected.entries.begin(), expected.entries.end(), on_disk.entries.begin(),
                           [](const JournalEntry& a, const JournalEntry& b) { return to_json(a) == to_json(b); });
    } catch (const std::exception&) {
    }
    if (saved) return;
    try {
        save_journal(path_, game);
    } catch (const std::exception& e) {
        throw GameError(std::string("could not save the game: ") + e.what() + "\n" + path_.string() +
                        " does not hold the game as it is now (" + std::to_string(game.entries.size()) + " answers).");
    }
}

}  // namespace soloist::cli
