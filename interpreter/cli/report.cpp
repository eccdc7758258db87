#include "cli/report.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string_view>

#include "cli/common.hpp"
#include "cli/report_page.hpp"
#include "cli/results.hpp"
#include "cli/simulation.hpp"
#include "domain/atomic_file.hpp"
#include "domain/diagnostics.hpp"

namespace soloist::cli {

using nlohmann::json;

namespace {

// A distribution with more distinct values than this is drawn in bins of equal width.
constexpr std::size_t kMaxPoints = 60;
// Errors listed one by one; the rest are counted.
constexpr std::size_t kMaxErrors = 200;

// The value of an option as the command line writes it.
std::string option_text(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    return v.dump();
}

// What plays game `seed` of a cell again, alone: a sim of that one game writes its answers
// into a folder and prints the `soloist run` that replays it.
std::string replay_command(const json& header, const json& cell, std::uint64_t seed) {
    std::string cmd = "soloist";
    if (const auto bots = header.find("bots"); bots != header.end() && bots->is_array())
        for (const auto& d : *bots)
            if (d.is_string()) cmd += " --bots " + shell_word(d.get<std::string>());
    cmd += " sim " + shell_word(header.value("bot", "?")) + " --games 1 --seed " + std::to_string(seed) +
                      " --answers " + shell_word(header.value("answers", "random"));
    // The run's cap on answers: with the default an endless game of a lower cap would not fail.
    if (const auto cap = header.find("answer_limit"); cap != header.end() && cap->is_number_unsigned() &&
                                                      cap->get<std::uint64_t>() != SimSettings{}.answer_limit)
        cmd += " --answer-limit " + std::to_string(cap->get<std::uint64_t>());
    if (header.value("narrate", false) == true) cmd += " --narrate";
    if (cell.contains("options") && cell["options"].is_object())
        for (const auto& [k, v] : cell["options"].items()) cmd += " --option " + shell_word(k + "=" + option_text(v));
    if (cell.contains("rules") && cell["rules"].is_object())
        cmd += " --rules " + shell_word(cell["rules"].value("file", "?"));
    return cmd + " --failures failed-games";
}

// The points of a distribution: each value and its games, or equal bins when there are many
// values. `all` holds every cell's values, so the cells share their bins.
json distribution(const std::vector<std::map<double, std::size_t>>& cells) {
    std::map<double, std::size_t> all;
    for (const auto& c : cells)
        for (const auto& [x, n] : c) all[x] += n;
    json out = {{"binned", false}, {"xs", json::array()}, {"cells", json::array()}};
    if (all.empty()) return out;
    if (all.size() <= kMaxPoints) {
        for (const auto& [x, n] : all) out["xs"].push_back(x);
        for (const auto& c : cells) {
            json counts = json::array();
            for (const auto& [x, n] : all) {
                const auto it = c.find(x);
                counts.push_back(it == c.end() ? 0 : it->second);
            }
            out["cells"].push_back(counts);
        }
        return out;
    }
    // Bins of a round width (1, 2 or 5 times a power of ten) over [lowest, highest].
    const double lo = all.begin()->first, hi = all.rbegin()->first;
    const double raw = (hi - lo) / 40, step = std::pow(10, std::floor(std::log10(raw)));
    const double width = raw <= step ? step : raw <= 2 * step ? 2 * step : raw <= 5 * step ? 5 * step : 10 * step;
    const double start = std::floor(lo / width) * width;
    const auto bins = static_cast<std::size_t>(std::floor((hi - start) / width)) + 1;
    out["binned"] = true;
    out["width"] = width;
    for (std::size_t b = 0; b < bins; ++b) out["xs"].push_back(start + static_cast<double>(b) * width);
    for (const auto& c : cells) {
        std::vector<std::size_t> counts(bins, 0);
        for (const auto& [x, n] : c) counts[std::min(bins - 1, static_cast<std::size_t>(std::floor((x - start) / width)))] += n;
        out["cells"].push_back(counts);
    }
    return out;
}

json interval_json(const Interval& i) { return {{"mean", i.mean}, {"low", i.low}, {"high", i.high}}; }

}  // namespace

json report_data(const std::vector<std::filesystem::path>& files) {
    // Each cell's values, for its distributions; the figures and pairs as merge sums them.
    struct Cell {
        std::map<std::string, std::map<double, std::size_t>> scores;
        std::map<double, std::size_t> questions, rounds;
    };
    std::vector<Cell> cells;
    SimRun sums;
    json errors = json::array();
    std::size_t error_count = 0;
    std::vector<std::pair<std::size_t, GameRecord>> failed;  // the first kMaxErrors
    const ResultsRun run = read_results(files, [&](std::size_t, std::vector<GameRecord>&& games) {
        add_records(sums, games);
        cells.resize(sums.cells.size());
        for (const auto& g : games) {
            Cell& c = cells[g.cell];
            if (!g.error.empty()) {
                if (error_count++ < kMaxErrors) failed.emplace_back(g.cell, g);
                continue;
            }
            ++c.questions[static_cast<double>(g.questions)];
            if (g.rounds) ++c.rounds[static_cast<double>(*g.rounds)];
            if (g.scores.is_object())
                for (const auto& [k, v] : g.scores.items())
                    if (v.is_number()) ++c.scores[k][v.get<double>()];
        }
    });
    cells.resize(run.labels.size());
    sums.cells.resize(run.labels.size());
    sums.against_first.resize(run.labels.size());
    const json& header = run.header;

    json data = {{"bot", header.value("bot", "")}, {"version", header.value("version", "")},
                 {"files", header.value("files", "")}, {"answers", header.value("answers", "")},
                 {"first_seed", run.first_seed}, {"games", run.games}, {"cells", json::array()}};
    std::set<std::string> result_names, score_names;  // every cell's
    for (const auto& r : sums.cells) {
        for (const auto& [name, n] : r.results) result_names.insert(name);
        for (const auto& [name, st] : r.scores) score_names.insert(name);
    }
    const std::vector<std::string> results(result_names.begin(), result_names.end()),
        scores(score_names.begin(), score_names.end());
    data["results"] = results;
    data["scores"] = scores;
    for (std::size_t c = 0; c < cells.size(); ++c) {
        const SimReport& r = sums.cells[c];
        json cell = {{"label", run.labels[c]}, {"options", header["cells"][c].value("options", json())},
                     {"rules", header["cells"][c].value("rules", json())}, {"games", r.games}, {"ended", r.ended},
                     {"errors", r.errors.size()}, {"results", json::object()}, {"scores", json::object()}};
        for (const auto& name : results) {
            const auto it = r.results.find(name);
            const std::size_t k = it == r.results.end() ? 0 : it->second;
            cell["results"][name] = interval_json(wilson(k, r.ended));
            cell["results"][name]["count"] = k;
        }
        for (const auto& [name, st] : r.scores)
            cell["scores"][name] = {{"min", st.min}, {"max", st.max}, {"mean", st.sum / static_cast<double>(st.n)}, {"n", st.n}};
        if (!r.questions.empty()) cell["questions_median"] = median(r.questions);
        data["cells"].push_back(cell);
    }
    data["distributions"] = json::object();
    for (const auto& name : scores) {
        std::vector<std::map<double, std::size_t>> per_cell;
        for (const auto& c : cells) {
            const auto it = c.scores.find(name);
            per_cell.push_back(it == c.scores.end() ? std::map<double, std::size_t>() : it->second);
        }
        data["distributions"][name] = distribution(per_cell);
    }
    {
        std::vector<std::map<double, std::size_t>> per_cell;
        for (const auto& c : cells) per_cell.push_back(c.questions);
        data["questions"] = distribution(per_cell);
    }
    {
        std::vector<std::map<double, std::size_t>> per_cell;
        for (const auto& c : cells) per_cell.push_back(c.rounds);
        data["rounds"] = distribution(per_cell);
    }
    data["differences"] = json::array();
    for (std::size_t c = 1; c < cells.size(); ++c) {
        const Paired& p = sums.against_first[c];
        json d = {{"cell", c + 1}, {"games", p.games}, {"results", json::object()}, {"scores", json::object()}};
        if (p.games >= 2) {
            for (const auto& name : results) d["results"][name] = interval_json(p.result(name));
            for (const auto& [name, diff] : p.scores)
                if (diff.n >= 2) {
                    d["scores"][name] = interval_json(interval(diff));
                    d["scores"][name]["n"] = diff.n;
                }
        }
        data["differences"].push_back(d);
    }
    for (const auto& [c, g] : failed)
        errors.push_back({{"cell", c + 1}, {"seed", g.seed}, {"game", g.index}, {"message", g.error},
                          {"replay", replay_command(header, header["cells"][c], g.seed)}});
    data["errors"] = errors;
    data["error_count"] = error_count;
    return data;
}

namespace {

std::string_view file_body(std::string_view name) {
    for (std::size_t i = 0; i < report_files_count; ++i)
        if (std::string_view(report_files[i].path).substr(1) == name) return report_files[i].body;
    throw GameError("the report's file " + std::string(name) + " is not built in");
}

// JSON inside a <script> element: no '<' at all (it can only be in a string, where \u003c
// reads the same), so neither "</script>" nor "<!--" can change how the page parses.
std::string script_json(const json& data) {
    const std::string text = data.dump(-1, ' ', false, json::error_handler_t::replace);
    std::string out;
    out.reserve(text.size());
    for (const char c : text) out += c == '<' ? std::string("\\u003c") : std::string(1, c);
    return out;
}

// A built-in script, checked once: it must not close its element.
std::string script_text(std::string_view name) {
    const std::string_view body = file_body(name);
    if (body.find("</") != std::string_view::npos) throw GameError("the built-in " + std::string(name) + " holds \"</\"");
    return std::string(body);
}

std::string html_text(const std::string& s) {
    std::string out;
    for (const char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string report_page(const json& data) {
    // The frame's markers, each filled in turn: what is put in is never searched again.
    const std::pair<std::string_view, std::string> parts[] = {
        {"<!--title-->", html_text("Soloist report: " + data.value("bot", "?") + " " + data.value("version", ""))},
        {"/*style*/", std::string(file_body("report.css"))},
        {"<!--data-->", script_json(data)},
        {"<!--d3-->", script_text("d3.min.js")},
        {"<!--script-->", script_text("report.js")},
    };
    const std::string_view frame = file_body("report.html");
    std::string page;
    std::size_t at = 0;
    for (const auto& [marker, with] : parts) {
        const auto found = frame.find(marker, at);
        if (found == std::string_view::npos) throw GameError("the report's frame has no " + std::string(marker) + " in its place");
        page.append(frame.substr(at, found - at)).append(with);
        at = found + marker.size();
    }
    page.append(frame.substr(at));
    return page;
}

int write_report(const std::vector<std::filesystem::path>& files, const std::filesystem::path& out) {
    if (out.empty()) throw UsageError("report needs -o FILE: where to write the page");
    const json data = report_data(files);
    write_file_atomically(out, report_page(data));
    return 0;
}

}  // namespace soloist::cli
