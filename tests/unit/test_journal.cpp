// The game journal: format, round trips, atomic saves and every load error.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <string>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "domain/atomic_file.hpp"
#include "domain/hash.hpp"
#include "domain/journal.hpp"
#include "test_support.hpp"

using namespace soloist;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
namespace fs = std::filesystem;

namespace {

const fs::path kFixtures = test::fixtures() / "journals";
using test::TempDir;

// Puts a folder's mode back at scope exit, so a failed check cannot leave it read-only.
struct RestoreMode {
    fs::path dir;
    ~RestoreMode() {
        std::error_code ec;
        fs::permissions(dir, fs::perms(0755), fs::perm_options::replace, ec);
    }
};

std::string read_bytes(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const fs::path& p, const std::string& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << bytes;
    REQUIRE(out.good());
}

std::set<std::string> names_in(const fs::path& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
}

JournalEntry answer(int q, nlohmann::json value) {
    JournalEntry e;
    e.kind = JournalEntry::Kind::answer;
    e.question = q;
    e.value = std::move(value);
    return e;
}

JournalEntry correction(int q, std::string target, nlohmann::json value) {
    JournalEntry e;
    e.kind = JournalEntry::Kind::correction;
    e.question = q;
    e.target = std::move(target);
    e.value = std::move(value);
    return e;
}

// Every entry kind and value type; the golden fixture valid.journal is this journal.
Journal sample_journal() {
    Journal j;
    j.header.bot_id = "tinkerer";
    j.header.bot_version = "1.2.0";
    j.header.bot_hash = "5f2c9a0e41b7d386";
    j.header.options = {{"difficulty", "hard"}, {"expansions", {"river", "harbour"}}, {"players", 1}};
    j.header.seed = std::numeric_limits<std::uint64_t>::max();
    j.header.rules = {{"file", "house-rules.yaml"},
                      {"hash", "0d1e2f3a4b5c6d7e"},
                      {"options", {{"bonus", 2}}},
                      {"script", "house-rules.lua"}};
    j.header.created = "2024-05-01T12:00:00Z";
    j.entries = {answer(1, "pass"),
                 answer(2, true),
                 correction(3, "score.bot", 12),
                 answer(3, false),
                 answer(4, 7),
                 answer(5, -3),
                 correction(6, "coins", -1)};
    return j;
}

void require_same(const Journal& a, const Journal& b) {
    CHECK(a.header.format == b.header.format);
    CHECK(a.header.bot_id == b.header.bot_id);
    CHECK(a.header.bot_version == b.header.bot_version);
    CHECK(a.header.bot_hash == b.header.bot_hash);
    CHECK(a.header.options == b.header.options);
    CHECK(a.header.seed == b.header.seed);
    CHECK(a.header.rules == b.header.rules);
    CHECK(a.header.created == b.header.created);
    REQUIRE(a.entries.size() == b.entries.size());
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
        INFO("entry " << i + 1);
        CHECK(a.entries[i].kind == b.entries[i].kind);
        CHECK(a.entries[i].question == b.entries[i].question);
        CHECK(a.entries[i].value == b.entries[i].value);
        // Same text in the file: 12 may come back unsigned where it went in signed.
        CHECK(a.entries[i].value.dump() == b.entries[i].value.dump());
        CHECK(a.entries[i].target == b.entries[i].target);
    }
}

// Loads `p`, which must fail; checks the load left the file as it was.
JournalError load_error(const fs::path& p) {
    const bool existed = fs::is_regular_file(p);
    const std::string before = existed ? read_bytes(p) : std::string();
    try {
        load_journal(p);
    } catch (const JournalError& e) {
        if (existed) CHECK(read_bytes(p) == before);
        CHECK(e.file == p);
        CHECK_THAT(e.what(), Contains(p.string()));
        return e;
    }
    FAIL("load_journal accepted " << p);
    throw std::logic_error("unreachable");
}

