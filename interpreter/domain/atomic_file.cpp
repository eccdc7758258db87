#include "domain/atomic_file.hpp"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include "domain/file_access.hpp"

namespace soloist {
namespace {

[[noreturn]] void fail(const std::filesystem::path& target, const std::string& step, int err,
                       const std::string& consequence) {
    throw std::runtime_error("could not save " + target.string() + ": " + step + ": " +
                             std::strerror(err) + " (" + consequence + ")");
}

// Owns the temporary file until it has been renamed over the target.
class TempFile {
public:
    TempFile(std::filesystem::path path, int fd) : path_(std::move(path)), fd_(fd) {}
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    ~TempFile() {
        if (fd_ >= 0) ::close(fd_);
        if (!renamed_) ::unlink(path_.c_str());
    }
    int fd() const { return fd_; }
    const std::filesystem::path& path() const { return path_; }
    // Closes the descriptor; returns 0 or the errno of a failed close.
    int close() {
        int rc = ::close(fd_);
        fd_ = -1;
        return rc == 0 ? 0 : errno;
    }
    void renamed() { renamed_ = true; }

private:
    std::filesystem::path path_;
    int fd_;
    bool renamed_ = false;
};

const char* const kUntouched = "the previous file is untouched";

TempFile create_temp(const std::filesystem::path& target, const std::filesystem::path& dir) {
    static std::atomic<unsigned long> counter{0};
    const std::string base = "." + target.filename().string() + "." + std::to_string(::getpid()) + ".";
    for (int attempt = 0;; ++attempt) {
        std::filesystem::path temp = dir / (base + std::to_string(counter++) + ".tmp");
        int fd;
        do {
            fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        } while (fd < 0 && errno == EINTR);
        if (fd >= 0) return TempFile(std::move(temp), fd);
        // A stale file of a crashed process with the same pid: try the next number.
        if (errno == EEXIST && attempt < 1000) continue;
        fail(target, "creating the temporary file " + temp.string(), errno, kUntouched);
    }
}

// A name of one of the process's open files (/dev/stdout, /dev/fd/1, /proc/self/fd/1): what
// it leads to is a stream to write into, never a file to replace. The rest of /dev holds
// devices (found by their type) and plain file systems such as /dev/shm.
bool under_dev_or_proc(const std::filesystem::path& p) {
    std::error_code ec;
    const std::filesystem::path full = std::filesystem::absolute(p, ec).lexically_normal();
    auto it = full.begin();
    if (ec || it == full.end() || ++it == full.end()) return false;
    if (*it == "proc") return true;
    if (*it != "dev" || ++it == full.end()) return false;
    return *it == "stdin" || *it == "stdout" || *it == "stderr" || *it == "fd";
}

// Where a save of `target` goes.
struct Destination {
    std::filesystem::path path;  // the file to replace, or to write directly
    bool direct = false;         // write into it (a device, a FIFO, a stream), not replace it
    bool append = false;         // a regular file behind a stream (stdout redirected to a file)
};

Destination destination(const std::filesystem::path& target) {
    if (target.filename().empty())
        throw std::runtime_error("could not save " + target.string() + ": the path names a folder, not a file");
    // The end of its chain of symbolic links: the file that is really saved. A link that leads
    // nowhere yet still says where the new file goes.
    std::filesystem::path end = target;
    bool streams = under_dev_or_proc(target);
    for (int hops = 0;; ++hops) {
        struct stat link {};
        if (::lstat(end.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) break;
        if (hops == 40) fail(target, "following its symbolic links", ELOOP, kUntouched);
        std::error_code ec;
        const std::filesystem::path to = std::filesystem::read_symlink(end, ec);
        if (ec) fail(target, "reading the symbolic link " + end.string(), ec.value(), kUntouched);
        end = to.is_absolute() ? to : end.parent_path() / to;
        streams = streams || under_dev_or_proc(end);
    }
    // What it is, every link followed by the system (the links of /proc/self/fd included).
    struct stat st {};
    if (::stat(target.c_str(), &st) == 0) {
        // A folder goes the usual way, where the rename fails (EISDIR) and says so.
        if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) return {target, true, false};
        if (streams) return {target, true, true};
    } else if (streams) {
        return {target, true, false};  // nothing is created for a stream's name: the open fails and says why
    }
    return {end, false, false};
}

// Writes into a device, a FIFO or a stream: no temporary file, no rename, no fsync (a device
// may not have one); a failed write is reported like any failed save.
void write_directly(const std::filesystem::path& target, const Destination& d, std::string_view contents) {
    const char* const partial = "what was written so far stays there";
    int fd;
    do {
        // O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of waiting forever.
        fd = ::open(d.path.c_str(), O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (d.append ? O_APPEND : 0));
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        if (errno == ENXIO) fail(target, "opening it", ENXIO, "nothing reads it: a FIFO needs a reader first");
        fail(target, "opening it", errno, "nothing was written");
    }
    // Writes may then wait for a slow reader, as any writer to a pipe does.
    if (int flags = ::fcntl(fd, F_GETFL); flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : ENOSPC;
            ::close(fd);
            fail(target, "writing to it", err, left == contents.size() ? "nothing was written" : partial);
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0 && errno != EINTR) fail(target, "closing it", errno, partial);
}

// Removes the temporary files of `target` that processes killed while saving it left behind:
// ".<name>.<pid>.<n>.tmp" whose process no longer runs. Best effort: a save that succeeded
// stays a success whatever happens here.
void remove_stale_temps(const std::filesystem::path& target, const std::filesystem::path& dir) {
    const std::string prefix = "." + target.filename().string() + ".";
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator();
         it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!name.starts_with(prefix) || !name.ends_with(".tmp")) continue;
        const std::string middle = name.substr(prefix.size(), name.size() - prefix.size() - 4);  // "<pid>.<n>"
        const auto dot = middle.find('.');
        const auto digits = [](const std::string& s) {
            return !s.empty() && s.size() <= 18 && s.find_first_not_of("0123456789") == std::string::npos;
        };
        if (dot == std::string::npos || !digits(middle.substr(0, dot)) || !digits(middle.substr(dot + 1))) continue;
        const long long pid = std::stoll(middle.substr(0, dot));
        const bool gone = pid <= 0 || pid > INT_MAX || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
        if (pid != ::getpid() && gone && it->is_regular_file(ec)) ::unlink(it->path().c_str());
    }
}

}  // namespace

