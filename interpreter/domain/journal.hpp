#pragma once
// The game journal: everything needed to replay a game. Resume = replay the journal;
// undo = replay all but the last entry.
//
// File format (JSON Lines, UTF-8, '\n' line ends, one JSON object per line):
//   line 1   {"soloist_journal":1,"bot":"…","bot_version":"…","bot_hash":"…","options":{…},
//             "seed":N,"rules":null|{…},"created":"…"}
//   entries  {"answer":<string id | true/false | integer>,"q":N}
//            {"correct":"<target id>","value":<integer>,"q":N}
//   last     {"entries":N,"check":"<16 hex digits: FNV-1a 64 of every byte before this line>"}
// The trailer makes truncation and damage detectable. The journal is rewritten atomically
// after every answer (see atomic_file.hpp).

#include "domain/atomic_file.hpp"
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace soloist {

inline constexpr int kJournalFormat = 1;  // the format this Soloist reads and writes
// The largest journal Soloist reads, and so writes (a long game's is a few KiB).
inline constexpr std::uintmax_t kMaxJournalBytes = std::uintmax_t{16} << 20;

struct JournalHeader {
    int format = kJournalFormat;
    std::string bot_id, bot_version, bot_hash;
    nlohmann::json options = nlohmann::json::object();
    std::uint64_t seed = 0;
    nlohmann::json rules;  // null, or {file, hash, options, script}
    std::string created;   // ISO time, informative only
    std::string bot_dir;   // the bot's folder: resumes a bot that was given by path (optional)
};

struct JournalEntry {
    enum class Kind { answer, correction };
    Kind kind = Kind::answer;
    int question = 0;      // the 1-based question number it answers (answer) or precedes (correction)
    nlohmann::json value;  // answer: string id | bool | integer; correction: integer (both 64-bit signed)
    std::string target;    // correction only: the correctable value's id
};

struct Journal {
    JournalHeader header;
    std::vector<JournalEntry> entries;
};

// A journal file that cannot be loaded. what() names the file (when known), the line (when
// there is one), what is wrong and what to do; the parts are also kept separately.
struct JournalError : std::runtime_error {
    JournalError(std::filesystem::path file, int line, std::string problem, std::string advice);
    std::filesystem::path file;  // empty when not known (entry_from_json)
    int line;                    // 1-based; 0 when the problem is not on one line
    std::string problem;         // e.g. "truncated after entry 3 (the last line is cut off)"
    std::string advice;          // what the player can do about it
};

// One entry line. Throws std::invalid_argument for an entry that could not be loaded back
// (question < 1, a value of the wrong type, a correction without a target).
nlohmann::json to_json(const JournalEntry& entry);

// Parses one entry line; throws JournalError (without a file) naming `line` if it is malformed.
JournalEntry entry_from_json(const nlohmann::json& j, int line);

// Writes the whole journal atomically (write_file_atomically). Throws std::invalid_argument
// for a journal that could not be loaded back (bad entry, options not an object, rules neither
// null nor an object, question numbers out of order, format other than kJournalFormat, more
// than kMaxJournalBytes) and std::runtime_error if the file cannot be written (the previous
// file is then untouched). Durability::later: see write_file_atomically.
void save_journal(const std::filesystem::path& path, const Journal& journal, Durability durability = Durability::now);

// Reads and checks a journal; never modifies the file. Throws JournalError if the file is
// missing or unreadable, not a regular file (a device, a FIFO), larger than kMaxJournalBytes,
// empty, not a Soloist journal, of a newer or unknown format, truncated, or corrupt.
Journal load_journal(const std::filesystem::path& path);

// The same for the contents of a file already read; `path` names it in errors.
Journal parse_journal(std::string_view contents, const std::filesystem::path& path);

}  // namespace soloist
