// The pool each game's Lua state allocates from, and its saved images.
#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <vector>

#include "lua/lua_pool.hpp"

using soloist::lua::Pool;

TEST_CASE("the pool reuses a released block of the same size class", "[pool]") {
    Pool pool(64 << 20);
    void* a = pool.allocate(40);
    pool.release(a, 40);
    CHECK(pool.allocate(33) == a);  // 33 and 40 bytes share the 48-byte class
    void* b = pool.allocate(40);
    CHECK(b != a);
}

TEST_CASE("blocks do not overlap and keep their contents", "[pool]") {
    Pool pool(64 << 20);
    std::vector<std::pair<unsigned char*, std::size_t>> blocks;
    for (std::size_t i = 1; i <= 3000; ++i) {
        const std::size_t size = 1 + (i * 37) % 700;  // small and large sizes, over several chunks
        auto* p = static_cast<unsigned char*>(pool.allocate(size));
        REQUIRE(p != nullptr);
        CHECK(reinterpret_cast<std::uintptr_t>(p) % 16 == 0);
        std::memset(p, static_cast<int>(i & 0xff), size);
        blocks.emplace_back(p, size);
    }
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const auto [p, size] = blocks[i];
        const auto want = static_cast<unsigned char>((i + 1) & 0xff);
        bool intact = true;
        for (std::size_t k = 0; k < size; ++k) intact = intact && p[k] == want;
        INFO("block " << i);
        CHECK(intact);
    }
    for (const auto& [p, size] : blocks) pool.release(p, size);
}

TEST_CASE("resize keeps the contents across size classes and to and from large blocks", "[pool]") {
    Pool pool(64 << 20);
    auto* p = static_cast<char*>(pool.allocate(10));
    std::memcpy(p, "soloist!!", 10);
    void* same = pool.resize(p, 10, 16);
    CHECK(same == p);  // the same class: the block stays
    auto* grown = static_cast<char*>(pool.resize(p, 16, 200));
    CHECK(std::memcmp(grown, "soloist!!", 10) == 0);
    auto* large = static_cast<char*>(pool.resize(grown, 200, 5000));
    CHECK(std::memcmp(large, "soloist!!", 10) == 0);
    auto* larger = static_cast<char*>(pool.resize(large, 5000, 100000));
    CHECK(std::memcmp(larger, "soloist!!", 10) == 0);
    auto* small = static_cast<char*>(pool.resize(larger, 100000, 8));
    CHECK(std::memcmp(small, "soloist!", 8) == 0);
    pool.release(small, 8);
}

TEST_CASE("large blocks are powers of two, reused by size class", "[pool]") {
    Pool pool(64 << 20);
    void* a = pool.allocate(3000);
    void* grown = pool.resize(a, 3000, 4096);
    CHECK(grown == a);  // 3000 and 4096 bytes share the 4 KiB class
    pool.release(grown, 4096);
    CHECK(pool.allocate(2049) == a);
}

TEST_CASE("the pool refuses what its reservation cannot hold, and stays usable", "[pool]") {
    Pool pool(4 << 20);
    CHECK(pool.allocate(8u << 20) == nullptr);
    void* p = pool.allocate(100);
    CHECK(p != nullptr);
    std::vector<void*> blocks;
    while (void* b = pool.allocate(1 << 16)) blocks.push_back(b);
    CHECK(blocks.size() >= 60);  // most of the 4 MiB
    CHECK(blocks.size() <= 64);
    pool.release(blocks.back(), 1 << 16);
    CHECK(pool.allocate(1 << 16) == blocks.back());
}

TEST_CASE("restore puts back the bytes and the free lists of a saved image", "[pool]") {
    Pool pool(64 << 20);
    auto* kept = static_cast<char*>(pool.allocate(32));
    std::memcpy(kept, "saved", 6);
    void* freed = pool.allocate(32);
    pool.release(freed, 32);
    Pool::Image image;
    pool.save(image);
    const std::size_t used = pool.bytes_in_use();

    // A game: writes over the kept block, uses the free block, allocates much more.
    std::memcpy(kept, "junk!", 6);
    CHECK(pool.allocate(32) == freed);
    for (int i = 0; i < 1000; ++i) pool.allocate(static_cast<std::size_t>(16 + i));
    CHECK(pool.bytes_in_use() > used);

    pool.restore(image);
    CHECK(std::memcmp(kept, "saved", 6) == 0);
    CHECK(pool.bytes_in_use() == used);
    CHECK(pool.allocate(32) == freed);  // the free list is as saved
    CHECK(pool.bytes_in_use() == used);

    Pool other(64 << 20);
    CHECK_THROWS(other.restore(image));
}

