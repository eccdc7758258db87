#include "domain/journal.hpp"

#include <cerrno>
#include <climits>
#include <cstring>
#include <functional>
#include <optional>
#include <string_view>

#include "domain/atomic_file.hpp"
#include "domain/file_access.hpp"
#include "domain/hash.hpp"
#include "domain/numbers.hpp"

namespace soloist {
namespace {

using ojson = nlohmann::ordered_json;

const char* const kCorruptAdvice =
    "The file was changed or damaged after Soloist wrote it; restore a good copy of the journal, "
    "or start a new game";
const char* const kTruncatedAdvice =
    "The file was cut short after Soloist wrote it (an interrupted copy, or a full disk while copying?); "
    "Soloist itself never leaves a half-written journal. Restore a complete copy of the journal, "
    "or start a new game";
const char* const kNotJournalAdvice =
    "Pass the journal file of a saved game, not an answers file, a transcript or another file";

std::string compose(const std::filesystem::path& file, int line, const std::string& problem,
                    const std::string& advice) {
    std::string where = file.empty() ? "journal" : "journal " + file.string();
    if (line > 0) where += ", line " + std::to_string(line);
    return where + ": " + problem + ". " + advice + ".";
}

// "1.5", "\"abc\"", "[1,2]" — cut short so a message stays one readable line.
std::string shown(const nlohmann::json& j) {
    std::string s = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (s.size() > 40) s = s.substr(0, 37) + "...";
    return s;
}

JournalError corrupt(int line, const std::string& problem) {
    return JournalError({}, line, "corrupt journal: " + problem, kCorruptAdvice);
}

JournalError truncated(int line, std::size_t entries, const std::string& detail) {
    return JournalError({}, line, "truncated after entry " + std::to_string(entries) + " (" + detail + ")",
                        kTruncatedAdvice);
}

// An integer a question or a correction can take: a 64-bit signed one. (JSON allows larger
// unsigned ones, which would wrap to negative numbers.)
bool is_value_integer(const nlohmann::json& v) { return json_integer(v).has_value(); }

bool is_answer_value(const nlohmann::json& v) {
    return v.is_string() || v.is_boolean() || is_value_integer(v);
}

// An integer in [low, INT_MAX], or nothing.
std::optional<int> small_int(const nlohmann::json& v, int low) {
    if (v.is_number_unsigned()) {
        auto u = v.get<std::uint64_t>();
        if (u <= static_cast<std::uint64_t>(INT_MAX) && static_cast<int>(u) >= low) return static_cast<int>(u);
    } else if (v.is_number_integer()) {
        auto i = v.get<std::int64_t>();
        if (i >= low && i <= INT_MAX) return static_cast<int>(i);
    }
    return std::nullopt;
}

// Every field of `j` must be in `allowed`.
void only_fields(const nlohmann::json& j, std::initializer_list<const char*> allowed, int line) {
    for (const auto& item : j.items()) {
        bool known = false;
        for (const char* name : allowed) known = known || item.key() == name;
        if (!known) throw corrupt(line, "unexpected field \"" + item.key() + "\"");
    }
}

const nlohmann::json& field(const nlohmann::json& j, const char* name, int line) {
    auto it = j.find(name);
    if (it == j.end()) throw corrupt(line, std::string("missing field \"") + name + "\"");
    return *it;
}

std::string string_field(const nlohmann::json& j, const char* name, int line) {
    const auto& v = field(j, name, line);
    if (!v.is_string()) throw corrupt(line, std::string("\"") + name + "\" must be a string, not " + shown(v));
    return v.get<std::string>();
}

// The entry's line in the file, fields in a fixed order.
ojson entry_line(const JournalEntry& e) {
    if (e.question < 1)
        throw std::invalid_argument("journal entry: question number must be 1 or more, not " + std::to_string(e.question));
    if (e.kind == JournalEntry::Kind::answer) {
        if (!is_answer_value(e.value))
            throw std::invalid_argument("journal entry for question " + std::to_string(e.question) +
                                        ": an answer must be a string id, true/false or an integer, not " + shown(e.value));
        ojson line;
        line["answer"] = ojson(e.value);
        line["q"] = e.question;
        return line;
    }
    if (e.target.empty())
        throw std::invalid_argument("journal entry for question " + std::to_string(e.question) +
                                    ": a correction needs the id of the value it corrects");
    if (!is_value_integer(e.value))
        throw std::invalid_argument("journal entry for question " + std::to_string(e.question) +
                                    ": a correction's value must be an integer, not " + shown(e.value));
    ojson line;
    line["correct"] = e.target;
    line["value"] = ojson(e.value);
    line["q"] = e.question;
    return line;
}

// Question numbers never go back, and each question has one answer at most. Calls `report`
// with the index of the first entry that breaks this and what is wrong.
void check_order(const std::vector<JournalEntry>& entries,
                 const std::function<void(std::size_t, const std::string&)>& report) {
    int last_q = 0, last_answered = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        if (e.question < last_q)
            report(i, "question numbers go back: question " + std::to_string(e.question) + " after question " +
                          std::to_string(last_q));
        if (e.kind == JournalEntry::Kind::answer) {
            if (e.question == last_answered)
                report(i, "a second answer to question " + std::to_string(e.question));
            last_answered = e.question;
        }
        last_q = e.question;
    }
}

ojson header_line(const JournalHeader& h) {
    if (h.format != kJournalFormat)
        throw std::invalid_argument("journal header: this Soloist writes journal format " +
                                    std::to_string(kJournalFormat) + ", not " + std::to_string(h.format));
    if (!h.options.is_object())
        throw std::invalid_argument("journal header: options must be an object, not " + shown(h.options));
    if (!h.rules.is_null() && !h.rules.is_object())
        throw std::invalid_argument("journal header: rules must be null or an object, not " + shown(h.rules));
    ojson line;
    line["soloist_journal"] = kJournalFormat;
    line["bot"] = h.bot_id;
    line["bot_version"] = h.bot_version;
    line["bot_hash"] = h.bot_hash;
    line["options"] = ojson(h.options);
    line["seed"] = h.seed;
    line["rules"] = ojson(h.rules);
    line["created"] = h.created;
    if (!h.bot_dir.empty()) line["bot_dir"] = h.bot_dir;
    return line;
}

JournalHeader header_from_json(const nlohmann::json& j) {
    constexpr int line = 1;
    only_fields(j, {"soloist_journal", "bot", "bot_version", "bot_hash", "options", "seed", "rules", "created", "bot_dir"},
                line);
    JournalHeader h;
    h.format = kJournalFormat;
    h.bot_id = string_field(j, "bot", line);
    h.bot_version = string_field(j, "bot_version", line);
    h.bot_hash = string_field(j, "bot_hash", line);
    h.options = field(j, "options", line);
    if (!h.options.is_object()) throw corrupt(line, "\"options\" must be an object, not " + shown(h.options));
    const auto& seed = field(j, "seed", line);
    if (const auto s = json_seed(seed)) h.seed = *s;
    else throw corrupt(line, "\"seed\" must be an integer from 0 to 18446744073709551615, not " + shown(seed));
    h.rules = field(j, "rules", line);
    if (!h.rules.is_null() && !h.rules.is_object())
        throw corrupt(line, "\"rules\" must be null or an object, not " + shown(h.rules));
    h.created = string_field(j, "created", line);
    if (j.contains("bot_dir")) h.bot_dir = string_field(j, "bot_dir", line);
    return h;
}

// The whole file; throws JournalError (with the file) if it cannot be read.
std::string read_journal_file(const std::filesystem::path& path) {
    try {
        return read_regular_file(path, kMaxJournalBytes);
    } catch (const FileReadError& e) {
        using R = FileReadError::Reason;
        switch (e.reason) {
            case R::missing: throw JournalError(path, 0, "no such file", "Check the path and the file name of the saved game");
            case R::folder:
                throw JournalError(path, 0, "this is a folder, not a file", "Pass the journal file of a saved game");
            case R::not_regular:
                throw JournalError(path, 0, "not a regular file (it is " + e.kind + ")",
                                   "Pass the journal file of a saved game, which is a regular file");
            case R::too_large:
                throw JournalError(path, 0, "the file is larger than " + size_text(kMaxJournalBytes) +
                                                ", more than any journal Soloist writes",
                                   "Pass the journal file of a saved game");
            case R::unreadable: break;
        }
        throw JournalError(path, 0, e.problem, "Check the path, the file's permissions and the disk");
    }
}

struct Line {
    std::string_view text;  // without the '\n'
    std::size_t offset;     // of its first byte in the file
    bool complete;          // ends with '\n'
};

std::vector<Line> split_lines(std::string_view contents) {
    std::vector<Line> lines;
    std::size_t pos = 0;
    while (pos < contents.size()) {
        std::size_t end = contents.find('\n', pos);
        if (end == std::string_view::npos) {
            lines.push_back({contents.substr(pos), pos, false});
            break;
        }
        lines.push_back({contents.substr(pos, end - pos), pos, true});
        pos = end + 1;
    }
    return lines;
}

nlohmann::json parse_line(std::string_view text) {
    return nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
}

// Checks the trailer on line `line_no` (1-based) against what precedes it.
void check_trailer(const nlohmann::json& t, int line_no, std::size_t entries, std::string_view preceding) {
    only_fields(t, {"entries", "check"}, line_no);
    auto count = small_int(field(t, "entries", line_no), 0);
    if (!count) throw corrupt(line_no, "\"entries\" must be a count of entries, not " + shown(t["entries"]));
    const auto& check = field(t, "check", line_no);
    bool hex = check.is_string() && check.get_ref<const std::string&>().size() == 16 &&
               check.get_ref<const std::string&>().find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) throw corrupt(line_no, "\"check\" must be 16 lowercase hex digits, not " + shown(check));
    if (static_cast<std::size_t>(*count) != entries)
        throw corrupt(line_no, "the trailer counts " + std::to_string(*count) + " entries but the journal has " +
                                   std::to_string(entries));
    std::string actual = hex64(fnv1a64(preceding));
    if (check.get<std::string>() != actual)
        throw corrupt(line_no, "checksum mismatch (the trailer says " + check.get<std::string>() +
                                   ", the lines before it hash to " + actual + ")");
}

