// `soloist paths` (and `soloist --version --verbose`): the folders Soloist uses.
#include <iostream>

#include "cli/commands.hpp"
#include "domain/checked_bots.hpp"
#include "domain/data_root.hpp"

namespace soloist::cli {

namespace fs = std::filesystem;

namespace {

// " (missing)" for a folder that does not exist; "" for one that does.
std::string state_of(const fs::path& dir, const std::string& missing) {
    std::error_code ec;
    return fs::is_directory(dir, ec) ? "" : " (" + missing + ")";
}

}  // namespace

int print_paths(const Common& common, std::ostream& out) {
    out << "soloist " << SOLOIST_VERSION << "\n";
    const DataSearch search = this_process_search();
    out << "program      " << (search.program.empty() ? "(unknown)" : search.program.string()) << "\n";
    const fs::path own = user_bots_dir();
    try {
        const DataRoot& root = data_root();
        const Library lib = common.library();
        out << "data         " << root.dir.string() << " (" << root.found_by << ")\n"
            << "  bots       " << lib.scripts_dir.string() << " (the bundled bots)\n"
            << "  library    " << (lib.scripts_dir / "lib").string() << "\n"
            << "  schemas    " << lib.schemas_dir.string() << "\n"
            << "  template   " << (root.dir / "scripts" / "templates" / "new-bot").string() << " (soloist new)\n";
    } catch (const DataNotFound& e) {
        out << "data         not found\n";
        std::cerr << "soloist: " << e.what() << "\n";
        return exit_game_error;
    }
    out << "your bots    " << own.string() << state_of(own, "none yet: soloist new BOT-ID writes one there") << "\n"
        << "saved games  " << user_data_dir().string() << "\n"
        << "cache        " << checked_bots_dir().string() << " (bots already checked; safe to delete)\n";
    try {
        out << "companion    " << find_companion_program(search.program).string() << " (soloist serve)\n";
    } catch (const DataNotFound&) {
        out << "companion    not found (soloist serve cannot run)\n";
    }
    for (const auto& dir : common.bot_dirs) out << "--bots       " << dir.string() << state_of(dir, "not a folder") << "\n";
    out << "Bots are searched in each --bots folder in the order given, then your bots, then the bundled bots; "
           "the first bot of an id hides the others of that id.\n";
    return exit_ok;
}

}  // namespace soloist::cli
