#pragma once
// Helpers for the YAML, schema and bot-manifest tests: fixture paths, throwaway folders, and
// diagnostics printed relative to a folder so tests can compare them exactly.

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "domain/diagnostics.hpp"

namespace soloist::test {

inline std::filesystem::path source_dir() { return SOLOIST_SOURCE_DIR; }
inline std::filesystem::path fixtures() { return source_dir() / "tests" / "fixtures"; }

// A fresh folder in the system's temporary folder, removed with its contents at scope exit.
class TempDir {
public:
    TempDir() {
        static std::atomic<int> counter{0};
        const auto tag = std::to_string(std::random_device{}()) + "-" + std::to_string(counter++);
        path_ = std::filesystem::temp_directory_path() / ("soloist-test-" + tag);
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

    // Writes `contents` to path()/relative, creating folders; returns the file's path.
    std::filesystem::path write(const std::string& relative, const std::string& contents) const {
        const auto file = path_ / relative;
        std::filesystem::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << contents;
        return file;
    }

private:
    std::filesystem::path path_;
};

// Each diagnostic's to_string(), with `base` and a following '/' removed from its file name.
inline std::vector<std::string> relative_lines(const std::vector<Diagnostic>& diagnostics,
                                               const std::filesystem::path& base) {
    const std::string prefix = base.string() + "/";
    std::vector<std::string> lines;
    for (Diagnostic d : diagnostics) {
        if (d.file.rfind(prefix, 0) == 0) d.file = d.file.substr(prefix.size());
        lines.push_back(d.to_string());
    }
    return lines;
}

// The diagnostics `f` throws as a ValidationError (relative to `base`); empty if it throws none.
template <typename F>
std::vector<std::string> diagnostics_of(F&& f, const std::filesystem::path& base) {
    try {
        f();
    } catch (const ValidationError& e) {
        return relative_lines(e.diagnostics, base);
    }
    return {};
}

}  // namespace soloist::test
