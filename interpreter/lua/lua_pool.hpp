#pragma once
// The memory a game's Lua state lives in: one reserved range of addresses, carved into
// size-class blocks (16-byte steps up to 512 bytes, powers of two above) with a free list
// per class. Lua allocates and frees many small blocks, and a free list makes that a few
// instructions instead of a trip through malloc.
//
// Because every block of a state lies in this one range, the state can be saved as a copy
// of the used bytes and put back later (save/restore): a simulation builds a game's state
// once and copies it for every game instead of building it again. Pages are committed as
// the pool grows, so the reservation costs address space only.
//
// A second, smaller range holds frozen blocks: what Lua writes once while a compiled chunk
// loads and never again (a function's code, constants and debug information, a third to
// nearly half of a bot's state). They are outside the saved image, so no game's start copies
// them back, and once sealed the range is read-only: a write there, which restore would not
// undo, stops the process at once instead of changing later games.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

// g++ says it builds with the address sanitizer by __SANITIZE_ADDRESS__, clang by __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOLOIST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SOLOIST_ASAN)
#include <sanitizer/asan_interface.h>
// In sanitizer builds a free block is poisoned, so that a use after free inside the state
// (which malloc's own checks never see here) is reported where it happens.
#define SOLOIST_POOL_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define SOLOIST_POOL_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define SOLOIST_POOL_POISON(p, n) ((void)(p), (void)(n))
#define SOLOIST_POOL_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace soloist::lua {

class Pool {
public:
    // Reserves `reserve` bytes of addresses (rounded up to whole MiB), or if the system
    // refuses (an address-space limit), as much as it allows down to `minimum`; below that
    // it throws std::runtime_error.
    explicit Pool(std::size_t reserve, std::size_t minimum = 0);
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;
    ~Pool();

    // nullptr when the reservation is used up. These three run for every allocation of the
    // state: the free-list paths are inline, only new blocks and moves are calls.
    void* allocate(std::size_t size) {
        const std::size_t c = class_of(size);
        if (c < std::size(free_)) {
            if (FreeBlock* b = free_[c]) {
                SOLOIST_POOL_UNPOISON(b, block_size(c));
                free_[c] = b->next;
                return b;
            }
        }
        return allocate_new(c);
    }
    void release(void* block, std::size_t size) {
        if (!block || frozen(block)) return;  // a frozen block is never written, nor reused
        auto* b = static_cast<FreeBlock*>(block);
        const std::size_t c = class_of(size);
        b->next = free_[c];
        free_[c] = b;
        SOLOIST_POOL_POISON(b, block_size(c));
    }
    // As realloc: the block moves when the size class changes. nullptr when out of memory
    // (the old block is then untouched).
    void* resize(void* block, std::size_t old_size, std::size_t new_size) {
        if (!block) return allocate(new_size);
        if (frozen(block)) return new_size <= old_size ? block : move(block, old_size, new_size);
        if (class_of(old_size) == class_of(new_size)) return block;
        return move(block, old_size, new_size);
    }

    // Every byte handed out so far and the free lists.
    struct Image {
        const char* base = nullptr;  // the pool it belongs to
        std::vector<char> bytes;
        std::vector<void*> free_lists;
        // What restore copies back: [offset, offset + size) pieces of `bytes`, which skip
        // what lies in large free blocks beyond their free-list links (nothing reads it).
        struct Span {
            std::size_t offset, size;
        };
        std::vector<Span> spans;
    };
    void save(Image& image) const;
    // Back to the saved image: blocks allocated since are gone, those freed since are back.
    void restore(const Image& image);

    std::size_t bytes_in_use() const { return static_cast<std::size_t>(next_ - base_); }

    // A frozen block of `size` bytes, or nullptr once sealed or when the frozen range is used
    // up (the caller then allocates an ordinary block). Its contents must never change once
    // the first image is saved: freeing it or growing it leaves it as it is.
    void* allocate_frozen(std::size_t size);
    // Makes the frozen range read-only and closes it to new blocks.
    void seal_frozen();
    bool frozen(const void* block) const {
        const auto at = reinterpret_cast<std::uintptr_t>(block);
        return at - reinterpret_cast<std::uintptr_t>(frozen_base_) <
               static_cast<std::uintptr_t>(frozen_next_ - frozen_base_);
    }
    std::size_t frozen_bytes() const { return static_cast<std::size_t>(frozen_next_ - frozen_base_); }

private:
    static constexpr std::size_t granule = 16, small_limit = 512, small_classes = small_limit / granule;
    static constexpr std::size_t large_classes = 48;  // 2^10 .. 2^57
    static constexpr std::size_t commit_step = 1u << 20;
    static std::size_t class_of(std::size_t size) {
        if (size <= small_limit) return (size + granule - 1) / granule - 1;
        return small_classes + static_cast<std::size_t>(std::bit_width(size - 1)) - 10;
    }
    static std::size_t block_size(std::size_t size_class) {
        if (size_class < small_classes) return (size_class + 1) * granule;
        return std::size_t{1} << (size_class - small_classes + 10);
    }
    void* allocate_new(std::size_t size_class);  // from the untouched end of the range
    void* move(void* block, std::size_t old_size, std::size_t new_size);
    bool commit_to(char* end);
    void populate_to(char* end);
    void poison_free_blocks() const;

    struct FreeBlock {
        FreeBlock* next;
    };
    FreeBlock* free_[small_classes + large_classes] = {};
    char* base_ = nullptr;       // the reserved range
    char* next_ = nullptr;       // the first byte never handed out
    char* committed_ = nullptr;  // [base_, committed_) is readable and writable
    char* populated_ = nullptr;  // [base_, populated_) has its pages present (populate_to)
    static constexpr std::size_t populate_step = std::size_t{128} << 10;
    char* end_ = nullptr;
    static constexpr std::size_t frozen_reserve = std::size_t{64} << 20;
    char* frozen_base_ = nullptr;       // the frozen range, or nullptr when it could not be reserved
    char* frozen_next_ = nullptr;       // its first byte never handed out
    char* frozen_committed_ = nullptr;  // [frozen_base_, frozen_committed_) is readable
    bool sealed_ = false;
};

}  // namespace soloist::lua