// The text without its trailer, sealed again with a correct trailer: lets a test make a
// change the checksum would otherwise catch first.
std::string reseal(std::string text, int entries) {
    text.pop_back();
    text.erase(text.rfind('\n') + 1);
    return text + "{\"entries\":" + std::to_string(entries) + ",\"check\":\"" + hex64(fnv1a64(text)) + "\"}\n";
}

std::string replace_once(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// Runs `body` in a forked child and returns its exit code (the child must _exit).
template <class Body>
int in_child(Body body) {
    pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        int code = 99;
        try {
            code = body();
        } catch (...) {
            code = 98;
        }
        ::_exit(code);
    }
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    return WEXITSTATUS(status);
}

// For a forked child's exit code: 0 if saving `j` to `path` throws a std::runtime_error that
// names the path, the system's reason for `err` and that the old file is untouched; 1 if it
// does not throw; 2 if the message is wrong.
int save_fails_with(const fs::path& path, const Journal& j, int err) {
    try {
        save_journal(path, j);
        return 1;
    } catch (const std::runtime_error& e) {
        const std::string msg = e.what();
        const bool ok = msg.find(path.string()) != std::string::npos &&
                        msg.find(std::strerror(err)) != std::string::npos &&
                        msg.find("previous file is untouched") != std::string::npos;
        return ok ? 0 : 2;
    }
}

}  // namespace

TEST_CASE("FNV-1a 64 and hex64", "[journal][hash]") {
    CHECK(fnv1a64("") == 14695981039346656037ull);
    CHECK(fnv1a64("a") == 0xaf63dc4c8601ec8cull);
    CHECK(fnv1a64("foobar") == 0x85944171f73967e8ull);
    CHECK(fnv1a64("bar", fnv1a64("foo")) == fnv1a64("foobar"));
    CHECK(hex64(0) == "0000000000000000");
    CHECK(hex64(0xaf63dc4c8601ec8cull) == "af63dc4c8601ec8c");
}

TEST_CASE("journal round-trips every entry kind and full 64-bit seeds", "[journal]") {
    TempDir tmp;
    const fs::path path = tmp.path() / "game.journal";

    for (std::uint64_t seed : {std::uint64_t{0}, std::uint64_t{42}, std::uint64_t{1} << 63,
                               std::uint64_t{0x8000000000000001ull}, std::numeric_limits<std::uint64_t>::max()}) {
        INFO("seed " << seed);
        Journal j = sample_journal();
        j.header.seed = seed;
        save_journal(path, j);
        const std::string text = read_bytes(path);
        CHECK_THAT(text, Contains("\"seed\":" + std::to_string(seed) + ","));
        require_same(load_journal(path), j);
    }

    SECTION("no house rules, no options, no entries") {
        Journal j;
        j.header.bot_id = "b";
        save_journal(path, j);
        const Journal back = load_journal(path);
        require_same(back, j);
        CHECK(back.header.rules.is_null());
        CHECK(back.header.options == nlohmann::json::object());
    }
    SECTION("strings with quotes, newlines and non-ASCII text") {
        Journal j = sample_journal();
        j.header.bot_id = "l'automate \"Zoé\"\nligne 2";
        j.entries = {answer(1, "choix\té"), correction(1, "pièces\n", 3)};
        save_journal(path, j);
        require_same(load_journal(path), j);
    }
}

