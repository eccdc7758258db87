#include "domain/transcript.hpp"

namespace soloist {

std::string Transcript::line(const nlohmann::json& event) {
    // Invalid UTF-8 from a script is replaced, never thrown over.
    return event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void Transcript::emit(nlohmann::json event) {
    const auto& kind = event["event"];
    if (kind == "show") last_show_ = event;
    if (kind == "why") reasons_since_question_.push_back(event.value("text", ""));
    if (kind == "ask" || kind == "confirm" || kind == "number") {
        // `why` at a prompt explains the decisions made since the previous question;
        // if there were none, the older reasons still stand.
        if (!reasons_since_question_.empty()) last_reasons_ = std::move(reasons_since_question_);
        reasons_since_question_.clear();
    }
    if (listener_) listener_(event);
    if (keep_) events_.push_back(std::move(event));
}

std::string Transcript::to_jsonl() const {
    std::string out;
    for (const auto& e : events_) {
        out += line(e);
        out += '\n';
    }
    return out;
}

}  // namespace soloist
