#include "domain/question.hpp"

#include <algorithm>
#include <cctype>

#include "domain/numbers.hpp"

namespace soloist {

const char* kind_name(Question::Kind k) {
    switch (k) {
        case Question::Kind::ask: return "ask";
        case Question::Kind::confirm: return "confirm";
        case Question::Kind::number: return "number";
    }
    return "?";
}

nlohmann::json Question::to_json() const {
    nlohmann::json j = {{"event", kind_name(kind)}, {"question", number}, {"prompt", prompt}};
    if (!step.empty()) j["step"] = step;
    if (kind == Kind::ask) {
        auto& opts = j["options"] = nlohmann::json::array();
        for (const auto& c : choices) opts.push_back({{"id", c.id}, {"label", c.label}});
    } else if (kind == Kind::number) {
        j["min"] = min;
        j["max"] = max;
    }
    return j;
}

std::string Question::legal_answers() const {
    switch (kind) {
        case Kind::confirm: return "yes or no";
        case Kind::number:
            return "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
        case Kind::ask: {
            std::string s;
            for (std::size_t i = 0; i < choices.size(); ++i) {
                if (i) s += ", ";
                s += std::to_string(i + 1) + ") " + choices[i].id;
            }
            return s;
        }
    }
    return {};
}

static std::string lower_trimmed(std::string s) {
    auto not_space = [](unsigned char c) { return !std::isspace(c); };
    s.erase(s.begin(), std::find_if(s.begin(), s.end(), not_space));
    s.erase(std::find_if(s.rbegin(), s.rend(), not_space).base(), s.end());
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::optional<nlohmann::json> Question::accept(const nlohmann::json& given) const {
    switch (kind) {
        case Kind::confirm: {
            if (given.is_boolean()) return given;
            if (const auto n = json_integer(given); n && (*n == 1 || *n == 2)) return *n == 1;  // as numbered
            if (!given.is_string()) return std::nullopt;
            const auto s = lower_trimmed(given.get<std::string>());
            if (s == "y" || s == "yes" || s == "true" || s == "1") return true;
            if (s == "n" || s == "no" || s == "false" || s == "2") return false;
            return std::nullopt;
        }
        case Kind::number: {
            // Through the range-checked parsers: 18446744073709551615 is not -1.
            std::optional<long long> n;
            if (given.is_number_integer()) n = json_integer(given);
            else if (given.is_string()) n = parse_signed(lower_trimmed(given.get<std::string>()));
            if (!n || *n < min || *n > max) return std::nullopt;
            return *n;
        }
        case Kind::ask: {
            std::optional<long long> index;
            if (given.is_number_integer()) index = json_integer(given);
            else if (given.is_string()) {
                const auto& text = given.get_ref<const std::string&>();
                // An exact id wins over a number, so an option may be called "2".
                for (const auto& c : choices)
                    if (c.id == text) return c.id;
                const auto folded = lower_trimmed(text);
                for (const auto& c : choices)
                    if (lower_trimmed(c.id) == folded) return c.id;
                index = parse_signed(folded);
            }
            if (index && *index >= 1 && *index <= static_cast<long long>(choices.size()))
                return choices[static_cast<std::size_t>(*index - 1)].id;
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::optional<nlohmann::json> Question::answer_for(long long pick) const {
    switch (kind) {
        case Kind::ask:
            if (pick < 0 || pick >= static_cast<long long>(choices.size())) return std::nullopt;
            return choices[static_cast<std::size_t>(pick)].id;
        case Kind::confirm:
            if (pick != 0 && pick != 1) return std::nullopt;
            return pick == 1;
        case Kind::number:
            if (pick < min || pick > max) return std::nullopt;
            return pick;
    }
    return std::nullopt;
}

}  // namespace soloist
