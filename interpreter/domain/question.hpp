#pragma once
// A question the bot asks the player, with its legal answers.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace soloist {

struct Choice {
    std::string id;
    std::string label;
};

struct Question {
    enum class Kind { ask, confirm, number };
    Kind kind = Kind::ask;
    int number = 0;        // 1-based count of questions in this game
    std::string prompt;
    std::vector<Choice> choices;  // ask only
    long long min = 0, max = 0;   // number only
    std::string step;             // the flowchart step that asked

    nlohmann::json to_json() const;
    // "1) no swap, 2) swap-1-2" or "yes or no" or "a whole number from 0 to 30".
    std::string legal_answers() const;
    // The canonical answer (string id | bool | integer) for what the player gave:
    // an option's id or its 1-based number, yes/no, a number in range. nullopt if illegal.
    std::optional<nlohmann::json> accept(const nlohmann::json& given) const;
    // The canonical answer for a pick (as AutoPlayer::pick gives it): an ask's choice at
    // index `pick` (0-based), a confirm's yes for 1 and no for 0, or the number itself.
    // nullopt if the pick is not a legal answer.
    std::optional<nlohmann::json> answer_for(long long pick) const;
};

// A player who answers every question at once, without a prompt: a simulation's player.
class AutoPlayer {
public:
    // An ask: the 0-based index of the choice; a confirm: 1 for yes, 0 for no; a number:
    // the number, from min to max.
    virtual long long pick(const Question& q) = 0;

protected:
    ~AutoPlayer() = default;
};

const char* kind_name(Question::Kind);

// A value of the bot's that the player may correct at any prompt ("set gold 3").
struct Correctable {
    std::string id, label;
    long long min = 0, max = 0;
    std::optional<long long> value;  // what the bot holds now, when it could be read
};

}  // namespace soloist