Journal parse_contents(std::string_view contents) {
    if (contents.find_first_not_of(" \t\r\n") == std::string_view::npos)
        throw JournalError({}, 0, "the file is empty",
                           "It holds no game, and Soloist never leaves an empty journal; check the path, or start a new game");
    const std::vector<Line> lines = split_lines(contents);

    // Line 1: the header.
    const Line& first = lines.front();
    nlohmann::json h = parse_line(first.text);
    if (h.is_discarded()) {
        // A lone, cut-off line that starts like a header (or like its first bytes).
        constexpr std::string_view start = "{\"soloist_journal\"";
        if (!first.complete && (first.text.substr(0, start.size()) == start ||
                                (first.text.size() >= 2 && start.substr(0, first.text.size()) == first.text)))
            throw truncated(1, 0, "the header line is cut off");
        throw JournalError({}, 1, "not a Soloist journal: the first line is not JSON", kNotJournalAdvice);
    }
    if (!h.is_object() || !h.contains("soloist_journal"))
        throw JournalError({}, 1, "not a Soloist journal: the first line has no \"soloist_journal\" field",
                           kNotJournalAdvice);
    const auto& version = h["soloist_journal"];
    const bool newer = (version.is_number_unsigned() && version.get<std::uint64_t>() > kJournalFormat) ||
                       (version.is_number_integer() && version.get<std::int64_t>() > kJournalFormat);
    if (newer)
        throw JournalError({}, 1,
                           "written by a newer Soloist (journal format " + shown(version) +
                               "; this Soloist reads format " + std::to_string(kJournalFormat) + ")",
                           "Update Soloist to resume this game");
    if (!version.is_number_integer() || version.get<std::int64_t>() != kJournalFormat)
        throw JournalError({}, 1,
                           "unknown journal format version " + shown(version) + " (this Soloist reads format " +
                               std::to_string(kJournalFormat) + ")",
                           "The header line is damaged, or the file was not written by Soloist; restore a good copy");

    Journal journal;
    journal.header = header_from_json(h);

    // Entries, then the trailer.
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const Line& line = lines[i];
        const int line_no = static_cast<int>(i) + 1;
        const bool last = i + 1 == lines.size();
        nlohmann::json j = parse_line(line.text);
        if (!line.complete) {
            // Only the last line can lack its '\n'. A whole trailer that lost just its final
            // '\n' still proves the journal complete; anything else was cut off.
            if (j.is_discarded() || !j.is_object() || !j.contains("entries"))
                throw truncated(line_no, journal.entries.size(), "line " + std::to_string(line_no) + " is cut off");
        }
        if (j.is_discarded()) throw corrupt(line_no, line.text.empty() ? "the line is empty" : "the line is not JSON");
        if (j.is_object() && j.contains("entries")) {
            if (!last) throw corrupt(line_no + 1, "a line after the trailer (line " + std::to_string(line_no) + ")");
            check_order(journal.entries, [](std::size_t index, const std::string& problem) {
                throw corrupt(static_cast<int>(index) + 2, problem);
            });
            check_trailer(j, line_no, journal.entries.size(), contents.substr(0, line.offset));
            return journal;
        }
        journal.entries.push_back(entry_from_json(j, line_no));
    }
    throw truncated(static_cast<int>(lines.size()), journal.entries.size(), "the trailer line is missing");
}

}  // namespace

