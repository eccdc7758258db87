#pragma once
// The memory a game's Lua state lives in. Lua allocates and frees many small blocks (tables,
// strings, closures); size-class free lists carved from large chunks make that a few
// instructions each instead of a trip through malloc, and the whole pool goes at once when
// the state closes. Blocks over 512 bytes go to malloc.
#include <cstddef>
#include <vector>

namespace soloist::lua {

class Pool {
public:
    Pool() = default;
    Pool(const Pool&) = delete;
    Pool& operator=(const Pool&) = delete;
    ~Pool();

    void* allocate(std::size_t size);
    void release(void* block, std::size_t size);
    // As realloc: the block moves when the size class changes. nullptr when out of memory
    // (the old block is then untouched).
    void* resize(void* block, std::size_t old_size, std::size_t new_size);

private:
    static constexpr std::size_t granule = 16, largest = 512, classes = largest / granule;
    static constexpr std::size_t chunk_size = 64 * 1024;
    static std::size_t class_of(std::size_t size) { return (size + granule - 1) / granule - 1; }

    struct FreeBlock {
        FreeBlock* next;
    };
    FreeBlock* free_[classes] = {};
    std::vector<void*> chunks_;
    char* next_ = nullptr;
    char* end_ = nullptr;
};

}  // namespace soloist::lua
