#pragma once
// The cells of a sweep: `--option k=a,b,c` (several values; several options make the cross
// product) and `--compare-rules FILE` (the bot without and with a house rules overlay).
#include <filesystem>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "cli/simulation.hpp"

namespace soloist::cli {

// At most this many cells in one run: a typo in a sweep should not start a million runs.
inline constexpr std::size_t kMaxCells = 256;

// The cells `request` and `compare_rules` ask for, in order: the options' values as given
// (the first option's values change slowest), and within each, the bot without house rules
// then with each compared file. A value list splits at commas unless the option holds text
// (a text option takes several values by repeating --option). With no sweep, one cell
// labelled "". Throws UsageError for a bad value (naming it) or too many cells.
std::vector<SimCell> sweep_cells(const Bot& bot, const GameRequest& request,
                                 const std::vector<std::filesystem::path>& compare_rules);

}  // namespace soloist::cli
