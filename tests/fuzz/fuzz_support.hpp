#pragma once
// What the fuzz targets share: a scratch folder of the process's own, and a way to report a
// broken expectation so that libFuzzer keeps the input.

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace soloist::fuzz {

// A folder of this process's own in the temporary folder ($TMPDIR, else /tmp), made at first
// use and removed at exit. Made once, not per input: creating folders per input would cost
// more than most inputs. A crash skips the removal; tools/fuzz points TMPDIR at a scratch
// folder of its own and removes that.
inline const std::filesystem::path& scratch_dir() {
    struct Dir {
        std::filesystem::path path;
        Dir() {
            path = std::filesystem::temp_directory_path() / ("soloist-fuzz-" + std::to_string(::getpid()));
            std::filesystem::remove_all(path);
            std::filesystem::create_directories(path);
        }
        ~Dir() {
            std::error_code ec;
            std::filesystem::remove_all(path, ec);
        }
    };
    static const Dir dir;
    return dir.path;
}

// Replaces the file's contents (plain write: these files are the target's own).
inline void write_text(const std::filesystem::path& file, std::string_view text) {
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// A broken expectation: says what, then traps, which libFuzzer reports as a crash and saves
// the input for. Trapping (not throwing) keeps the stack of the check in the report.
[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "\n==fuzz== broken expectation: %s\n", what.c_str());
    std::fflush(stderr);
    __builtin_trap();
}

}  // namespace soloist::fuzz
