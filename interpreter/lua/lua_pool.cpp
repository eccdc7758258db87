#include "lua/lua_pool.hpp"

#include <cstdlib>
#include <cstring>

namespace soloist::lua {

Pool::~Pool() {
    for (void* c : chunks_) std::free(c);
}

void* Pool::allocate(std::size_t size) {
    if (size > largest) return std::malloc(size);
    const std::size_t c = class_of(size);
    if (FreeBlock* b = free_[c]) {
        free_[c] = b->next;
        return b;
    }
    const std::size_t bytes = (c + 1) * granule;
    if (static_cast<std::size_t>(end_ - next_) < bytes) {
        void* chunk = std::malloc(chunk_size);
        if (!chunk) return nullptr;
        try {
            chunks_.push_back(chunk);
        } catch (...) {
            std::free(chunk);
            return nullptr;
        }
        next_ = static_cast<char*>(chunk);
        end_ = next_ + chunk_size;
    }
    void* block = next_;
    next_ += bytes;
    return block;
}

void Pool::release(void* block, std::size_t size) {
    if (!block) return;
    if (size > largest) {
        std::free(block);
        return;
    }
    auto* b = static_cast<FreeBlock*>(block);
    const std::size_t c = class_of(size);
    b->next = free_[c];
    free_[c] = b;
}

void* Pool::resize(void* block, std::size_t old_size, std::size_t new_size) {
    if (!block) return allocate(new_size);
    if (old_size > largest && new_size > largest) return std::realloc(block, new_size);
    if (old_size <= largest && new_size <= largest && class_of(old_size) == class_of(new_size)) return block;
    void* moved = allocate(new_size);
    if (!moved) return nullptr;
    std::memcpy(moved, block, old_size < new_size ? old_size : new_size);
    release(block, old_size);
    return moved;
}

}  // namespace soloist::lua