TEST_CASE("journal file layout", "[journal]") {
    TempDir tmp;
    const fs::path path = tmp.path() / "game.journal";
    const Journal j = sample_journal();
    save_journal(path, j);
    const std::string text = read_bytes(path);

    REQUIRE(!text.empty());
    CHECK(text.back() == '\n');
    CHECK(std::count(text.begin(), text.end(), '\n') == 1 + 7 + 1);  // header, entries, trailer
    CHECK_THAT(text, StartsWith("{\"soloist_journal\":1,\"bot\":\"tinkerer\",\"bot_version\":\"1.2.0\","));
    CHECK_THAT(text, Contains("\n{\"answer\":\"pass\",\"q\":1}\n"));
    CHECK_THAT(text, Contains("\n{\"answer\":true,\"q\":2}\n"));
    CHECK_THAT(text, Contains("\n{\"correct\":\"score.bot\",\"value\":12,\"q\":3}\n"));
    CHECK_THAT(text, Contains("\n{\"answer\":-3,\"q\":5}\n"));

    const std::string body = text.substr(0, text.rfind('\n', text.size() - 2) + 1);
    const std::string trailer = text.substr(body.size());
    CHECK(trailer == "{\"entries\":7,\"check\":\"" + hex64(fnv1a64(body)) + "\"}\n");

    SECTION("matches the golden fixture byte for byte") {
        // To regenerate after a deliberate format change: SOLOIST_UPDATE_FIXTURES=1 soloist_tests "[journal]"
        const fs::path golden = kFixtures / "valid.journal";
        if (std::getenv("SOLOIST_UPDATE_FIXTURES")) save_journal(golden, j);
        CHECK(read_bytes(golden) == text);
        require_same(load_journal(golden), j);
    }
}

TEST_CASE("journal entries to and from JSON", "[journal]") {
    SECTION("round trip") {
        for (const auto& e : sample_journal().entries) {
            const JournalEntry back = entry_from_json(to_json(e), 2);
            CHECK(back.kind == e.kind);
            CHECK(back.question == e.question);
            CHECK(back.value == e.value);
            CHECK(back.target == e.target);
        }
        CHECK(to_json(answer(4, "x")) == nlohmann::json{{"answer", "x"}, {"q", 4}});
        CHECK(to_json(correction(2, "coins", 5)) == nlohmann::json{{"correct", "coins"}, {"value", 5}, {"q", 2}});
    }
    SECTION("to_json refuses entries that could not be loaded back") {
        CHECK_THROWS_AS(to_json(answer(0, "x")), std::invalid_argument);
        CHECK_THROWS_AS(to_json(answer(1, 1.5)), std::invalid_argument);
        CHECK_THROWS_AS(to_json(answer(1, nullptr)), std::invalid_argument);
        CHECK_THROWS_AS(to_json(answer(1, nlohmann::json::array())), std::invalid_argument);
        CHECK_THROWS_AS(to_json(correction(1, "", 3)), std::invalid_argument);
        CHECK_THROWS_AS(to_json(correction(1, "coins", "3")), std::invalid_argument);
    }
    SECTION("entry_from_json names the line and what is wrong") {
        struct Case {
            const char* json;
            const char* problem;
        };
        const Case cases[] = {
            {R"([1,2])", "an entry must be a JSON object"},
            {R"({"answer":"x"})", "missing field \"q\""},
            {R"({"answer":"x","q":0})", "\"q\" must be a question number"},
            {R"({"answer":"x","q":"1"})", "\"q\" must be a question number"},
            {R"({"answer":"x","q":1.0})", "\"q\" must be a question number"},
            {R"({"answer":1.5,"q":1})", "\"answer\" must be a string id, true/false or an integer, not 1.5"},
            {R"({"answer":null,"q":1})", "\"answer\" must be a string id"},
            {R"({"answer":"x","q":1,"note":"hi"})", "unexpected field \"note\""},
            {R"({"answer":"x","correct":"y","q":1})", "not both"},
            {R"({"q":1})", "neither an answer"},
            {R"({"correct":"coins","q":1})", "missing field \"value\""},
            {R"({"correct":"coins","value":"3","q":1})", "\"value\" must be an integer"},
            {R"({"correct":7,"value":3,"q":1})", "\"correct\" must be a string"},
            {R"({"correct":"","value":3,"q":1})", "\"correct\" must name the corrected value"},
        };
        for (const auto& c : cases) {
            INFO(c.json);
            try {
                entry_from_json(nlohmann::json::parse(c.json), 7);
                FAIL("accepted");
            } catch (const JournalError& e) {
                CHECK(e.line == 7);
                CHECK(e.file.empty());
                CHECK_THAT(e.what(), Contains("line 7") && Contains("corrupt journal") && Contains(c.problem) &&
                                         Contains("restore a good copy"));
            }
        }
    }
}

