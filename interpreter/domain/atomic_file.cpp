#include "domain/atomic_file.hpp"

#include <fstream>
#include <iterator>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

}  // namespace

void write_file_atomically(const std::filesystem::path& target, std::string_view contents) {
    if (target.filename().empty())
        throw std::runtime_error("could not save " + target.string() + ": the path names a folder, not a file");
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
    if (::fsync(temp.fd()) != 0) fail(target, "flushing the temporary file " + temp.path().string() + " to disk", errno, kUntouched);
    if (int err = temp.close()) fail(target, "closing the temporary file " + temp.path().string(), err, kUntouched);

    if (::rename(temp.path().c_str(), target.c_str()) != 0)
        fail(target, "renaming " + temp.path().string() + " over it", errno, kUntouched);
    temp.renamed();

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
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

}  // namespace soloist
