#include "cli/grid_text.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace soloist::cli {

using nlohmann::json;

namespace {

constexpr std::size_t kMaxSide = 200;

std::string cell_text(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "";
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    if (v.is_number()) return v.dump();
    return "?";
}

// Characters on the screen: UTF-8 code points, not bytes.
std::size_t width(const std::string& s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string padded(const std::string& s, std::size_t w) { return s + std::string(w - std::min(w, width(s)), ' '); }

std::string centred(const std::string& s, std::size_t w) {
    const std::size_t free = w - std::min(w, width(s));
    return std::string(free / 2, ' ') + s + std::string(free - free / 2, ' ');
}

// (row, column) pairs, 1-based, of a list such as marks, with an optional third word.
std::set<std::pair<long long, long long>> places(const json& list, const char* kind) {
    std::set<std::pair<long long, long long>> out;
    if (!list.is_array()) return out;
    for (const auto& p : list) {
        if (!p.is_array() || p.size() < 2 || !p[0].is_number_integer() || !p[1].is_number_integer()) continue;
        if (kind && (p.size() < 3 || p[2] != kind)) continue;
        out.emplace(p[0].get<long long>(), p[1].get<long long>());
    }
    return out;
}

}  // namespace

std::string grid_text(const json& grid, const std::string& indent) {
    if (!grid.is_object() || !grid.contains("rows") || !grid["rows"].is_array()) return indent + "(a grid without rows)\n";
    // The cells as text, marked ones in [ ].
    const auto marks = places(grid.value("marks", json()), nullptr);
    const auto right = places(grid.value("walls", json()), "right");
    const auto below = places(grid.value("walls", json()), "below");
    std::vector<std::vector<std::string>> cells;
    std::size_t columns = 0;
    for (const auto& row : grid["rows"]) {
        if (cells.size() == kMaxSide) break;
        std::vector<std::string> line;
        if (row.is_array())
            for (const auto& c : row) {
                if (line.size() == kMaxSide) break;
                std::string t = cell_text(c);
                if (marks.count({static_cast<long long>(cells.size() + 1), static_cast<long long>(line.size() + 1)})) t = "[" + t + "]";
                line.push_back(std::move(t));
            }
        columns = std::max(columns, line.size());
        cells.push_back(std::move(line));
    }
    for (auto& line : cells) line.resize(columns);
    // Heading rows: one array of texts, or several.
    std::vector<std::vector<std::string>> headings;
    if (const auto it = grid.find("columns"); it != grid.end() && it->is_array() && !it->empty()) {
        auto add = [&](const json& row) {
            std::vector<std::string> h;
            for (const auto& c : row) h.push_back(cell_text(c));
            h.resize(columns);
            headings.push_back(std::move(h));
        };
        if ((*it)[0].is_array()) {
            for (const auto& row : *it)
                if (row.is_array() && headings.size() < 10) add(row);
        } else {
            add(*it);
        }
    }
    std::vector<std::string> labels(cells.size()), heading_labels(headings.size());
    if (const auto it = grid.find("row_labels"); it != grid.end() && it->is_array())
        for (std::size_t r = 0; r < labels.size() && r < it->size(); ++r) labels[r] = cell_text((*it)[r]);
    if (const auto it = grid.find("column_labels"); it != grid.end() && it->is_array())
        for (std::size_t r = 0; r < heading_labels.size() && r < it->size(); ++r) heading_labels[r] = cell_text((*it)[r]);
    std::size_t w = 1, label_width = 0;
    for (const auto& line : cells)
        for (const auto& c : line) w = std::max(w, width(c));
    for (const auto& h : headings)
        for (const auto& c : h) w = std::max(w, width(c));
    for (const auto& l : labels) label_width = std::max(label_width, width(l));
    for (const auto& l : heading_labels) label_width = std::max(label_width, width(l));

    const std::string margin = indent + std::string(label_width, ' ') + " ";
    std::string out;
    for (std::size_t k = 0; k < headings.size(); ++k) {
        std::string line = indent + padded(heading_labels[k], label_width) + "  ";
        for (std::size_t c = 0; c < columns; ++c) line += (c ? " " : "") + centred(headings[k][c], w);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + "\n";
    }
    const std::string frame = margin + "+" + std::string(columns ? columns * (w + 1) - 1 : 0, '-') + "+\n";
    out += frame;
    for (std::size_t r = 0; r < cells.size(); ++r) {
        const auto row = static_cast<long long>(r + 1);
        std::string line = indent + padded(labels[r], label_width) + " |";
        for (std::size_t c = 0; c < columns; ++c) {
            line += padded(cells[r][c], w);
            if (c + 1 < columns) line += right.count({row, static_cast<long long>(c + 1)}) ? "|" : " ";
        }
        out += line + "|\n";
        if (r + 1 == cells.size()) continue;
        std::string under;
        bool any = false;
        for (std::size_t c = 0; c < columns; ++c) {
            const bool wall = below.count({row, static_cast<long long>(c + 1)}) > 0;
            any = any || wall;
            under += (c ? " " : "") + std::string(w, wall ? '-' : ' ');
        }
        if (any) out += margin + "|" + under + "|\n";
    }
    return out + frame;
}

}  // namespace soloist::cli
