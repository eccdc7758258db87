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
#include <cstddef>
#include <vector>

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

    // nullptr when the reservation is used up.
    void* allocate(std::size_t size);
    void release(void* block, std::size_t size);
    // As realloc: the block moves when the size class changes. nullptr when out of memory
    // (the old block is then untouched).
    void* resize(void* block, std::size_t old_size, std::size_t new_size);

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

private:
    static constexpr std::size_t granule = 16, small_limit = 512, small_classes = small_limit / granule;
    static constexpr std::size_t large_classes = 48;  // 2^10 .. 2^57
    static constexpr std::size_t commit_step = 1u << 20;
    static std::size_t class_of(std::size_t size);
    static std::size_t block_size(std::size_t size_class);
    bool commit_to(char* end);
    void poison_free_blocks() const;

    struct FreeBlock {
        FreeBlock* next;
    };
    FreeBlock* free_[small_classes + large_classes] = {};
    char* base_ = nullptr;       // the reserved range
    char* next_ = nullptr;       // the first byte never handed out
    char* committed_ = nullptr;  // [base_, committed_) is readable and writable
    char* end_ = nullptr;
};

}  // namespace soloist::lua
