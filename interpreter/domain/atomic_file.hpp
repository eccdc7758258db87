#pragma once
// Crash-safe file replacement: after a crash or power loss the target holds either its old
// contents or the new ones, never a mix, and no half-written file is left behind.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace soloist {

// Writes `contents` to a new temporary file in the target's folder (a unique hidden name,
// ".<name>.<pid>.<n>.tmp"), fsyncs it, renames it over `target` and fsyncs the folder.
// On any failure (open, short write, ENOSPC, EFBIG, EROFS, EACCES, fsync, rename) it removes
// the temporary file, leaves `target` untouched and throws std::runtime_error naming the path
// and the system's reason (strerror). The one exception is a failed fsync of the folder after
// the rename: the new contents are then already in place (the message says so), but may not
// survive a power loss.
// A new file is created with mode 0666 & ~umask; an existing target's mode is not kept.
void write_file_atomically(const std::filesystem::path& target, std::string_view contents);

// The whole contents of a file, byte for byte; nullopt when it cannot be opened.
std::optional<std::string> read_file(const std::filesystem::path& file);

}  // namespace soloist
