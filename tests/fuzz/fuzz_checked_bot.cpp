// fuzz_checked_bot: entries of the cache of checked bots (domain/checked_bots.hpp). The input is
// an entry's payload (CBOR); the target wraps it in a header that matches it, so that every
// input reaches the decoder (a header that does not match is refused before, see the unit tests).
//
// Decoding refusing the payload (std::runtime_error, a json exception) is a normal outcome.
// Findings, besides a crash or a sanitizer report: any other exception; a bot decoded that does
// not encode and decode again to the same bot; a number of the components that comes back
// unsigned though it fits a signed one (yaml_json reads it signed: a bot must see the same).

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "domain/checked_bots.hpp"
#include "domain/hash.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

const char* const kKey = "0123456789abcdef";

std::string entry_of(std::string_view payload) {
    return std::string("soloist checked bot 1 ") + kKey + " " + std::to_string(payload.size()) + " " +
           hex64(fnv1a64(payload)) + "\n" + std::string(payload);
}

bool unsigned_that_fits(const nlohmann::json& v) {
    if (v.is_number_unsigned()) return v.get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX);
    if (v.is_structured())
        for (const auto& item : v)
            if (unsigned_that_fits(item)) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view payload(reinterpret_cast<const char*>(data), size);
    Bot bot;
    try {
        bot = decode_checked_bot(entry_of(payload), kKey, "/bots/fuzzed");
    } catch (const nlohmann::json::exception&) {
        return 0;
    } catch (const std::runtime_error&) {
        return 0;
    } catch (const std::exception& e) {
        fuzz::fail(std::string("decoding threw an unexpected exception: ") + e.what());
    }
    if (unsigned_that_fits(bot.components)) fuzz::fail("a whole number that fits came back unsigned");
    const std::string again = encode_checked_bot(bot, kKey);
    Bot second;
    try {
        second = decode_checked_bot(again, kKey, "/bots/fuzzed");
    } catch (const std::exception& e) {
        fuzz::fail(std::string("a decoded bot, encoded again, does not decode: ") + e.what());
    }
    if (encode_checked_bot(second, kKey) != again) fuzz::fail("a decoded bot does not encode the same twice");
    return 0;
}
