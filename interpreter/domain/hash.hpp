#pragma once
// FNV-1a 64-bit hashing: content hashes and journal checksums.

#include <cstdint>
#include <string>
#include <string_view>

namespace soloist {

// FNV-1a 64 of `data`. Pass a previous result as `basis` to hash in pieces:
// fnv1a64(b, fnv1a64(a)) == fnv1a64(a + b).
std::uint64_t fnv1a64(std::string_view data, std::uint64_t basis = 14695981039346656037ull);

// 16 lowercase hex digits, zero-padded.
std::string hex64(std::uint64_t value);

}  // namespace soloist