TEST_CASE("save_journal refuses a journal it could not load back", "[journal]") {
    TempDir tmp;
    const fs::path path = tmp.path() / "game.journal";
    Journal j = sample_journal();

    SECTION("question numbers going back") { j.entries.push_back(answer(2, "late")); }
    SECTION("two answers to one question") { j.entries.push_back(answer(5, "again")); }
    SECTION("an answer of the wrong type") { j.entries.push_back(answer(7, 0.5)); }
    SECTION("options that are not an object") { j.header.options = nlohmann::json::array(); }
    SECTION("rules that are neither null nor an object") { j.header.rules = "house.yaml"; }
    SECTION("a format this Soloist does not write") { j.header.format = 2; }
    SECTION("a string that is not UTF-8") { j.header.bot_id = "\xff\xfe"; }

    CHECK_THROWS_AS(save_journal(path, j), std::invalid_argument);
    CHECK(names_in(tmp.path()).empty());
}

TEST_CASE("save_journal never writes a journal larger than load_journal reads", "[journal]") {
    TempDir tmp;
    Journal j = sample_journal();
    j.entries.clear();
    for (int q = 1; q <= 200; ++q) j.entries.push_back(answer(q, std::string(100000, 'x')));
    CHECK_THROWS_WITH(save_journal(tmp.path() / "huge.journal", j), Contains("larger than 16 MiB"));
    CHECK(names_in(tmp.path()).empty());
}

TEST_CASE("saving replaces the journal atomically", "[journal][atomic]") {
    TempDir tmp;
    const fs::path path = tmp.path() / "game.journal";
    Journal j = sample_journal();

    save_journal(path, j);
    CHECK(names_in(tmp.path()) == std::set<std::string>{"game.journal"});

    // Saved after every answer: each save replaces the whole file.
    for (int q = 7; q <= 30; ++q) {
        j.entries.push_back(answer(q, "answer " + std::to_string(q)));
        save_journal(path, j);
    }
    require_same(load_journal(path), j);
    j.entries.resize(3);  // undo back to three entries: the file shrinks
    save_journal(path, j);
    require_same(load_journal(path), j);
    CHECK(names_in(tmp.path()) == std::set<std::string>{"game.journal"});

    SECTION("write_file_atomically itself") {
        const fs::path plain = tmp.path() / "plain.txt";
        write_file_atomically(plain, "first\n");
        CHECK(read_bytes(plain) == "first\n");
        write_file_atomically(plain, "");
        CHECK(read_bytes(plain).empty());
        write_file_atomically(plain, std::string(300000, 'x'));
        CHECK(read_bytes(plain) == std::string(300000, 'x'));
        CHECK(names_in(tmp.path()) == std::set<std::string>{"game.journal", "plain.txt"});
    }
    SECTION("a relative path, in the current folder") {
        const fs::path cwd = fs::current_path();
        fs::current_path(tmp.path());
        try {
            write_file_atomically("relative.txt", "here");
        } catch (...) {
            fs::current_path(cwd);
            throw;
        }
        fs::current_path(cwd);
        CHECK(read_bytes(tmp.path() / "relative.txt") == "here");
    }
}