void write_file_atomically(const std::filesystem::path& requested, std::string_view contents, Durability durability) {
    const Destination d = destination(requested);
    if (d.direct) return write_directly(requested, d, contents);
    // Through a symbolic link the file it leads to is replaced, in its own folder: a rename in
    // the link's folder would replace the link.
    const std::filesystem::path& target = d.path;
    const std::filesystem::path dir = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");

    TempFile temp = create_temp(target, dir);
    const std::string step = "writing the temporary file " + temp.path().string();

    const char* data = contents.data();
    std::size_t left = contents.size();
    while (left > 0) {
        ssize_t n = ::write(temp.fd(), data, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail(target, step, errno, kUntouched);
        }
        if (n == 0) fail(target, step, ENOSPC, kUntouched);  // no progress: treat as a full disk
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (durability == Durability::now && ::fsync(temp.fd()) != 0) fail(target, "flushing the temporary file " + temp.path().string() + " to disk", errno, kUntouched);
    if (int err = temp.close()) fail(target, "closing the temporary file " + temp.path().string(), err, kUntouched);

    if (::rename(temp.path().c_str(), target.c_str()) != 0)
        fail(target, "renaming " + temp.path().string() + " over it", errno, kUntouched);
    temp.renamed();
    remove_stale_temps(target, dir);
    if (durability == Durability::later) return;

    // Make the rename itself durable.
    int dfd;
    do {
        dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    } while (dfd < 0 && errno == EINTR);
    const char* const replaced = "the new contents are in place but may not survive a power loss";
    if (dfd < 0) fail(target, "opening its folder " + dir.string() + " to flush it", errno, replaced);
    int rc = ::fsync(dfd);
    int err = errno;
    ::close(dfd);
    // Some file systems cannot fsync a folder (EINVAL); nothing more can be done there.
    if (rc != 0 && err != EINVAL) fail(target, "flushing its folder " + dir.string() + " to disk", err, replaced);
}

std::optional<std::string> read_file(const std::filesystem::path& file) {
    try {
        return read_regular_file(file);
    } catch (const FileReadError&) {
        return std::nullopt;
    }
}

}  // namespace soloist
