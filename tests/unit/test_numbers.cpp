// Whole numbers from text and JSON: ranges checked, nothing wraps; and the answers to a
// question, which are read through them.

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

#include "domain/numbers.hpp"
#include "domain/question.hpp"

using namespace soloist;
using nlohmann::json;

TEST_CASE("parse_unsigned takes decimal digits from 0 to 2^64-1, nothing else", "[numbers]") {
    CHECK(parse_unsigned("0") == 0u);
    CHECK(parse_unsigned("007") == 7u);
    CHECK(parse_unsigned("18446744073709551615") == std::numeric_limits<std::uint64_t>::max());
    for (const char* bad : {"", "-1", "+1", " 1", "1 ", "18446744073709551616", "99999999999999999999999", "1e3",
                            "0x10", "1.0", "nan", "inf", "١"})
        CHECK_FALSE(parse_unsigned(bad));
}

TEST_CASE("parse_signed takes a sign and digits within 64 bits", "[numbers]") {
    CHECK(parse_signed("-5") == -5);
    CHECK(parse_signed("+5") == 5);
    CHECK(parse_signed("9223372036854775807") == std::numeric_limits<long long>::max());
    CHECK(parse_signed("-9223372036854775808") == std::numeric_limits<long long>::min());
    for (const char* bad : {"", "-", "+", "--1", "9223372036854775808", "-9223372036854775809",
                            "18446744073709551615", "5x", "1e3"})
        CHECK_FALSE(parse_signed(bad));
}

TEST_CASE("parse_decimal takes plain decimals only: always finite", "[numbers]") {
    CHECK(parse_decimal("2") == 2.0);
    CHECK(parse_decimal("0.5") == 0.5);
    CHECK(parse_decimal("3600") == 3600.0);
    for (const char* bad : {"", ".5", "5.", "-1", "+1", "1e300", "nan", "inf", "0x1p3", "1..2", " 1"})
        CHECK_FALSE(parse_decimal(bad));
}

TEST_CASE("json_integer and json_seed refuse what would wrap", "[numbers]") {
    CHECK(json_integer(json(-3)) == -3);
    CHECK(json_integer(json(std::uint64_t{9223372036854775807u})) == std::numeric_limits<long long>::max());
    CHECK_FALSE(json_integer(json(std::uint64_t{9223372036854775808u})));
    CHECK_FALSE(json_integer(json::parse("18446744073709551615")));
    CHECK_FALSE(json_integer(json(1.0)));
    CHECK_FALSE(json_integer(json("3")));
    CHECK(json_seed(json::parse("18446744073709551615")) == std::numeric_limits<std::uint64_t>::max());
    CHECK(json_seed(json(0)) == 0u);
    CHECK_FALSE(json_seed(json(-1)));
    CHECK_FALSE(json_seed(json(1.5)));
    CHECK_FALSE(json_seed(json::parse("18446744073709551616")));  // a float in JSON
}

TEST_CASE("a question's answers are range-checked, never wrapped", "[numbers][question]") {
    Question number;
    number.kind = Question::Kind::number;
    number.min = -5;
    number.max = 5;
    CHECK(number.accept(json(-5)) == json(-5));
    CHECK(number.accept(json("5")) == json(5));
    // 2^64-1 is not -1, as a JSON number (answers files, journals) or as text (the prompt).
    CHECK_FALSE(number.accept(json::parse("18446744073709551615")));
    CHECK_FALSE(number.accept(json("18446744073709551615")));
    CHECK_FALSE(number.accept(json::parse("18446744073709551611")));  // not -5 either
    CHECK_FALSE(number.accept(json("5x")));

    Question ask;
    ask.kind = Question::Kind::ask;
    ask.choices = {{"a", "A"}, {"b", "B"}};
    CHECK(ask.accept(json(2)) == json("b"));
    CHECK_FALSE(ask.accept(json::parse("18446744073709551617")));  // a float: no choice
    CHECK_FALSE(ask.accept(json::parse("18446744073709551615")));

    Question confirm;
    confirm.kind = Question::Kind::confirm;
    CHECK(confirm.accept(json(1)) == json(true));
    CHECK_FALSE(confirm.accept(json::parse("18446744073709551617")));
}
