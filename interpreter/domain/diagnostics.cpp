#include "domain/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace soloist {

std::string Diagnostic::to_string() const {
    std::string out = file;
    if (line > 0) {
        out += (out.empty() ? "" : ":") + std::to_string(line);
        if (column > 0) out += ":" + std::to_string(column);
    }
    if (!out.empty()) out += ": ";
    if (!path.empty()) out += "at " + path + ": ";
    return out + message;
}

Diagnostic more_problems(const std::string& file, std::size_t count) {
    Diagnostic d{file, 0, 0, "", "... and " + std::to_string(count) + " more problem" + (count == 1 ? "" : "s") + " in this file"};
    d.more = count;
    return d;
}

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
    // Each diagnostic's place in the order: its file's (files as they first appear), then a
    // summary line after the file's others, then line and column.
    std::unordered_map<std::string, std::size_t> file_rank;
    using Place = std::tuple<std::size_t, bool, int, int, std::size_t>;  // ..., index: keeps the order of equals
    std::vector<Place> order;
    order.reserve(diagnostics.size());
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        const std::size_t file = file_rank.try_emplace(d.file, file_rank.size()).first->second;
        order.emplace_back(file, d.more > 0, d.line, d.column, i);
    }
    std::sort(order.begin(), order.end());

    std::vector<Diagnostic> kept;
    std::unordered_set<std::string> seen;  // file, path and message of each diagnostic kept
    std::size_t shown = 0, hidden = 0;     // of the current file
    for (std::size_t k = 0; k < order.size(); ++k) {
        Diagnostic& d = diagnostics[std::get<4>(order[k])];
        const std::string file = d.file;
        if (d.more > 0) {
            hidden += d.more;
        } else if (seen.insert(d.file + '\0' + d.path + '\0' + d.message).second) {
            if (shown < kMaxDiagnosticsPerFile) {
                ++shown;
                kept.push_back(std::move(d));
            } else {
                ++hidden;
            }
        }
        const bool last_of_file = k + 1 == order.size() || std::get<0>(order[k + 1]) != std::get<0>(order[k]);
        if (last_of_file) {
            if (hidden > 0) kept.push_back(more_problems(file, hidden));
            shown = hidden = 0;
        }
    }
    diagnostics = std::move(kept);
}

std::size_t problem_count(const std::vector<Diagnostic>& diagnostics) {
    std::size_t n = 0;
    for (const auto& d : diagnostics) n += d.more > 0 ? d.more : 1;
    return n;
}

std::string clipped(const std::string& text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return text;
    std::size_t end = max_bytes > 3 ? max_bytes - 3 : 0;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;  // not inside a character
    return text.substr(0, end) + "...";
}

static std::string joined_diagnostics(const std::vector<Diagnostic>& diagnostics) {
    std::string out;
    for (const auto& d : diagnostics) {
        if (!out.empty()) out += '\n';
        out += d.to_string();
    }
    return out;
}

ValidationError::ValidationError(std::vector<Diagnostic> diags)
    : std::runtime_error(joined_diagnostics(diags)), diagnostics(std::move(diags)) {}

static std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// Classic two-row Levenshtein distance.
static std::size_t edit_distance(const std::string& a, const std::string& b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitute = prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, substitute});
        }
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

// Names longer than this get no suggestion: nobody mistypes a name that long, and the distance
// costs the product of the two lengths.
static constexpr std::size_t kLongestSuggestedName = 256;

std::string closest_name(const std::string& name, const std::vector<std::string>& valid) {
    if (name.size() > kLongestSuggestedName) return "";
    const std::string wanted = lower(name);
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    auto length_gap = [&](const std::string& s) { return s.size() > name.size() ? s.size() - name.size() : name.size() - s.size(); };
    std::string best;
    std::size_t best_distance = limit + 1;
    for (const auto& candidate : valid) {
        if (length_gap(candidate) > limit) continue;  // at least that many edits apart
        const std::size_t d = edit_distance(wanted, lower(candidate));
        // A distance as long as the candidate means nothing of it was kept: no hint.
        if (d >= candidate.size() || d > limit) continue;
        // On a tie, the candidate closest in length: 'c13' suggests 'c12' before 'c1'.
        if (d < best_distance || (d == best_distance && length_gap(candidate) < length_gap(best))) {
            best = candidate;
            best_distance = d;
        }
    }
    return best;
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& valid) {
    const std::string best = closest_name(name, valid);
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += separator;
        out += item;
    }
    return out;
}

}  // namespace soloist
