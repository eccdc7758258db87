#include "domain/random.hpp"

#include <stdexcept>

namespace soloist {

std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

Xoshiro256ss::Xoshiro256ss(std::uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
}

static inline std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t Xoshiro256ss::next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

std::uint64_t Xoshiro256ss::below(std::uint64_t n) {
    if (n == 0) throw std::invalid_argument("random range is empty");
    // Reject the lowest (2^64 mod n) values so every residue is equally likely.
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t r = next();
        if (r >= threshold) return r % n;
    }
}

// FNV-1a of the stream name, so stream seeds depend on the name's bytes only.
static std::uint64_t name_hash(std::string_view name) {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : name) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

Xoshiro256ss& RandomStreams::stream(std::string_view name) {
    auto it = streams_.find(name);
    if (it == streams_.end()) {
        std::uint64_t mix = seed_;
        const std::uint64_t stream_seed = splitmix64(mix) ^ name_hash(name);
        it = streams_.emplace(std::string(name), Xoshiro256ss(stream_seed)).first;
    }
    return it->second;
}

std::uint64_t RandomStreams::below(std::string_view name, std::uint64_t n) {
    return stream(name).below(n);
}

std::vector<std::size_t> RandomStreams::permutation(std::string_view name, std::size_t n) {
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    auto& s = stream(name);
    for (std::size_t i = n; i > 1; --i) {
        const std::size_t j = static_cast<std::size_t>(s.below(i));
        std::swap(order[i - 1], order[j]);
    }
    return order;
}

std::optional<nlohmann::json> RandomStreams::take_forced(std::string_view name) {
    if (forced_.empty()) return std::nullopt;  // only scenarios force values
    auto it = forced_.find(name);
    if (it == forced_.end() || it->second.empty()) return std::nullopt;
    nlohmann::json v = std::move(it->second.front());
    it->second.pop_front();
    return v;
}

std::vector<ForcedValue> RandomStreams::unused_forced() const {
    std::vector<ForcedValue> out;
    for (const auto& [name, queue] : forced_)
        for (const auto& v : queue) out.push_back({name, v});
    return out;
}

}  // namespace soloist
