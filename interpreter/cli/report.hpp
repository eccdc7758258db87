#pragma once
// `soloist report RESULTS... -o report.html`: a run's results (its shards' in any order) as one
// self-contained HTML page with plots: each cell's results with 95% intervals, each cell
// against the first game by game, score distributions, questions a game, and every error with
// the command that replays it.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace soloist::cli {

// What the page shows, as data (the page draws it): the same for a run's whole results file
// and for its shards.
nlohmann::json report_data(const std::vector<std::filesystem::path>& files);

// The page: `data` and the built-in script, style and d3 in one HTML document.
std::string report_page(const nlohmann::json& data);

int write_report(const std::vector<std::filesystem::path>& files, const std::filesystem::path& out);

}  // namespace soloist::cli