TEST_CASE("a failed save leaves the previous journal untouched", "[journal][atomic]") {
    TempDir tmp;
    const fs::path dir = tmp.path() / "saves";
    fs::create_directory(dir);
    const fs::path path = dir / "game.journal";
    Journal j = sample_journal();
    save_journal(path, j);
    const std::string old = read_bytes(path);
    j.entries.push_back(answer(7, "new"));

    SECTION("read-only folder") {
        RestoreMode restore{dir};
        fs::permissions(dir, fs::perms(0555), fs::perm_options::replace);
        // Root (or anyone with CAP_DAC_OVERRIDE) writes into a 0555 folder anyway: probe.
        const fs::path probe = dir / "probe";
        int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
        const bool privileged = fd >= 0;
        if (privileged) {
            ::close(fd);
            ::unlink(probe.c_str());
        }
        if (!privileged) {
            CHECK_THROWS_WITH(save_journal(path, j),
                              Contains(path.string()) && Contains(std::strerror(EACCES)));
        } else {
            WARN("running with permission to write anywhere (root?): the read-only folder is checked as user "
                 "nobody in a forked child");
            fs::permissions(tmp.path(), fs::perms(0755), fs::perm_options::replace);  // let nobody reach `dir`
            int code = in_child([&] {
                if (::setgid(65534) != 0 || ::setuid(65534) != 0) return 77;
                if (::access(dir.c_str(), W_OK) == 0) return 78;  // still privileged somehow
                return save_fails_with(path, j, EACCES);
            });
            if (code == 77 || code == 78)
                WARN("cannot drop privileges here: read-only folder sub-check skipped (covered by the other "
                     "failure sections)");
            else
                CHECK(code == 0);
        }
    }
    SECTION("a folder on the path is a regular file") {
        // Fails even for root: the temporary file cannot be created.
        const fs::path blocker = tmp.path() / "blocker";
        write_bytes(blocker, "not a folder");
        const fs::path inside = blocker / "game.journal";
        CHECK_THROWS_WITH(save_journal(inside, j), Contains(inside.string()) && Contains(std::strerror(ENOTDIR)));
        CHECK(read_bytes(blocker) == "not a folder");
    }
    SECTION("the rename fails after the temporary file was written") {
        // Fails even for root: a file cannot be renamed over a folder. The written
        // temporary file must be removed again.
        const fs::path taken = dir / "taken.journal";
        fs::create_directory(taken);
        write_bytes(taken / "keep", "keep");
        CHECK_THROWS_WITH(save_journal(taken, j), Contains(taken.string()) && Contains("renaming"));
        CHECK(read_bytes(taken / "keep") == "keep");
        fs::remove_all(taken);
    }
    SECTION("disk full: the file size limit is hit (EFBIG) in a forked child") {
        for (int q = 8; q <= 200; ++q) j.entries.push_back(answer(q, std::string(40, 'z')));
        int code = in_child([&] {
            ::signal(SIGXFSZ, SIG_IGN);
            struct rlimit limit {};
            limit.rlim_cur = limit.rlim_max = 1024;
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) return 77;
            return save_fails_with(path, j, EFBIG);
        });
        CHECK(code == 0);
    }

    CHECK(read_bytes(path) == old);
    CHECK(names_in(dir) == std::set<std::string>{"game.journal"});
    require_same(load_journal(path), sample_journal());
}

