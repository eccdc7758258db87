#include "lua/lua_pool.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

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
#define POOL_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define POOL_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POOL_POISON(p, n) ((void)(p), (void)(n))
#define POOL_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace soloist::lua {

// Addresses are reserved without access, so they count against no memory limit of the
// system; pages become usable in commit_step pieces as the pool grows.
Pool::Pool(std::size_t reserve, std::size_t minimum) {
    reserve = (reserve + commit_step - 1) / commit_step * commit_step;
    void* range = MAP_FAILED;
    for (;;) {
        range = mmap(nullptr, reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (range != MAP_FAILED || reserve / 2 < std::max(minimum, commit_step)) break;
        reserve = reserve / 2 / commit_step * commit_step;
    }
    if (range == MAP_FAILED)
        throw std::runtime_error("cannot reserve " + std::to_string(std::max(minimum, reserve) >> 20) +
                                 " MiB of addresses for the bot's memory: lower --max-memory or raise the "
                                 "address-space limit (ulimit -v)");
    base_ = next_ = committed_ = static_cast<char*>(range);
    end_ = base_ + reserve;
}

Pool::~Pool() {
    POOL_UNPOISON(base_, static_cast<std::size_t>(next_ - base_));
    munmap(base_, static_cast<std::size_t>(end_ - base_));
}

std::size_t Pool::class_of(std::size_t size) {
    if (size <= small_limit) return (size + granule - 1) / granule - 1;
    return small_classes + static_cast<std::size_t>(std::bit_width(size - 1)) - 10;
}

std::size_t Pool::block_size(std::size_t size_class) {
    if (size_class < small_classes) return (size_class + 1) * granule;
    return std::size_t{1} << (size_class - small_classes + 10);
}

bool Pool::commit_to(char* end) {
    if (end <= committed_) return true;
    char* target = base_ + (static_cast<std::size_t>(end - base_) + commit_step - 1) / commit_step * commit_step;
    if (target > end_) return false;
    if (mprotect(committed_, static_cast<std::size_t>(target - committed_), PROT_READ | PROT_WRITE) != 0) return false;
    committed_ = target;
    return true;
}

void* Pool::allocate(std::size_t size) {
    const std::size_t c = class_of(size);
    if (c >= small_classes + large_classes) return nullptr;
    if (FreeBlock* b = free_[c]) {
        POOL_UNPOISON(b, block_size(c));
        free_[c] = b->next;
        return b;
    }
    const std::size_t bytes = block_size(c);
    if (bytes > static_cast<std::size_t>(end_ - next_) || !commit_to(next_ + bytes)) return nullptr;
    void* block = next_;
    next_ += bytes;
    return block;
}

void Pool::release(void* block, std::size_t size) {
    if (!block) return;
    auto* b = static_cast<FreeBlock*>(block);
    const std::size_t c = class_of(size);
    b->next = free_[c];
    free_[c] = b;
    POOL_POISON(b, block_size(c));
}

void* Pool::resize(void* block, std::size_t old_size, std::size_t new_size) {
    if (!block) return allocate(new_size);
    if (class_of(old_size) == class_of(new_size)) return block;
    void* moved = allocate(new_size);
    if (!moved) return nullptr;
    std::memcpy(moved, block, old_size < new_size ? old_size : new_size);
    release(block, old_size);
    return moved;
}

// Sanitizer builds: free blocks poisoned again (see POOL_POISON), after a whole-pool copy.
void Pool::poison_free_blocks() const {
    for (std::size_t c = 0; c < std::size(free_); ++c)
        for (const FreeBlock* b = free_[c]; b;) {
            POOL_UNPOISON(b, sizeof(FreeBlock));
            const FreeBlock* next = b->next;
            POOL_POISON(b, block_size(c));
            b = next;
        }
}

void Pool::save(Image& image) const {
    POOL_UNPOISON(base_, static_cast<std::size_t>(next_ - base_));
    image.base = base_;
    image.bytes.assign(base_, next_);
    image.free_lists.assign(std::begin(free_), std::end(free_));
    // The contents of large free blocks need not come back: a block is handed out again
    // only to be written over. Their free-list links must.
    std::vector<Image::Span> skipped;
    for (std::size_t c = small_classes; c < std::size(free_); ++c)
        for (const FreeBlock* b = free_[c]; b; b = b->next)
            skipped.push_back({static_cast<std::size_t>(reinterpret_cast<const char*>(b) - base_) + sizeof(FreeBlock),
                               block_size(c) - sizeof(FreeBlock)});
    std::sort(skipped.begin(), skipped.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
    image.spans.clear();
    std::size_t from = 0;
    for (const auto& hole : skipped) {
        image.spans.push_back({from, hole.offset - from});
        from = hole.offset + hole.size;
    }
    image.spans.push_back({from, image.bytes.size() - from});
    poison_free_blocks();
}

void Pool::restore(const Image& image) {
    if (image.base != base_) throw std::logic_error("Pool::restore: the image belongs to another pool");
    POOL_UNPOISON(base_, static_cast<std::size_t>(std::max(next_, base_ + image.bytes.size()) - base_));
    for (const auto& span : image.spans) std::memcpy(base_ + span.offset, image.bytes.data() + span.offset, span.size);
    next_ = base_ + image.bytes.size();
    for (std::size_t c = 0; c < std::size(free_); ++c) free_[c] = static_cast<FreeBlock*>(image.free_lists[c]);
    poison_free_blocks();
}

}  // namespace soloist::lua
