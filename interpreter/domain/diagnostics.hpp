#pragma once
// Diagnostics for bot authors and the error types the command line maps to exit codes.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace soloist {

// One problem in one file, printed as `file:line:column: at /path: message`.
struct Diagnostic {
    std::string file;
    int line = 0;    // 1-based; 0 when unknown
    int column = 0;  // 1-based; 0 when unknown
    std::string path;  // JSON pointer inside the file ("/spaces/3/id"); empty for the whole file
    std::string message;
    std::size_t more = 0;  // a summary line: the number of problems of the file it stands for

    // Leaves out the parts that are empty or 0.
    std::string to_string() const;
};

// A file with thousands of problems is reported by its first ones: a bot folder comes from a
// stranger, and one broken file must not flood the terminal or take minutes to word.
inline constexpr std::size_t kMaxDiagnosticsPerFile = 50;

// The line that stands for `count` problems of `file` left unreported:
// "file: ... and 199950 more problems in this file".
Diagnostic more_problems(const std::string& file, std::size_t count);

// Orders diagnostics by file (files in the order they first appear), then by line and column,
// drops exact repeats of the same message at the same place, and keeps the first
// kMaxDiagnosticsPerFile of each file: the rest become one more_problems line at the end of
// the file's diagnostics (counting those of any earlier such line). O(n log n).
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

// How many problems `diagnostics` report: a more_problems line counts for those it stands for.
std::size_t problem_count(const std::vector<Diagnostic>& diagnostics);

// `text` cut to at most `max_bytes` bytes, at a UTF-8 character boundary, ending in "..." when
// cut: a long name or value from a bot shown in a message.
std::string clipped(const std::string& text, std::size_t max_bytes);

// A file (or several) failed to load or validate; holds every problem found.
// what() is all the diagnostics, one a line.
struct ValidationError : std::runtime_error {
    explicit ValidationError(std::vector<Diagnostic> diagnostics);
    std::vector<Diagnostic> diagnostics;
};

// A bad name or option on the command line (exit code 2).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The game itself failed (exit code 1).
struct GameError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The entry of `valid` closest to `name` (Levenshtein distance, ASCII case ignored), when
// it is within max(2, name.size() / 3) edits and is not a complete rewrite; else "".
std::string closest_name(const std::string& name, const std::vector<std::string>& valid);

// " (did you mean 'x'?)" for the closest valid name, or "" when nothing is close.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& valid);

// The items joined with `separator`.
std::string join(const std::vector<std::string>& items, const std::string& separator = ", ");

}  // namespace soloist
