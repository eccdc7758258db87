#pragma once
// A show entry's grid (a board, a map) drawn as text for the terminal. The page draws the same
// entry as an HTML table (companion/page/app.js).
#include <string>

#include <nlohmann/json.hpp>

namespace soloist::cli {

// The lines of `grid` ({rows, columns, row_labels, walls, marks}: docs/authoring.md), each
// starting with `indent`; a bot's grid of another shape is drawn as far as it makes sense,
// never trusted: at most 200 rows and 200 columns are drawn.
std::string grid_text(const nlohmann::json& grid, const std::string& indent);

}  // namespace soloist::cli
