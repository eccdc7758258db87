#pragma once
// The rules for every file Soloist reads: what a bot folder, a saved game or a command line
// names may come from a stranger, so a read takes regular files only, up to a size limit,
// and a bot's file must really lie inside the folder it belongs to.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>

namespace soloist {

// The most read_regular_file takes by default: journals, answers files, scenarios, house
// rules, golden transcripts and scripts are far smaller.
inline constexpr std::uintmax_t kMaxReadBytes = std::uintmax_t{16} << 20;

// A file that read_regular_file refused or could not read. what() is "<file>: <problem>".
struct FileReadError : std::runtime_error {
    enum class Reason { missing, folder, not_regular, too_large, unreadable };
    FileReadError(std::filesystem::path file, Reason reason, std::string problem, std::string kind = "");
    std::filesystem::path file;
    Reason reason;
    std::string problem;  // "no such file", "is not a regular file (it is a FIFO)", ...
    std::string kind;     // not_regular: what it is instead ("a character device", "a FIFO", ...)
};

// The whole contents of `file`, following symbolic links. It must be a regular file of at most
// `max_bytes`: a device (/dev/zero), a FIFO or a socket is refused without reading or waiting
// for a writer, and no more than max_bytes + 1 bytes are ever read. Throws FileReadError.
std::string read_regular_file(const std::filesystem::path& file, std::uintmax_t max_bytes = kMaxReadBytes);

// "16 MiB", "4 KiB", "100 bytes".
std::string size_text(std::uintmax_t bytes);

// "a folder", "a character device", "a FIFO", ... for what `path` is once links
// are followed; "" for a regular file or nothing.
std::string file_kind(const std::filesystem::path& path);

// Where `path` really is, every symbolic link followed (std::filesystem::canonical), when that
// lies outside `root` (itself resolved); nullopt when it lies inside, or when either does not
// exist (then there is nothing to read through it). Checking the resolved path, not the text
// of the path, is what stops a link to /etc/passwd or a linked folder.
std::optional<std::filesystem::path> resolves_outside(const std::filesystem::path& path,
                                                      const std::filesystem::path& root);

// The same as a message, or nullopt when `path` is inside `root`:
// "'<shown>' leads to <real path>, outside <root_name> (<root's real path>)".
std::optional<std::string> outside_problem(const std::filesystem::path& path, const std::filesystem::path& root,
                                           const std::string& shown, const std::string& root_name);

}  // namespace soloist
