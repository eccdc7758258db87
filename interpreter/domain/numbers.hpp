#pragma once
// Whole numbers (and a few plain decimals) from text and from JSON, each checked against its
// range: nothing wraps (-1 is not 18446744073709551615), nothing is rounded or saturated
// (1e300 is no count, nan no time), and a value out of range is refused, never replaced by a
// default. The command line, journals, answers files, scenarios and answers typed at a prompt
// all read their numbers through these.

#include <cstdint>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace soloist {

inline constexpr std::string_view kSeedRange = "a whole number from 0 to 18446744073709551615";
inline constexpr std::string_view kInt64Range = "-9223372036854775808 to 9223372036854775807";

// Decimal digits only, no sign, spaces, "0x" or exponent: 0 to 18446744073709551615.
std::optional<std::uint64_t> parse_unsigned(std::string_view text);

// An optional '-' or '+' then decimal digits: a 64-bit signed integer.
std::optional<long long> parse_signed(std::string_view text);

// Decimal digits with an optional fraction ("2", "0.5"): no sign, exponent, inf or nan, so the
// result is always finite and at least 0.
std::optional<double> parse_decimal(std::string_view text);

// A JSON integer that fits a 64-bit signed integer (an unsigned one above it is refused,
// not wrapped to a negative number); floats, strings and the rest are refused.
std::optional<long long> json_integer(const nlohmann::json& v);

// A JSON integer from 0 to 18446744073709551615: a seed.
std::optional<std::uint64_t> json_seed(const nlohmann::json& v);

}  // namespace soloist
