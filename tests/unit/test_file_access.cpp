// The rules for files: reading regular files only, up to a size limit; real paths inside their
// root; saves that write through links and into devices instead of replacing them.

#include <catch2/catch.hpp>

#include <chrono>
#include <climits>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "domain/atomic_file.hpp"
#include "domain/file_access.hpp"
#include "domain/journal.hpp"
#include "test_support.hpp"

using namespace soloist;
using Catch::Matchers::Contains;
using soloist::test::TempDir;
namespace fs = std::filesystem;

namespace {

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::set<std::string> names_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

// The FileReadError `file` raises when read; fails the test if it is read.
FileReadError read_error(const fs::path& file, std::uintmax_t max = kMaxReadBytes) {
    try {
        read_regular_file(file, max);
    } catch (const FileReadError& e) {
        return e;
    }
    FAIL("read_regular_file read " << file);
    throw std::logic_error("unreachable");
}

// A character device made in `dir` (a copy of /dev/null, /dev/full, ...), where mknod is
// allowed: then a save that replaced it would replace only the copy. Empty where it is not.
fs::path device_copy(const fs::path& dir, const char* name, unsigned minor) {
    const fs::path path = dir / name;
    if (::mknod(path.c_str(), S_IFCHR | 0666, makedev(1, minor)) != 0) return {};
    return path;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("read_regular_file reads regular files up to the limit", "[files]") {
    TempDir tmp;
    const fs::path file = tmp.write("a.txt", "hello\n");
    CHECK(read_regular_file(file) == "hello\n");
    CHECK(read_regular_file(tmp.write("empty.txt", "")).empty());
    CHECK(read_regular_file(file, 6) == "hello\n");  // exactly the limit
    const auto big = read_error(file, 5);
    CHECK(big.reason == FileReadError::Reason::too_large);
    CHECK(std::string(big.what()) == file.string() + ": is larger than 5 bytes");

    // Far over the limit, without reading it: a sparse 17 MiB file.
    const fs::path sparse = tmp.path() / "sparse.journal";
    { std::ofstream(sparse) << ""; }
    fs::resize_file(sparse, 17u << 20);
    CHECK(std::string(read_error(sparse).what()) == sparse.string() + ": is larger than 16 MiB");

    // A link is followed to what it leads to.
    fs::create_symlink(file, tmp.path() / "link.txt");
    CHECK(read_regular_file(tmp.path() / "link.txt") == "hello\n");
}

TEST_CASE("read_regular_file refuses what is not a regular file, without reading or waiting", "[files]") {
    TempDir tmp;
    SECTION("a device that never ends") {
        const auto e = read_error("/dev/zero");
        CHECK(e.reason == FileReadError::Reason::not_regular);
        CHECK(e.kind == "a character device");
        CHECK(std::string(e.what()) == "/dev/zero: is not a regular file (it is a character device)");
        fs::create_symlink("/dev/zero", tmp.path() / "zero.journal");
        CHECK(read_error(tmp.path() / "zero.journal").reason == FileReadError::Reason::not_regular);
    }
    SECTION("a FIFO with no writer") {
        const fs::path fifo = tmp.path() / "fifo";
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
        const auto start = std::chrono::steady_clock::now();
        const auto e = read_error(fifo);
        CHECK(seconds_since(start) < 5);
        CHECK(e.reason == FileReadError::Reason::not_regular);
        CHECK(std::string(e.what()) == fifo.string() + ": is not a regular file (it is a FIFO)");
    }
    SECTION("a folder, a missing file") {
        CHECK(std::string(read_error(tmp.path()).what()) == tmp.path().string() + ": is a folder, not a file");
        const auto missing = read_error(tmp.path() / "nope");
        CHECK(missing.reason == FileReadError::Reason::missing);
        CHECK(missing.problem == "no such file");
    }
    SECTION("read_file, which scripts are read with, follows the same rules") {
        CHECK_FALSE(read_file("/dev/zero"));
        CHECK(read_file(tmp.write("s.lua", "return 1\n")) == "return 1\n");
    }
}

TEST_CASE("size_text", "[files]") {
    CHECK(size_text(16u << 20) == "16 MiB");
    CHECK(size_text(4096) == "4 KiB");
    CHECK(size_text(1500) == "1500 bytes");
}

TEST_CASE("resolves_outside compares real paths, links followed", "[files]") {
    TempDir tmp;
    const fs::path bot = tmp.path() / "bot", outside = tmp.path() / "outside";
    tmp.write("bot/main.lua", "x");
    tmp.write("bot/sub/deep.lua", "x");
    tmp.write("outside/evil.lua", "x");
    tmp.write("bot-other/near.lua", "x");

    CHECK_FALSE(resolves_outside(bot / "main.lua", bot));
    CHECK_FALSE(resolves_outside(bot / "sub/deep.lua", bot));
    CHECK_FALSE(resolves_outside(bot / "nothing-here.lua", bot));  // nothing to read there

    fs::create_symlink(outside / "evil.lua", bot / "file-link.lua");
    CHECK(resolves_outside(bot / "file-link.lua", bot) == fs::canonical(outside / "evil.lua"));
    fs::create_symlink(outside, bot / "folder-link");
    CHECK(resolves_outside(bot / "folder-link/evil.lua", bot) == fs::canonical(outside / "evil.lua"));
    // "bot-other" starts with "bot" but is not inside it.
    fs::create_symlink("../bot-other/near.lua", bot / "near.lua");
    CHECK(resolves_outside(bot / "near.lua", bot) == fs::canonical(tmp.path() / "bot-other/near.lua"));
    // Links that stay inside, and a root that is itself a link.
    fs::create_symlink("sub/deep.lua", bot / "inside.lua");
    CHECK_FALSE(resolves_outside(bot / "inside.lua", bot));
    fs::create_symlink(bot, tmp.path() / "bot-link");
    CHECK_FALSE(resolves_outside(tmp.path() / "bot-link/inside.lua", tmp.path() / "bot-link"));

    CHECK(outside_problem(bot / "file-link.lua", bot, "file-link.lua", "the bot folder") ==
          "'file-link.lua' leads to " + fs::canonical(outside / "evil.lua").string() +
              " (through a symbolic link), outside the bot folder (" + fs::canonical(bot).string() + ")");
    CHECK_FALSE(outside_problem(bot / "main.lua", bot, "main.lua", "the bot folder"));
}

TEST_CASE("a save through a symbolic link writes the file it leads to", "[files][atomic]") {
    TempDir tmp;
    const fs::path real_dir = tmp.path() / "real", links = tmp.path() / "links";
    fs::create_directories(real_dir);
    fs::create_directories(links);
    const fs::path real = real_dir / "game.journal", link = links / "game.journal";
    fs::create_symlink(real, link);

    write_file_atomically(link, "first\n");  // the link led nowhere yet: the file is made there
    CHECK(fs::is_symlink(link));
    CHECK(read_bytes(real) == "first\n");
    write_file_atomically(link, "second\n");
    CHECK(fs::is_symlink(link));
    CHECK(read_bytes(real) == "second\n");
    CHECK(names_in(links) == std::set<std::string>{"game.journal"});  // no temporary file beside the link
    CHECK(names_in(real_dir) == std::set<std::string>{"game.journal"});

    // A chain of links, a relative one first.
    fs::create_symlink("game.journal", links / "chain.journal");
    write_file_atomically(links / "chain.journal", "third\n");
    CHECK(fs::is_symlink(links / "chain.journal"));
    CHECK(fs::is_symlink(link));
    CHECK(read_bytes(real) == "third\n");

    // The same for a journal.
    Journal j;
    j.header.bot_id = "b";
    save_journal(link, j);
    CHECK(fs::is_symlink(link));
    CHECK(load_journal(real).header.bot_id == "b");

    // A loop of links is an error, not a hang.
    fs::create_symlink(links / "loop-b", links / "loop-a");
    fs::create_symlink(links / "loop-a", links / "loop-b");
    CHECK_THROWS_WITH(write_file_atomically(links / "loop-a", "x"), Contains(std::strerror(ELOOP)));
}

TEST_CASE("a save into a device or a FIFO writes into it, never replaces it", "[files][atomic]") {
    TempDir tmp;
    SECTION("a null device") {
        const fs::path null = device_copy(tmp.path(), "null", 3);
        if (null.empty()) {
            WARN("mknod is not allowed here: the null device case is skipped");
            return;
        }
        write_file_atomically(null, "into the void\n");
        struct stat st {};
        REQUIRE(::lstat(null.c_str(), &st) == 0);
        CHECK(S_ISCHR(st.st_mode));
        CHECK(names_in(tmp.path()) == std::set<std::string>{"null"});
    }
    SECTION("a full device: ENOSPC is an error naming it") {
        const fs::path full = device_copy(tmp.path(), "full", 7);
        if (full.empty()) {
            WARN("mknod is not allowed here: the full device case is skipped");
            return;
        }
        CHECK_THROWS_WITH(write_file_atomically(full, "no room\n"),
                          Contains("could not save " + full.string()) && Contains(std::strerror(ENOSPC)));
        struct stat st {};
        REQUIRE(::lstat(full.c_str(), &st) == 0);
        CHECK(S_ISCHR(st.st_mode));
        CHECK(names_in(tmp.path()) == std::set<std::string>{"full"});
    }
    SECTION("a FIFO: with no reader an error at once; with one, the bytes go through") {
        const fs::path fifo = tmp.path() / "pipe";
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
        const auto start = std::chrono::steady_clock::now();
        CHECK_THROWS_WITH(write_file_atomically(fifo, "nobody reads\n"),
                          Contains(fifo.string()) && Contains("nothing reads it"));
        CHECK(seconds_since(start) < 5);
        const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
        REQUIRE(reader >= 0);
        write_file_atomically(fifo, "through the pipe\n");
        char buffer[64] = {};
        const ssize_t n = ::read(reader, buffer, sizeof buffer);
        ::close(reader);
        CHECK(std::string(buffer, n > 0 ? static_cast<std::size_t>(n) : 0) == "through the pipe\n");
        struct stat st {};
        REQUIRE(::lstat(fifo.c_str(), &st) == 0);
        CHECK(S_ISFIFO(st.st_mode));
    }
}

TEST_CASE("a save removes the temporary files a killed save of the same file left", "[files][atomic]") {
    TempDir tmp;
    const fs::path target = tmp.path() / "game.journal";
    // INT_MAX is above any pid_max: no process has that id. Process 1 always runs.
    const fs::path stale = tmp.write(".game.journal." + std::to_string(INT_MAX) + ".0.tmp", "half");
    const fs::path stale2 = tmp.write(".game.journal." + std::to_string(INT_MAX) + ".17.tmp", "half");
    const fs::path running = tmp.write(".game.journal.1.0.tmp", "half");
    const fs::path other = tmp.write(".other.journal." + std::to_string(INT_MAX) + ".0.tmp", "half");
    const fs::path not_ours = tmp.write(".game.journal.notes.tmp", "mine");
    write_file_atomically(target, "whole\n");
    CHECK(read_bytes(target) == "whole\n");
    CHECK_FALSE(fs::exists(stale));
    CHECK_FALSE(fs::exists(stale2));
    CHECK(fs::exists(running));
    CHECK(fs::exists(other));  // another file's: cleaned up when that file is saved
    CHECK(fs::exists(not_ours));
}

// /dev/shm is a plain file system under /dev: a journal there is replaced like anywhere else,
// not appended to as the stream /dev/stdout is.
TEST_CASE("a save under /dev/shm replaces the file", "[files][atomic]") {
    std::error_code ec;
    if (!fs::is_directory("/dev/shm", ec)) {
        WARN("no /dev/shm on this machine");
        return;
    }
    const fs::path file = fs::path("/dev/shm") / ("soloist-test-" + std::to_string(::getpid()) + ".journal");
    write_file_atomically(file, "old\n");
    write_file_atomically(file, "second\n");
    write_file_atomically(file, "third\n");
    CHECK(read_bytes(file) == "third\n");
    fs::remove(file, ec);
}
