#include "domain/numbers.hpp"

#include <charconv>
#include <limits>

namespace soloist {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

}  // namespace

std::optional<std::uint64_t> parse_unsigned(std::string_view text) {
    if (!all_digits(text)) return std::nullopt;
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;  // out of range
    return n;
}

std::optional<long long> parse_signed(std::string_view text) {
    const bool negative = !text.empty() && text[0] == '-';
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
    const auto magnitude = parse_unsigned(text);
    if (!magnitude) return std::nullopt;
    constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
    if (negative) {
        if (*magnitude > max + 1) return std::nullopt;
        return *magnitude == max + 1 ? std::numeric_limits<long long>::min() : -static_cast<long long>(*magnitude);
    }
    if (*magnitude > max) return std::nullopt;
    return static_cast<long long>(*magnitude);
}

std::optional<double> parse_decimal(std::string_view text) {
    const auto dot = text.find('.');
    if (!all_digits(text.substr(0, dot))) return std::nullopt;
    if (dot != std::string_view::npos && !all_digits(text.substr(dot + 1))) return std::nullopt;
    double x = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), x, std::chars_format::fixed);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;  // too large for a double
    return x;
}

std::optional<long long> json_integer(const nlohmann::json& v) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(std::numeric_limits<long long>::max())) return std::nullopt;
        return static_cast<long long>(u);
    }
    if (v.is_number_integer()) return v.get<long long>();
    return std::nullopt;
}

std::optional<std::uint64_t> json_seed(const nlohmann::json& v) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>();
    if (v.is_number_integer() && v.get<long long>() >= 0) return static_cast<std::uint64_t>(v.get<long long>());
    return std::nullopt;
}

}  // namespace soloist
