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
//
// What the target is decides where the bytes go, so that a save writes through what the
// user named instead of replacing it:
// - a symbolic link (or a chain of them): the file it leads to is replaced as above, in that
//   file's folder; the link stays a link (a linked journal keeps growing where it lives);
// - a character device, a FIFO or another special file (/dev/full, /dev/null, a pipe to a
//   reader), or a path under /dev or /proc (/dev/stdout, /proc/self/fd/1): written directly,
//   never replaced; a failed write (ENOSPC from /dev/full) throws as above, naming the path;
// - a folder: refused.
// After a successful save, the temporary files a killed process left for the same target
// (those whose process no longer runs) are removed.
//
// Durability::later skips both fsyncs: the file is replaced by a rename all the same (no reader
// ever sees half of it), but a power loss may leave the old contents or an empty file. For
// what holds nothing that could be lost (a journal before its first answer).
enum class Durability { now, later };
void write_file_atomically(const std::filesystem::path& target, std::string_view contents,
                           Durability durability = Durability::now);

// The whole contents of a file, byte for byte; nullopt when it cannot be read as
// read_regular_file (file_access.hpp) reads it: a regular file of at most 16 MiB.
std::optional<std::string> read_file(const std::filesystem::path& file);

}  // namespace soloist
