#pragma once
// All randomness of a game: named streams derived from the game seed.
//
// The algorithms are fixed here (SplitMix64 seeding, xoshiro256**, rejection-sampled
// bounded integers, Fisher-Yates) so the same seed gives the same results with any
// standard library on any machine. Each stream is independent: a house rule that rolls
// one more die on its own stream does not change any other stream.
#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace soloist {

std::uint64_t splitmix64(std::uint64_t& state);

class Xoshiro256ss {
public:
    explicit Xoshiro256ss(std::uint64_t seed);
    explicit Xoshiro256ss(const std::array<std::uint64_t, 4>& state) : s_(state) {}
    std::uint64_t next();
    // Uniform integer in [0, n), n > 0, without modulo bias.
    std::uint64_t below(std::uint64_t n);

private:
    std::array<std::uint64_t, 4> s_;
};

// A value forced by a scenario for the next random call on a stream.
struct ForcedValue {
    std::string stream;
    nlohmann::json value;
};

class RandomStreams {
public:
    explicit RandomStreams(std::uint64_t seed) : seed_(seed) {}

    std::uint64_t seed() const { return seed_; }
    // Uniform integer in [0, n) from the named stream.
    std::uint64_t below(std::string_view stream, std::uint64_t n);
    // A Fisher-Yates permutation of 0..n-1: result[i] is the original index now at i.
    std::vector<std::size_t> permutation(std::string_view stream, std::size_t n);

    // Scenario support: values consumed, in order, by the next calls on a stream.
    void force(const ForcedValue& v) { forced_[v.stream].push_back(v.value); }
    std::optional<nlohmann::json> take_forced(std::string_view stream);
    // Forced values that no call consumed (a scenario that forces too much is wrong).
    std::vector<ForcedValue> unused_forced() const;

private:
    Xoshiro256ss& stream(std::string_view name);

    std::uint64_t seed_;
    // Looked up by the bot's string as it is (std::less<>): no std::string per call.
    std::map<std::string, Xoshiro256ss, std::less<>> streams_;
    std::map<std::string, std::deque<nlohmann::json>, std::less<>> forced_;
};

}  // namespace soloist