JournalError::JournalError(std::filesystem::path file_, int line_, std::string problem_, std::string advice_)
    : std::runtime_error(compose(file_, line_, problem_, advice_)),
      file(std::move(file_)),
      line(line_),
      problem(std::move(problem_)),
      advice(std::move(advice_)) {}

nlohmann::json to_json(const JournalEntry& entry) { return nlohmann::json(entry_line(entry)); }

JournalEntry entry_from_json(const nlohmann::json& j, int line) {
    if (!j.is_object()) throw corrupt(line, "an entry must be a JSON object, not " + shown(j));
    const bool answer = j.contains("answer"), correction = j.contains("correct");
    if (answer && correction) throw corrupt(line, "an entry is an answer or a correction, not both");
    if (!answer && !correction)
        throw corrupt(line, "the line is neither an answer (\"answer\") nor a correction (\"correct\")");

    JournalEntry e;
    const auto& q = field(j, "q", line);
    auto question = small_int(q, 1);
    if (!question) throw corrupt(line, "\"q\" must be a question number (1 or more), not " + shown(q));
    e.question = *question;

    if (answer) {
        only_fields(j, {"answer", "q"}, line);
        e.kind = JournalEntry::Kind::answer;
        e.value = j["answer"];
        if (e.value.is_number_integer() && !is_value_integer(e.value))
            throw corrupt(line, "\"answer\" " + shown(e.value) + " is out of range: an integer answer is from " +
                                    std::string(kInt64Range));
        if (!is_answer_value(e.value))
            throw corrupt(line, "\"answer\" must be a string id, true/false or an integer, not " + shown(e.value));
        return e;
    }
    only_fields(j, {"correct", "value", "q"}, line);
    e.kind = JournalEntry::Kind::correction;
    e.target = string_field(j, "correct", line);
    if (e.target.empty()) throw corrupt(line, "\"correct\" must name the corrected value, not be empty");
    e.value = field(j, "value", line);
    if (e.value.is_number_integer() && !is_value_integer(e.value))
        throw corrupt(line, "\"value\" " + shown(e.value) + " is out of range: a correction is from " + std::string(kInt64Range));
    if (!is_value_integer(e.value)) throw corrupt(line, "\"value\" must be an integer, not " + shown(e.value));
    return e;
}