TEST_CASE("loading reports every kind of bad journal", "[journal][errors]") {
    TempDir tmp;
    const fs::path good = tmp.path() / "good.journal";
    save_journal(good, sample_journal());
    const std::string text = read_bytes(good);
    const fs::path bad = tmp.path() / "bad.journal";

    SECTION("missing file") {
        const JournalError e = load_error(tmp.path() / "nowhere.journal");
        CHECK_THAT(e.what(), Contains("no such file") && Contains("Check the path"));
    }
    SECTION("a folder") {
        CHECK_THAT(load_error(tmp.path()).what(), Contains("a folder, not a file"));
    }
    SECTION("a device that never ends, a FIFO, a file larger than any journal: refused unread") {
        CHECK_THAT(load_error("/dev/zero").what(),
                   Contains("journal /dev/zero: not a regular file (it is a character device). Pass the journal file"));
        const fs::path fifo = tmp.path() / "fifo.journal";
        REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);  // opened to read, it would wait for a writer
        CHECK_THAT(load_error(fifo).what(), Contains("not a regular file (it is a FIFO)"));
        write_bytes(bad, text);
        fs::resize_file(bad, kMaxJournalBytes + 1);
        CHECK_THAT(load_error(bad).what(), Contains("the file is larger than 16 MiB"));
    }
    SECTION("numbers out of range: a value that would wrap to another number") {
        // 18446744073709551615 would be -1 as a 64-bit signed answer or correction.
        write_bytes(bad, reseal(replace_once(text, "{\"answer\":-3,", "{\"answer\":18446744073709551615,"), 7));
        CHECK_THAT(load_error(bad).what(),
                   Contains("line 7: corrupt journal: \"answer\" 18446744073709551615 is out of range: an integer "
                            "answer is from -9223372036854775808 to 9223372036854775807"));
        write_bytes(bad, reseal(replace_once(text, "\"value\":-1,", "\"value\":18446744073709551615,"), 7));
        CHECK_THAT(load_error(bad).what(), Contains("line 8: corrupt journal: \"value\" 18446744073709551615 is out of range"));
        write_bytes(bad, reseal(replace_once(text, "\"value\":-1,", "\"value\":9223372036854775807,"), 7));
        CHECK(load_journal(bad).entries[6].value == std::numeric_limits<long long>::max());
    }
    SECTION("empty file") {
        write_bytes(bad, "");
        CHECK_THAT(load_error(bad).what(), Contains("the file is empty"));
        write_bytes(bad, "\n\n");
        CHECK_THAT(load_error(bad).what(), Contains("the file is empty"));
    }
    SECTION("not a journal: a YAML answers file") {
        const JournalError e = load_error(kFixtures / "answers.yaml");
        CHECK(e.line == 1);
        CHECK_THAT(e.what(), Contains("line 1: not a Soloist journal: the first line is not JSON") &&
                                 Contains("not an answers file, a transcript"));
    }
    SECTION("not a journal: random text") {
        CHECK_THAT(load_error(kFixtures / "notes.txt").what(), Contains("not a Soloist journal"));
        write_bytes(bad, std::string("\x7f" "ELF\x02\x01\x01 binary junk \x00\xff\n", 23));
        CHECK_THAT(load_error(bad).what(), Contains("not a Soloist journal"));
    }
    SECTION("not a journal: a transcript") {
        CHECK_THAT(load_error(kFixtures / "transcript.jsonl").what(),
                   Contains("not a Soloist journal: the first line has no \"soloist_journal\" field"));
    }
    SECTION("written by a newer Soloist") {
        const JournalError e = load_error(kFixtures / "newer.journal");
        CHECK_THAT(e.what(), Contains("line 1: written by a newer Soloist (journal format 2; this Soloist reads "
                                      "format 1)") &&
                                 Contains("Update Soloist"));
        write_bytes(bad, replace_once(text, "\"soloist_journal\":1", "\"soloist_journal\":99999999999"));
        CHECK_THAT(load_error(bad).what(), Contains("written by a newer Soloist"));
    }
    SECTION("unknown format version") {
        for (const char* version : {"0", "-1", "\"1\"", "1.5", "null"}) {
            INFO(version);
            write_bytes(bad, replace_once(text, "\"soloist_journal\":1", std::string("\"soloist_journal\":") + version));
            CHECK_THAT(load_error(bad).what(), Contains("line 1: unknown journal format version"));
        }
    }
    SECTION("truncated in the middle of a line") {
        // Cut inside line 5 (the fourth entry): three entries survive whole.
        std::size_t line5 = 0;
        for (int i = 0; i < 4; ++i) line5 = text.find('\n', line5) + 1;
        write_bytes(bad, text.substr(0, line5 + 6));
        const JournalError e = load_error(bad);
        CHECK(e.line == 5);
        CHECK_THAT(e.what(), Contains("line 5: truncated after entry 3 (line 5 is cut off)") &&
                                 Contains("Restore a complete copy"));
        // Cut inside the trailer: every entry is there, the proof of completeness is not.
        write_bytes(bad, text.substr(0, text.size() - 10));
        CHECK_THAT(load_error(bad).what(), Contains("truncated after entry 7"));
        // Cut inside the header.
        write_bytes(bad, text.substr(0, 40));
        CHECK_THAT(load_error(bad).what(), Contains("line 1: truncated after entry 0 (the header line is cut off)"));
    }
    SECTION("truncated at a line boundary") {
        std::string cut = text.substr(0, text.rfind('\n', text.size() - 2) + 1);  // drop the trailer
        write_bytes(bad, cut);
        CHECK_THAT(load_error(bad).what(), Contains("truncated after entry 7 (the trailer line is missing)"));
        cut = cut.substr(0, cut.rfind('\n', cut.size() - 2) + 1);
        cut = cut.substr(0, cut.rfind('\n', cut.size() - 2) + 1);  // and the last two entries
        write_bytes(bad, cut);
        CHECK_THAT(load_error(bad).what(), Contains("truncated after entry 5"));
        write_bytes(bad, text.substr(0, text.find('\n') + 1));  // the header alone
        CHECK_THAT(load_error(bad).what(), Contains("line 1: truncated after entry 0"));
    }
    SECTION("truncated anywhere: every cut is detected and counted") {
        // From 2 bytes: a lone "{" is not recognisably the start of a journal.
        for (std::size_t size = 2; size + 1 < text.size(); ++size) {
            const std::string cut = text.substr(0, size);
            const auto newlines = std::count(cut.begin(), cut.end(), '\n');
            const long survivors = std::clamp<long>(static_cast<long>(newlines) - 1, 0, 7);
            INFO("cut after " << size << " bytes");
            write_bytes(bad, cut);
            CHECK_THAT(load_error(bad).problem, StartsWith("truncated after entry " + std::to_string(survivors) + " ("));
        }
        // Only the very last '\n' lost: the trailer is whole, so the journal is complete.
        write_bytes(bad, text.substr(0, text.size() - 1));
        require_same(load_journal(bad), sample_journal());
    }
    SECTION("a flipped byte: checksum mismatch") {
        write_bytes(bad, replace_once(text, "{\"answer\":7,", "{\"answer\":8,"));
        const JournalError e = load_error(bad);
        CHECK(e.line == 9);
        CHECK_THAT(e.what(), Contains("line 9: corrupt journal: checksum mismatch") && Contains("restore a good copy"));
        write_bytes(bad, replace_once(text, "\"seed\":18446744073709551615", "\"seed\":18446744073709551614"));
        CHECK_THAT(load_error(bad).what(), Contains("checksum mismatch"));
    }
    SECTION("a flipped byte: a line that is no longer JSON") {
        write_bytes(bad, replace_once(text, "\n{\"answer\":true", "\n[\"answer\":true"));
        CHECK_THAT(load_error(bad).what(), Contains("line 3: corrupt journal: the line is not JSON"));
    }
    SECTION("any flipped byte is caught") {
        for (std::size_t at = 0; at < text.size(); ++at) {
            for (unsigned char mask : {0x01, 0x20, 0x80}) {
                std::string flipped = text;
                flipped[at] = static_cast<char>(flipped[at] ^ mask);
                INFO("byte " << at << " xor " << int(mask));
                write_bytes(bad, flipped);
                CHECK_THROWS_AS(load_journal(bad), JournalError);
            }
        }
    }
    SECTION("trailer count mismatch") {
        write_bytes(bad, replace_once(text, "{\"entries\":7,", "{\"entries\":6,"));
        CHECK_THAT(load_error(bad).what(), Contains("line 9: corrupt journal: the trailer counts 6 entries but the "
                                                    "journal has 7"));
    }
    SECTION("malformed trailer") {
        write_bytes(bad, replace_once(text, "{\"entries\":7,\"check\":\"", "{\"entries\":7,\"check\":\"x"));
        CHECK_THAT(load_error(bad).what(), Contains("line 9: corrupt journal: \"check\" must be 16 lowercase hex"));
    }
    SECTION("a line after the trailer") {
        write_bytes(bad, text + "{\"answer\":\"extra\",\"q\":7}\n");
        CHECK_THAT(load_error(bad).what(), Contains("line 10: corrupt journal: a line after the trailer (line 9)"));
    }
    SECTION("an empty line") {
        write_bytes(bad, replace_once(text, "\n{\"answer\":true", "\n\n{\"answer\":true"));
        CHECK_THAT(load_error(bad).what(), Contains("line 3: corrupt journal: the line is empty"));
    }
    SECTION("a missing field") {
        write_bytes(bad, replace_once(text, "{\"answer\":true,\"q\":2}", "{\"answer\":true}"));
        CHECK_THAT(load_error(bad).what(), Contains("line 3: corrupt journal: missing field \"q\""));
        write_bytes(bad, replace_once(text, "\"bot_hash\":\"5f2c9a0e41b7d386\",", ""));
        CHECK_THAT(load_error(bad).what(), Contains("line 1: corrupt journal: missing field \"bot_hash\""));
    }
    SECTION("a wrong type") {
        write_bytes(bad, replace_once(text, "{\"answer\":true,", "{\"answer\":1.5,"));
        CHECK_THAT(load_error(bad).what(), Contains("line 3: corrupt journal: \"answer\" must be a string id"));
        write_bytes(bad, replace_once(text, "\"seed\":18446744073709551615", "\"seed\":-1"));
        CHECK_THAT(load_error(bad).what(), Contains("line 1: corrupt journal: \"seed\" must be an integer"));
        write_bytes(bad, replace_once(text, "\"seed\":18446744073709551615", "\"seed\":18446744073709551616"));
        CHECK_THAT(load_error(bad).what(), Contains("\"seed\" must be an integer"));
        const struct {
            const char* field;
            nlohmann::json value;
            const char* problem;
        } header_cases[] = {
            {"rules", nlohmann::json::array(), "\"rules\" must be null or an object, not []"},
            {"options", nullptr, "\"options\" must be an object, not null"},
            {"bot", 3, "\"bot\" must be a string, not 3"},
            {"created", false, "\"created\" must be a string, not false"},
            {"seed", 1.5, "\"seed\" must be an integer from 0 to 18446744073709551615, not 1.5"},
        };
        for (const auto& c : header_cases) {
            INFO(c.field);
            const std::size_t end = text.find('\n');
            nlohmann::ordered_json header = nlohmann::ordered_json::parse(text.substr(0, end));
            header[c.field] = c.value;
            write_bytes(bad, header.dump() + text.substr(end));
            CHECK_THAT(load_error(bad).what(), Contains(std::string("line 1: corrupt journal: ") + c.problem));
        }
    }
    SECTION("question numbers out of order, even with a correct checksum") {
        write_bytes(bad, reseal(replace_once(text, "{\"answer\":-3,\"q\":5}", "{\"answer\":-3,\"q\":2}"), 7));
        CHECK_THAT(load_error(bad).what(),
                   Contains("line 7: corrupt journal: question numbers go back: question 2 after question 4"));
        write_bytes(bad, reseal(replace_once(text, "{\"answer\":-3,\"q\":5}", "{\"answer\":-3,\"q\":4}"), 7));
        CHECK_THAT(load_error(bad).what(), Contains("line 7: corrupt journal: a second answer to question 4"));
    }
    SECTION("a resealed edit that is well formed loads") {
        write_bytes(bad, reseal(replace_once(text, "{\"answer\":7,", "{\"answer\":8,"), 7));
        CHECK(load_journal(bad).entries[4].value == 8);
    }
    CHECK(read_bytes(good) == text);
}
