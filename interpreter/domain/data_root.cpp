#include "domain/data_root.hpp"

#include <unistd.h>

#include <cstdlib>

#ifndef SOLOIST_SOURCE_DIR
#define SOLOIST_SOURCE_DIR ""
#endif
#ifndef SOLOIST_BUILD_DIR
#define SOLOIST_BUILD_DIR ""
#endif

namespace soloist {

namespace fs = std::filesystem;

namespace {

const char* const kHolds = "scripts/ with the bundled bots and the component library, and schemas/";

// The folder `p` names once links are followed, or `p` as it is when it does not exist.
fs::path real(const fs::path& p) {
    std::error_code ec;
    const fs::path resolved = fs::weakly_canonical(p, ec);
    return ec ? p.lexically_normal() : resolved;
}

}  // namespace

bool holds_data(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir / "scripts" / "lib", ec) && fs::is_regular_file(dir / "schemas" / "bot.schema.yaml", ec);
}

DataRoot find_data_root(const DataSearch& s) {
    if (!s.soloist_home.empty()) {
        if (holds_data(s.soloist_home)) return {fs::path(s.soloist_home), "SOLOIST_HOME"};
        throw DataNotFound("SOLOIST_HOME is " + s.soloist_home + ", which does not hold Soloist's data (" + kHolds +
                           "); set it to the folder that does (an installed Soloist's PREFIX/share/soloist, or a "
                           "source tree), or unset it");
    }
    std::vector<std::string> tried;
    if (!s.program.empty()) {
        const fs::path beside = (s.program.parent_path() / ".." / "share" / "soloist").lexically_normal();
        if (holds_data(beside)) return {beside, "installed beside the program"};
        tried.push_back(beside.string() + " (beside the program " + s.program.string() + ")");
        if (!s.build_dir.empty() && !s.source_dir.empty() && real(s.program.parent_path()) == real(s.build_dir)) {
            if (holds_data(s.source_dir)) return {fs::path(s.source_dir), "the source tree of this build"};
            tried.push_back(s.source_dir.string() + " (the source tree of the build folder the program runs from)");
        }
    }
    std::string where;
    for (const auto& t : tried) where += "\n  " + t;
    throw DataNotFound("Soloist cannot find its data (" + std::string(kHolds) + "). It looked in:" +
                       (where.empty() ? std::string("\n  (nowhere: the program's own path is unknown)") : where) +
                       "\nInstall Soloist again (cmake --install, or its .deb), or set SOLOIST_HOME to the folder "
                       "that holds scripts/ and schemas/.");
}

DataSearch this_process_search() {
    DataSearch s;
    if (const char* home = std::getenv("SOLOIST_HOME")) s.soloist_home = home;
    std::error_code ec;
    s.program = fs::read_symlink("/proc/self/exe", ec);
    if (ec) s.program.clear();
    s.build_dir = SOLOIST_BUILD_DIR;
    s.source_dir = SOLOIST_SOURCE_DIR;
    return s;
}

const DataRoot& data_root() {
    static const DataRoot root = find_data_root(this_process_search());
    return root;
}

fs::path find_companion_program(const fs::path& program) {
    const fs::path folder = program.parent_path();
    const fs::path places[] = {folder / "soloist-companion",
                               (folder / ".." / "libexec" / "soloist" / "soloist-companion").lexically_normal()};
    std::string tried;
    for (const auto& p : places) {
        std::error_code ec;
        if (fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0) return p;
        tried += "\n  " + p.string();
    }
    throw DataNotFound("soloist serve runs the table companion's program, soloist-companion, and cannot find it. "
                       "It looked in:" + tried +
                       "\nInstall Soloist again (cmake --install, or its .deb), or build it (tools/setup).");
}

fs::path user_data_dir() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return fs::path(xdg) / "soloist";
    const char* home = std::getenv("HOME");
    return fs::path(home && *home ? home : ".") / ".local" / "share" / "soloist";
}

fs::path user_bots_dir() { return user_data_dir() / "bots"; }

}  // namespace soloist