void save_journal(const std::filesystem::path& path, const Journal& journal, Durability durability) {
    check_order(journal.entries, [](std::size_t index, const std::string& problem) {
        throw std::invalid_argument("journal entry " + std::to_string(index + 1) + ": " + problem);
    });
    std::string text;
    try {
        text = header_line(journal.header).dump() + "\n";
        for (const auto& e : journal.entries) text += entry_line(e).dump() + "\n";
    } catch (const nlohmann::json::exception& e) {  // e.g. a string that is not UTF-8
        throw std::invalid_argument(std::string("journal cannot be written as JSON: ") + e.what());
    }
    ojson trailer;
    trailer["entries"] = journal.entries.size();
    trailer["check"] = hex64(fnv1a64(text));
    text += trailer.dump() + "\n";
    // Never write what load_journal would refuse.
    if (text.size() > kMaxJournalBytes)
        throw std::invalid_argument("the journal would be larger than " + size_text(kMaxJournalBytes) +
                                    ", more than Soloist reads back");
    write_file_atomically(path, text, durability);
}

Journal load_journal(const std::filesystem::path& path) { return parse_journal(read_journal_file(path), path); }

Journal parse_journal(std::string_view contents, const std::filesystem::path& path) {
    try {
        return parse_contents(contents);
    } catch (const JournalError& e) {
        throw JournalError(path, e.line, e.problem, e.advice);
    }
}

}  // namespace soloist
