#include "domain/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

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

void sort_diagnostics(std::vector<Diagnostic>& diagnostics) {
    std::vector<std::string> files;
    for (const auto& d : diagnostics)
        if (std::find(files.begin(), files.end(), d.file) == files.end()) files.push_back(d.file);
    auto rank = [&](const Diagnostic& d) {
        return std::make_tuple(std::find(files.begin(), files.end(), d.file) - files.begin(), d.line, d.column);
    };
    std::stable_sort(diagnostics.begin(), diagnostics.end(),
                     [&](const Diagnostic& a, const Diagnostic& b) { return rank(a) < rank(b); });
    std::vector<Diagnostic> unique;
    for (auto& d : diagnostics) {
        const bool repeat = std::any_of(unique.begin(), unique.end(), [&](const Diagnostic& u) {
            return u.file == d.file && u.path == d.path && u.message == d.message;
        });
        if (!repeat) unique.push_back(std::move(d));
    }
    diagnostics = std::move(unique);
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

std::string closest_name(const std::string& name, const std::vector<std::string>& valid) {
    const std::string wanted = lower(name);
    const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
    auto length_gap = [&](const std::string& s) { return s.size() > name.size() ? s.size() - name.size() : name.size() - s.size(); };
    std::string best;
    std::size_t best_distance = limit + 1;
    for (const auto& candidate : valid) {
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
