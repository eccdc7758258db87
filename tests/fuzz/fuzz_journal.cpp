// fuzz_journal: the journal reader (a saved game comes from anyone) and its round trip.
//
// Each input is the text of a journal file. parse_journal refusing it (JournalError) is a
// normal outcome. A journal it accepts must be written back by save_journal (whose contract
// is never to write what the reader would refuse, and to refuse only what cannot be read
// back), read back from the file by load_journal, and come back equal in every field.
//
// Almost every mutation breaks the trailer's checksum, so the input is read twice: as it is
// (the checks for damage and truncation), and with the checksum of its last line recomputed
// for what precedes it (everything behind those checks, and the round trip).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "domain/hash.hpp"
#include "domain/journal.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

// Every field of a journal as JSON, so that two journals compare in one ==, and a difference
// shows in the report.
nlohmann::json form(const Journal& j) {
    const auto& h = j.header;
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& e : j.entries)
        entries.push_back({{"kind", e.kind == JournalEntry::Kind::answer ? "answer" : "correction"},
                           {"question", e.question},
                           {"value", e.value},
                           {"target", e.target}});
    return {{"format", h.format},   {"bot", h.bot_id},         {"bot_version", h.bot_version},
            {"bot_hash", h.bot_hash}, {"options", h.options},   {"seed", h.seed},
            {"rules", h.rules},     {"created", h.created},    {"bot_dir", h.bot_dir},
            {"entries", std::move(entries)}};
}

std::string shown(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

// `text` with the 16 characters after the last line's "check":" replaced by the checksum of
// the lines before it; nullopt when the last line has no such place.
std::optional<std::string> with_checksum(std::string_view text) {
    std::string_view body = text;
    if (!body.empty() && body.back() == '\n') body.remove_suffix(1);
    const std::size_t line = body.rfind('\n') == std::string_view::npos ? 0 : body.rfind('\n') + 1;
    constexpr std::string_view key = "\"check\":\"";
    const std::size_t at = body.find(key, line);
    if (line == 0 || at == std::string_view::npos || body.size() - (at + key.size()) < 16) return std::nullopt;
    std::string fixed(text);
    fixed.replace(at + key.size(), 16, hex64(fnv1a64(text.substr(0, line))));
    return fixed;
}

void round_trip(std::string_view text) {
    static const std::filesystem::path saved = fuzz::scratch_dir() / "saved.journal";
    Journal read;
    try {
        read = parse_journal(text, "fuzz.journal");
    } catch (const JournalError& e) {
        if (e.problem.empty() || e.advice.empty()) fuzz::fail(std::string("a JournalError without its parts: ") + e.what());
        return;
    }

    try {
        save_journal(saved, read);
    } catch (const std::exception& e) {
        fuzz::fail(std::string("save_journal refused a journal parse_journal accepted: ") + e.what());
    }
    Journal back;
    try {
        back = load_journal(saved);
    } catch (const std::exception& e) {
        fuzz::fail(std::string("load_journal refused what save_journal wrote: ") + e.what());
    }
    // Compared as text too: == on JSON sees 1 and 1.0 as equal, the file would not.
    const nlohmann::json before = form(read), after = form(back);
    if (before != after || shown(before) != shown(after))
        fuzz::fail("the journal changed on its round trip:\n  read:  " + shown(before) + "\n  back:  " + shown(after));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    round_trip(text);
    if (const auto fixed = with_checksum(text); fixed && *fixed != text) round_trip(*fixed);
    return 0;
}