TEST_CASE("restore skips what lies in large free blocks but puts back their links", "[pool]") {
    Pool pool(64 << 20);
    void* first = pool.allocate(4096);
    void* second = pool.allocate(4096);
    auto* kept = static_cast<char*>(pool.allocate(64));
    std::memcpy(kept, "after the holes", 16);
    pool.release(first, 4096);
    pool.release(second, 4096);  // the free list: second, then first
    Pool::Image image;
    pool.save(image);
    CHECK(image.spans.size() == 3);  // before, between and after the two holes

    // A game takes both free blocks and writes all over them, links included.
    void* a = pool.allocate(4096);
    void* b = pool.allocate(4096);
    CHECK(a == second);
    CHECK(b == first);
    std::memset(a, 0x5a, 4096);
    std::memset(b, 0x5a, 4096);
    std::memcpy(kept, "overwritten!!!!", 16);

    pool.restore(image);
    CHECK(std::memcmp(kept, "after the holes", 16) == 0);
    CHECK(pool.allocate(4096) == second);
    CHECK(pool.allocate(4096) == first);  // second's link was put back
    CHECK(pool.allocate(4096) != first);  // and first's: the list then ended
}

TEST_CASE("the pages ahead of the blocks handed out are made present in one piece", "[pool]") {
    // Where the kernel cannot populate a range (before Linux 5.14), pages come as they are written.
    const long page = sysconf(_SC_PAGESIZE);
    void* probe = mmap(nullptr, static_cast<std::size_t>(page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(probe != MAP_FAILED);
    const bool can_populate = madvise(probe, static_cast<std::size_t>(page), MADV_POPULATE_WRITE) == 0;
    munmap(probe, static_cast<std::size_t>(page));
    if (!can_populate) return;

    Pool pool(200 << 20);  // a size no other test uses: a fresh range, not one kept from a pool gone
    auto* first = static_cast<char*>(pool.allocate(32));
    REQUIRE(first != nullptr);
    // Nothing written past the block, yet the pages of the next 128 KiB are there.
    const std::size_t span = 128 << 10;
    std::vector<unsigned char> present(span / static_cast<std::size_t>(page));
    REQUIRE(mincore(first, span, present.data()) == 0);
    for (const unsigned char p : present) CHECK((p & 1) == 1);
}

TEST_CASE("a pool gone leaves its pages to the next pool of its size, unless it had frozen blocks", "[pool]") {
    // A fresh range reads as zeros; a range kept from the pool before holds what it wrote.
    auto starts_with = [](void* block, const char* text) { return std::memcmp(block, text, std::strlen(text) + 1) == 0; };
    {
        Pool pool(96 << 20);
        std::memcpy(pool.allocate(64), "first pool", 11);
        CHECK(pool.allocate(3 << 20) != nullptr);  // pages committed beyond the first step
    }
    {
        Pool again(96 << 20);
        auto* block = static_cast<char*>(again.allocate(64));
        CHECK(starts_with(block, "first pool"));
        CHECK(again.bytes_in_use() == 64);  // handed out from the start again
        auto* large = static_cast<char*>(again.allocate(3 << 20));
        REQUIRE(large != nullptr);
        std::memset(large, 1, 3 << 20);  // the committed pages are writable
        std::memcpy(block, "second pool", 12);
    }
    {
        Pool other(112 << 20);  // another size: a range of its own
        CHECK_FALSE(starts_with(other.allocate(64), "second pool"));
    }
    {
        Pool frozen(128 << 20);
        std::memcpy(frozen.allocate(64), "frozen pool", 12);
        CHECK(frozen.allocate_frozen(100) != nullptr);
    }
    {
        Pool after(128 << 20);
        CHECK_FALSE(starts_with(after.allocate(64), "frozen pool"));  // not kept
    }
    // Two are kept, the newest: of three pools gone, the first is no longer there.
    for (const auto mib : {136, 144, 152}) {
        Pool pool(static_cast<std::size_t>(mib) << 20);
        std::memcpy(pool.allocate(64), "kept", 5);
    }
    for (const auto mib : {152, 144, 136}) {
        Pool pool(static_cast<std::size_t>(mib) << 20);
        CHECK(starts_with(pool.allocate(64), "kept") == (mib != 136));
    }
}

TEST_CASE("frozen blocks lie outside the saved image and are never written or reused", "[pool]") {
    Pool pool(64 << 20);
    auto* code = static_cast<char*>(pool.allocate_frozen(100));
    REQUIRE(code != nullptr);
    CHECK(pool.frozen(code));
    std::memcpy(code, "the code", 9);
    auto* ordinary = static_cast<char*>(pool.allocate(100));
    CHECK_FALSE(pool.frozen(ordinary));
    CHECK(pool.frozen_bytes() == 112);  // whole 16-byte steps, no size classes
    const std::size_t used = pool.bytes_in_use();
    Pool::Image image;
    pool.save(image);
    CHECK(image.bytes.size() == used);  // the frozen block is not in it

    // Freeing a frozen block leaves it as it is and never hands it out again; growing it
    // copies it to an ordinary block; shrinking keeps it.
    pool.release(code, 100);
    CHECK(std::memcmp(code, "the code", 9) == 0);
    CHECK(pool.allocate(100) != static_cast<void*>(code));
    CHECK(pool.resize(code, 100, 50) == static_cast<void*>(code));
    auto* grown = static_cast<char*>(pool.resize(code, 100, 200));
    CHECK_FALSE(pool.frozen(grown));
    CHECK(std::memcmp(grown, "the code", 9) == 0);
    CHECK(std::memcmp(code, "the code", 9) == 0);

    pool.restore(image);
    CHECK(std::memcmp(code, "the code", 9) == 0);
    CHECK(pool.bytes_in_use() == used);
}

TEST_CASE("once sealed, frozen blocks are read-only and no more are made", "[pool]") {
    Pool pool(64 << 20);
    auto* code = static_cast<char*>(pool.allocate_frozen(64));
    REQUIRE(code != nullptr);
    std::memcpy(code, "sealed", 7);
    pool.seal_frozen();
    CHECK(pool.allocate_frozen(64) == nullptr);
    CHECK(std::memcmp(code, "sealed", 7) == 0);  // still readable
    // A write would not be undone by restore, so it must stop the process: tried in a child.
    const pid_t child = fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        std::signal(SIGSEGV, SIG_DFL);  // a sanitizer's report of the fault would only be noise
        code[0] = 'S';
        _exit(0);
    }
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK_FALSE((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    CHECK(std::memcmp(code, "sealed", 7) == 0);
}

TEST_CASE("a frozen range used up makes the caller fall back to ordinary blocks", "[pool]") {
    Pool pool(256 << 20);
    CHECK(pool.allocate_frozen(std::size_t{65} << 20) == nullptr);  // more than the range holds
    void* small = pool.allocate_frozen(16);
    CHECK(small != nullptr);
    CHECK(pool.frozen(small));
}

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>

// A use after free inside a Lua state is reported by the sanitizer only if the pool tells it
// which blocks are free: released blocks are poisoned, handed-out ones are not, and a saved
// image copies and restores without tripping over the poison.
TEST_CASE("sanitizer builds poison the pool's free blocks", "[pool]") {
    Pool pool(64 << 20);
    auto* a = static_cast<char*>(pool.allocate(100));
    auto* b = static_cast<char*>(pool.allocate(5000));
    CHECK_FALSE(__asan_address_is_poisoned(a + 99));
    pool.release(a, 100);
    pool.release(b, 5000);
    CHECK(__asan_address_is_poisoned(a));
    CHECK(__asan_address_is_poisoned(a + 99));
    CHECK(__asan_address_is_poisoned(b + 4999));
    Pool::Image image;
    pool.save(image);
    CHECK(__asan_address_is_poisoned(a + 50));
    auto* again = static_cast<char*>(pool.allocate(100));
    REQUIRE(static_cast<void*>(again) == static_cast<void*>(a));  // Catch would print a char* as text
    CHECK_FALSE(__asan_address_is_poisoned(a + 99));
    pool.restore(image);
    CHECK(__asan_address_is_poisoned(a + 50));
    CHECK(pool.allocate(100) == static_cast<void*>(a));  // the same size class as a
}
#endif
