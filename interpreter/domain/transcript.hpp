#pragma once
// The transcript: every event of a game as JSON Lines (say, why, show, roll, shuffle,
// pick, draw, ask, answer, correct, step, start, end, error).
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace soloist {

class Transcript {
public:
    using Listener = std::function<void(const nlohmann::json&)>;

    void emit(nlohmann::json event);
    const std::vector<nlohmann::json>& events() const { return events_; }
    // One line per event, in order: byte-identical for identical games.
    std::string to_jsonl() const;
    static std::string line(const nlohmann::json& event);
    // Front ends listen to show each event as it happens.
    void set_listener(Listener l) { listener_ = std::move(l); }
    // A simulator that needs no transcript stops keeping events (show and why still count).
    void keep_events(bool keep) { keep_ = keep; }
    // False when nobody would see an event: scripts then skip building it.
    bool recording() const { return keep_ || listener_; }

    // The last `show` and the reasons given since the last question, for `show` and `why`.
    const nlohmann::json& last_show() const { return last_show_; }
    const std::vector<std::string>& last_reasons() const { return last_reasons_; }

private:
    std::vector<nlohmann::json> events_;
    nlohmann::json last_show_;
    std::vector<std::string> reasons_since_question_, last_reasons_;
    Listener listener_;
    bool keep_ = true;
};

}  // namespace soloist
