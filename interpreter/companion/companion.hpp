#pragma once
// The table companion's JSON API, apart from HTTP: the bots, new and saved games, and each
// game's steps, answers, undo, corrections, show and why. Games are the terminal's (Table):
// the same journal files, so a game moves between the page and `soloist play`. Many games at
// once, each behind its own lock; a bot's runaway script stops its own game only.
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/common.hpp"
#include "cli/table.hpp"

namespace soloist::companion {

// An API answer: the HTTP status and its JSON body ({"error": "..."} when it failed).
struct Reply {
    int status = 200;
    nlohmann::json body;
};

class Companion {
public:
    explicit Companion(const cli::Common& common) : common_(common) {}

    // GET /api/bots: every bot with its options (the form to start a game) and its house rules.
    Reply bots() const;
    // GET /api/games: the saved games, newest first.
    Reply saved_games() const;
    // POST /api/games {"bot": id, "options": {id: value}, "rules": id or null, "seed": "N" or N}
    Reply start(const nlohmann::json& request);
    // POST /api/games/{id}/resume: a saved game, open on the page from its question.
    Reply resume(const std::string& id);
    // GET /api/games/{id}?after=N (&wait=S: until something happens, at most S seconds): the
    // game's step, its events after the N-th, and what the player may correct.
    Reply state(const std::string& id, std::size_t after, std::chrono::milliseconds wait);
    // POST /api/games/{id}/answer {"value": ...}, /undo, /set {"id": name, "value": n}
    Reply answer(const std::string& id, const nlohmann::json& request);
    Reply undo(const std::string& id);
    Reply correct(const std::string& id, const nlohmann::json& request);
    // GET /api/games/{id}/show and /why
    Reply show(const std::string& id);
    Reply why(const std::string& id);

    // A game's id is its journal's file name without ".journal": letters, digits, '.', '_'
    // and '-', at most 200 characters, not starting with '.'.
    static bool valid_id(const std::string& id);

private:
    // One open game: its table, the events the page reads (numbered from 1), and who waits.
    struct Open {
        std::mutex lock;
        std::condition_variable changed;
        std::optional<cli::Table> table;
        std::vector<nlohmann::json> events;
    };

    std::shared_ptr<Open> find(const std::string& id);
    // The state after `after` events; the game's lock held.
    nlohmann::json state_of(const std::string& id, Open& g, std::size_t after) const;
    void add_show(Open& g);
    Reply changed(const std::string& id, Open& g, std::size_t before);

    const cli::Common& common_;
    mutable std::mutex games_lock_;
    std::map<std::string, std::shared_ptr<Open>> games_;
};

// A reply for a request the API cannot take: 400, 404, 409, 422...
Reply refused(int status, const std::string& message, nlohmann::json extra = nlohmann::json::object());

}  // namespace soloist::companion
