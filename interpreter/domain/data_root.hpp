#pragma once
// Where Soloist's data is: the bundled bots and the component library (scripts/), the schemas
// (schemas/) and the template of `soloist new` (scripts/templates/), all in one folder, the data root.
// And where a player's own files are: saved games and bots, under $XDG_DATA_HOME/soloist.

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace soloist {

// The data root in use and how it was found.
struct DataRoot {
    std::filesystem::path dir;
    std::string found_by;  // "SOLOIST_HOME", "installed beside the program", "the source tree of this build"
};

// No data root holds the data (exit code 1). The message names every folder tried and what to set.
struct DataNotFound : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What the search depends on, so that it can be tested with made-up places.
struct DataSearch {
    std::string soloist_home;         // $SOLOIST_HOME ("" when unset)
    std::filesystem::path program;    // the running program, links followed (/proc/self/exe)
    std::filesystem::path build_dir;  // the build folder this program was built in
    std::filesystem::path source_dir; // and its source tree
};

// Does `dir` hold Soloist's data (scripts/lib/ and schemas/bot.schema.yaml)?
bool holds_data(const std::filesystem::path& dir);

// The data root, first found of: $SOLOIST_HOME when set and not empty (then it must hold the
// data: no fallback); <program's folder>/../share/soloist (an installed Soloist, wherever its
// prefix was moved); the source tree, when the program runs from its build folder. Throws
// DataNotFound otherwise.
DataRoot find_data_root(const DataSearch& search);

// The search of this process: its environment, /proc/self/exe and the folders it was built from.
DataSearch this_process_search();

// The data root of this process, found once (the first call throws DataNotFound when there is
// none, and so does every later call).
const DataRoot& data_root();

// The table companion's program (`soloist serve` runs it: the HTTP server and its libraries are
// loaded only there, so every other command starts without them). First found of
// <program's folder>/soloist-companion (a build folder) and
// <program's folder>/../libexec/soloist/soloist-companion (installed). Throws DataNotFound
// naming both when neither is an executable file.
std::filesystem::path find_companion_program(const std::filesystem::path& program);

// $XDG_DATA_HOME/soloist, else ~/.local/share/soloist: saved games, and the player's bots in bots/.
std::filesystem::path user_data_dir();
std::filesystem::path user_bots_dir();

}  // namespace soloist
