#include "domain/file_access.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace soloist {

namespace fs = std::filesystem;

namespace {

std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISREG(mode)) return "";
    return "not a file";
}

// Closes the descriptor on every path out.
struct Fd {
    int fd;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

}  // namespace

FileReadError::FileReadError(fs::path file_, Reason reason_, std::string problem_, std::string kind_)
    : std::runtime_error(file_.string() + ": " + problem_),
      file(std::move(file_)),
      reason(reason_),
      problem(std::move(problem_)),
      kind(std::move(kind_)) {}

std::string size_text(std::uintmax_t bytes) {
    if (bytes >= (std::uintmax_t{1} << 20) && bytes % (std::uintmax_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string file_kind(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return "";
    return kind_of(st.st_mode);
}

std::string read_regular_file(const fs::path& file, std::uintmax_t max_bytes) {
    using R = FileReadError::Reason;
    auto refuse_kind = [&](mode_t mode) {
        if (S_ISDIR(mode)) return FileReadError(file, R::folder, "is a folder, not a file");
        return FileReadError(file, R::not_regular, "is not a regular file (it is " + kind_of(mode) + ")", kind_of(mode));
    };
    auto too_large = [&] { return FileReadError(file, R::too_large, "is larger than " + size_text(max_bytes)); };
    auto system_error = [&](const char* step, int err) {
        if (err == ENOENT) return FileReadError(file, R::missing, "no such file");
        return FileReadError(file, R::unreadable, std::string(step) + ": " + std::strerror(err));
    };

    // What it is, before opening it: opening a device can do things, a FIFO waits for a writer.
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) throw system_error("cannot read it", errno);
    if (!S_ISREG(st.st_mode)) throw refuse_kind(st.st_mode);
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes) throw too_large();

    // O_NONBLOCK: should it have been swapped for a FIFO since, the open does not wait.
    Fd in{-1};
    do {
        in.fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    } while (in.fd < 0 && errno == EINTR);
    if (in.fd < 0) throw system_error("cannot open it", errno);
    if (::fstat(in.fd, &st) != 0) throw system_error("cannot read it", errno);
    if (!S_ISREG(st.st_mode)) throw refuse_kind(st.st_mode);

    // At most one byte past the limit: a file that grew since it was measured is caught too.
    std::string contents;
    contents.resize(static_cast<std::size_t>(std::min<std::uintmax_t>(static_cast<std::uintmax_t>(st.st_size), max_bytes) + 1));
    std::size_t have = 0;
    for (;;) {
        if (have == contents.size()) {
            if (have > max_bytes) break;
            contents.resize(static_cast<std::size_t>(std::min<std::uintmax_t>(max_bytes + 1, 2 * have + 4096)));
        }
        const ssize_t n = ::read(in.fd, contents.data() + have, contents.size() - have);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw system_error("cannot read it", errno);
        if (n == 0) break;
        have += static_cast<std::size_t>(n);
    }
    if (have > max_bytes) throw too_large();
    contents.resize(have);
    return contents;
}

std::optional<fs::path> resolves_outside(const fs::path& path, const fs::path& root) {
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec) return std::nullopt;
    const fs::path real_root = fs::canonical(root, ec);
    if (ec) return std::nullopt;
    // Inside: every part of the root's path starts the file's path (so /bot-other is not in /bot).
    auto r = real_root.begin();
    for (auto p = real.begin(); r != real_root.end(); ++r, ++p)
        if (p == real.end() || *p != *r) return real;
    return std::nullopt;
}

std::optional<std::string> outside_problem(const fs::path& path, const fs::path& root, const std::string& shown,
                                           const std::string& root_name) {
    const auto real = resolves_outside(path, root);
    if (!real) return std::nullopt;
    std::error_code ec;
    const fs::path real_root = fs::canonical(root, ec);
    return "'" + shown + "' leads to " + real->string() + " (through a symbolic link), outside " + root_name + " (" +
           real_root.string() + ")";
}

}  // namespace soloist
