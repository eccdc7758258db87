#include "lua/lua_pool.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

namespace soloist::lua {

namespace {

// The ranges of pools gone, kept for the next pool of the same size: a process that plays
// many short games one after another (`soloist test`, a check, a fuzzer) reuses their pages
// instead of mapping them, faulting them in and unmapping them again, which costs more than
// a short game. Only small ranges whose frozen range was never used are kept, two at most.
struct SpareRange {
    char* base = nullptr;
    std::size_t size = 0;
    char* committed = nullptr;
    char* frozen = nullptr;  // its frozen range, never used, or nullptr
};
constexpr std::size_t kept_spares = 2, spare_committed_limit = std::size_t{16} << 20;
std::mutex spares_lock;
SpareRange spares[kept_spares];
std::size_t spare_count = 0;

bool take_spare(std::size_t size, SpareRange& out) {
    std::lock_guard guard(spares_lock);
    for (std::size_t i = 0; i < spare_count; ++i)
        if (spares[i].size == size) {
            out = spares[i];
            std::move(spares + i + 1, spares + spare_count, spares + i);  // the rest keep their order
            --spare_count;
            return true;
        }
    return false;
}

// Keeps `range`; past two, the one kept longest is returned to be unmapped (nullptr base
// when none): the newest is the likeliest to be asked for next.
SpareRange keep_spare(const SpareRange& range) {
    std::lock_guard guard(spares_lock);
    SpareRange dropped;
    if (spare_count == kept_spares) {
        dropped = spares[0];
        std::move(spares + 1, spares + spare_count, spares);
        --spare_count;
    }
    spares[spare_count++] = range;
    return dropped;
}

void unmap(const SpareRange& range, std::size_t frozen_size) {
    if (range.base) munmap(range.base, range.size);
    if (range.frozen) munmap(range.frozen, frozen_size);
}

}  // namespace

// Addresses are reserved without access, so they count against no memory limit of the
// system; pages become usable in commit_step pieces as the pool grows.
Pool::Pool(std::size_t reserve, std::size_t minimum) {
    reserve = (reserve + commit_step - 1) / commit_step * commit_step;
    if (SpareRange spare; take_spare(reserve, spare)) {
        // Its bytes are what the last state left: Lua writes every block it is given before
        // reading it, as with malloc.
        base_ = next_ = spare.base;
        committed_ = populated_ = spare.committed;  // its pages are there
        end_ = base_ + reserve;
        frozen_base_ = frozen_next_ = frozen_committed_ = spare.frozen;
        return;
    }
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
    base_ = next_ = committed_ = populated_ = static_cast<char*>(range);
    end_ = base_ + reserve;
    // Without a frozen range every block is an ordinary one.
    void* frozen = mmap(nullptr, frozen_reserve, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (frozen != MAP_FAILED) frozen_base_ = frozen_next_ = frozen_committed_ = static_cast<char*>(frozen);
}

Pool::~Pool() {
    SOLOIST_POOL_UNPOISON(base_, static_cast<std::size_t>(next_ - base_));
    SpareRange range{base_, static_cast<std::size_t>(end_ - base_), committed_, frozen_base_};
    const bool small = static_cast<std::size_t>(committed_ - base_) <= spare_committed_limit;
    if (small && frozen_next_ == frozen_base_) range = keep_spare(range);
    unmap(range, frozen_reserve);
}

void* Pool::allocate_frozen(std::size_t size) {
    if (!frozen_base_ || sealed_) return nullptr;
    const std::size_t bytes = (size + granule - 1) / granule * granule;
    if (bytes > static_cast<std::size_t>(frozen_base_ + frozen_reserve - frozen_next_)) return nullptr;
    if (frozen_next_ + bytes > frozen_committed_) {
        const std::size_t want = static_cast<std::size_t>(frozen_next_ + bytes - frozen_base_);
        char* target = frozen_base_ + std::min((want + commit_step - 1) / commit_step * commit_step, frozen_reserve);
        if (mprotect(frozen_committed_, static_cast<std::size_t>(target - frozen_committed_), PROT_READ | PROT_WRITE) != 0)
            return nullptr;
        frozen_committed_ = target;
    }
    void* block = frozen_next_;
    frozen_next_ += bytes;
    return block;
}

void Pool::seal_frozen() {
    if (sealed_ || !frozen_base_) return;
    sealed_ = true;
    // The protection only catches a broken promise (nothing writes these blocks): should the
    // system refuse it, the blocks are as safe as before.
    if (frozen_committed_ > frozen_base_)
        mprotect(frozen_base_, static_cast<std::size_t>(frozen_committed_ - frozen_base_), PROT_READ);
}

bool Pool::commit_to(char* end) {
    if (end <= committed_) return true;
    char* target = base_ + (static_cast<std::size_t>(end - base_) + commit_step - 1) / commit_step * commit_step;
    if (target > end_) return false;
    if (mprotect(committed_, static_cast<std::size_t>(target - committed_), PROT_READ | PROT_WRITE) != 0) return false;
    committed_ = target;
    return true;
}

// Pages are made present a piece ahead of the blocks handed out, in one call: a page faulted in
// one at a time, as first written, costs several times as much (13-16 us against 1.8 us a page
// on a 2-core KVM guest), and a new state writes hundreds of them before its first question.
void Pool::populate_to(char* end) {
    char* target = std::min(committed_, std::max(end, populated_ + populate_step));
    if (target <= populated_) return;
#ifdef MADV_POPULATE_WRITE
    // Refused by kernels before 5.14: the pages then come as they are written.
    madvise(populated_, static_cast<std::size_t>(target - populated_), MADV_POPULATE_WRITE);
#endif
    populated_ = target;
}

void* Pool::allocate_new(std::size_t size_class) {
    if (size_class >= small_classes + large_classes) return nullptr;
    const std::size_t bytes = block_size(size_class);
    if (bytes > static_cast<std::size_t>(end_ - next_) || !commit_to(next_ + bytes)) return nullptr;
    if (next_ + bytes > populated_ && bytes < populate_step) populate_to(next_ + bytes);
    void* block = next_;
    next_ += bytes;
    return block;
}

void* Pool::move(void* block, std::size_t old_size, std::size_t new_size) {
    void* moved = allocate(new_size);
    if (!moved) return nullptr;
    std::memcpy(moved, block, old_size < new_size ? old_size : new_size);
    release(block, old_size);
    return moved;
}

// Sanitizer builds: free blocks poisoned again (see SOLOIST_POOL_POISON), after a whole-pool copy.
void Pool::poison_free_blocks() const {
    for (std::size_t c = 0; c < std::size(free_); ++c)
        for (const FreeBlock* b = free_[c]; b;) {
            SOLOIST_POOL_UNPOISON(b, sizeof(FreeBlock));
            const FreeBlock* next = b->next;
            SOLOIST_POOL_POISON(b, block_size(c));
            b = next;
        }
}

void Pool::save(Image& image) const {
    SOLOIST_POOL_UNPOISON(base_, static_cast<std::size_t>(next_ - base_));
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
    SOLOIST_POOL_UNPOISON(base_, static_cast<std::size_t>(std::max(next_, base_ + image.bytes.size()) - base_));
    for (const auto& span : image.spans) std::memcpy(base_ + span.offset, image.bytes.data() + span.offset, span.size);
    next_ = base_ + image.bytes.size();
    for (std::size_t c = 0; c < std::size(free_); ++c) free_[c] = static_cast<FreeBlock*>(image.free_lists[c]);
    poison_free_blocks();
}

}  // namespace soloist::lua
