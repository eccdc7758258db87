#pragma once
// Diagnostics for bot authors and the error types the command line maps to exit codes.

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

    // Leaves out the parts that are empty or 0.
    std::string to_string() const;
};

// Orders diagnostics by file (files in the order they first appear), then by line and column,
// and drops exact repeats of the same message at the same place.
void sort_diagnostics(std::vector<Diagnostic>& diagnostics);

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
