// The cache of checked bots: a bot from the cache is the bot load_bot() reads, in every field and
// every value's type; a changed file, link or schema misses; a damaged entry is rebuilt; a bot
// with problems is never cached.

#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>

#include "domain/checked_bots.hpp"
#include "domain/data_root.hpp"
#include "domain/hash.hpp"
#include "test_support.hpp"

using namespace soloist;
using soloist::test::TempDir;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// Every value with its type (nlohmann's == takes 3 and 3u and 3.0 for equal; a bot must not see
// a number change kind).
std::string typed(const json& v) {
    std::string out = std::to_string(static_cast<int>(v.type())) + ":";
    if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) out += it.key() + "=" + typed(it.value()) + ",";
    } else if (v.is_array()) {
        for (const auto& item : v) out += typed(item) + ",";
    } else {
        out += v.dump();
    }
    return out;
}

// All of a bot, as text to compare.
std::string everything(const Bot& bot) {
    std::string out = bot.dir.string() + "|" + bot.journal_dir + "|" + bot.id + "|" + bot.name + "|" + bot.game + "|" +
                      bot.version + "|" + bot.description + "|" + bot.entry + "|" + bot.content_hash + "\n";
    for (const auto& o : bot.options) {
        out += o.id + "|" + o.type + "|" + o.description + "|" + typed(o.default_value) + "|" + typed(json(o.allowed)) +
               "|" + (o.min ? std::to_string(*o.min) : "-") + "|" + (o.max ? std::to_string(*o.max) : "-") + "\n";
    }
    for (const auto& s : bot.steps) out += s.id + "|" + s.description + "\n";
    for (const auto& c : bot.component_files) out += c.name + "|" + c.file.string() + "|" + c.schema.string() + "\n";
    return out + typed(bot.components);
}

// A copy of a bundled bot and of the library's Lua files, with the real schemas.
struct Copy {
    TempDir tmp;
    Library library{tmp.path() / "scripts", test::source_dir() / "schemas"};
    fs::path dir = library.scripts_dir / "bot";
    fs::path cache = tmp.path() / "cache";

    explicit Copy(const std::string& bundled) {
        fs::create_directories(library.scripts_dir);
        fs::copy(test::source_dir() / "scripts" / bundled, dir, fs::copy_options::recursive);
        fs::copy(test::source_dir() / "scripts" / "lib", library.scripts_dir / "lib", fs::copy_options::recursive);
    }
    fs::path entry() const { return cache / (checked_bot_key(dir, library) + ".bot"); }
    CacheUse load(Bot* out = nullptr) const {
        CacheUse use = CacheUse::off;
        Bot bot = load_checked_bot(dir, library, cache, &use);
        if (out) *out = std::move(bot);
        return use;
    }
};

std::string contents(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void put(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary | std::ios::trunc) << text; }

}  // namespace

TEST_CASE("every bundled bot from the cache is the bot load_bot reads, field by field and type by type", "[cache]") {
    const Library library{test::source_dir() / "scripts", test::source_dir() / "schemas"};
    TempDir tmp;
    for (const auto& entry : fs::directory_iterator(library.scripts_dir)) {
        if (!fs::is_regular_file(entry.path() / "bot.yaml")) continue;
        INFO(entry.path().filename().string());
        const std::string expected = everything(load_bot(entry.path(), library));
        CacheUse first = CacheUse::off, second = CacheUse::off;
        const Bot checked = load_checked_bot(entry.path(), library, tmp.path(), &first);
        const Bot cached = load_checked_bot(entry.path(), library, tmp.path(), &second);
        CHECK(first == CacheUse::miss);
        CHECK(second == CacheUse::hit);
        CHECK(everything(checked) == expected);
        CHECK(everything(cached) == expected);
    }
    // No cache folder given: load_bot itself.
    CacheUse use = CacheUse::hit;
    load_checked_bot(library.scripts_dir / "guild-mat", library, "", &use);
    CHECK(use == CacheUse::off);
}

TEST_CASE("a changed file, schema or link is a miss; the new files are checked in full", "[cache]") {
    Copy copy("guild-mat");
    REQUIRE(copy.load() == CacheUse::miss);
    REQUIRE(copy.load() == CacheUse::hit);

    SECTION("a component file: the new data, checked") {
        std::string mat = contents(copy.dir / "mat.yaml");
        const auto at = mat.find("exchange_cost: 3");
        REQUIRE(at != std::string::npos);
        put(copy.dir / "mat.yaml", mat.replace(at, 16, "exchange_cost: 4"));
        Bot bot;
        CHECK(copy.load(&bot) == CacheUse::miss);
        CHECK(bot.components["mat"]["exchange_cost"] == 4);
        put(copy.dir / "mat.yaml", mat.replace(at, 16, "exchange_cost: x"));
        CHECK_THROWS_AS(copy.load(), ValidationError);
    }
    SECTION("a Lua file of the library") {
        put(copy.library.scripts_dir / "lib" / "deck.lua", contents(copy.library.scripts_dir / "lib" / "deck.lua") + "\n");
        CHECK(copy.load() == CacheUse::miss);
    }
    SECTION("a link that leaves the folder, with the very same contents: refused as without a cache") {
        const fs::path outside = copy.tmp.path() / "outside.lua";
        fs::copy_file(copy.dir / "scoring.lua", outside);
        fs::remove(copy.dir / "scoring.lua");
        fs::create_symlink(outside, copy.dir / "scoring.lua");
        CHECK_THROWS_AS(copy.load(), ValidationError);
    }
    SECTION("a schema of the library") {
        TempDir schemas;
        fs::copy(test::source_dir() / "schemas", schemas.path() / "schemas", fs::copy_options::recursive);
        Library changed = copy.library;
        changed.schemas_dir = schemas.path() / "schemas";
        CacheUse use = CacheUse::off;
        load_checked_bot(copy.dir, changed, copy.cache, &use);
        CHECK(use == CacheUse::miss);  // another folder
        put(changed.schemas_dir / "bot.schema.yaml", contents(changed.schemas_dir / "bot.schema.yaml") + "\n");
        load_checked_bot(copy.dir, changed, copy.cache, &use);
        CHECK(use == CacheUse::miss);
    }
}

TEST_CASE("a damaged entry is rebuilt, never used; an unwritable cache is no error", "[cache]") {
    Copy copy("botric");
    const std::string expected = everything(load_bot(copy.dir, copy.library));
    REQUIRE(copy.load() == CacheUse::miss);
    const fs::path entry = copy.entry();
    const std::string good = contents(entry);
    REQUIRE(good.size() > 100);

    const auto header_end = good.find('\n');
    std::string flipped = good;
    flipped[good.size() / 2] ^= 0x20;
    std::string other_key = good;
    other_key[good.find(' ', 20) + 1] ^= 1;
    std::string forged = good;  // the payload changed and the header claims its checksum: still decoded safely
    forged.resize(header_end + 1);
    forged += std::string(300, '\xff');
    const std::vector<std::pair<std::string, std::string>> damages = {
        {"empty", ""},
        {"cut short", good.substr(0, good.size() - 7)},
        {"a byte flipped", flipped},
        {"another key", other_key},
        {"garbage", std::string(5000, 'x')},
        {"header only", good.substr(0, header_end + 1)},
        {"a payload that is not CBOR", forged},
    };
    for (const auto& [what, bytes] : damages) {
        INFO(what);
        put(entry, bytes);
        Bot bot;
        CHECK(copy.load(&bot) == CacheUse::miss);
        CHECK(everything(bot) == expected);
        CHECK(contents(entry) == good);  // written again
        CHECK(copy.load() == CacheUse::hit);
    }
    // A folder where the entry should be: loaded all the same, every time.
    fs::remove(entry);
    fs::create_directories(entry / "x");
    Bot bot;
    CHECK(copy.load(&bot) == CacheUse::miss);
    CHECK(everything(bot) == expected);
    CHECK(copy.load() == CacheUse::miss);
    // A file where the cache folder should be.
    fs::remove_all(copy.cache);
    put(copy.cache, "not a folder");
    CHECK(copy.load(&bot) == CacheUse::miss);
    CHECK(everything(bot) == expected);
}

TEST_CASE("a header whose checksum matches a forged payload is still decoded with care", "[cache]") {
    Copy copy("zotikos");
    const std::string key = checked_bot_key(copy.dir, copy.library);
    Bot bot = load_bot(copy.dir, copy.library);
    const std::string good = encode_checked_bot(bot, key);
    CHECK(everything(decode_checked_bot(good, key, copy.dir)) == everything(bot));
    CHECK_THROWS(decode_checked_bot(good, "0000000000000000", copy.dir));
    // A well-formed entry of a JSON that is not a bot.
    const std::vector<std::uint8_t> payload = json::to_cbor(json{{"id", 5}});
    const std::string bytes(payload.begin(), payload.end());
    const std::string entry = "soloist checked bot 1 " + key + " " +
                              std::to_string(bytes.size()) + " " + hex64(fnv1a64(bytes)) + "\n" + bytes;
    CHECK_THROWS(decode_checked_bot(entry, key, copy.dir));
}

TEST_CASE("an entry of deeply nested arrays or maps is refused, never read down to the end of the stack", "[cache]") {
    const std::string key = "0123456789abcdef";
    auto entry_of = [&](const std::string& bytes) {
        return "soloist checked bot 1 " + key + " " + std::to_string(bytes.size()) + " " + hex64(fnv1a64(bytes)) + "\n" +
               bytes;
    };
    // 200,000 nested indefinite arrays (0x9f), and as many maps of one entry ({"a": {"a": ...}}).
    const std::string arrays(200000, '\x9f');
    std::string maps;
    for (int i = 0; i < 200000; ++i) maps += "\xa1\x61\x61";
    for (const std::string& bytes : {arrays, maps}) {
        try {
            decode_checked_bot(entry_of(bytes), key, ".");
            FAIL("a nested entry was read");
        } catch (const std::exception& e) {
            CHECK(std::string(e.what()) == "nested deeper than 128 levels");
        }
    }
    // As deep as an entry may be: read (then refused only for not being a bot).
    std::string fine = "\xa1\x66" "chunks";
    for (int i = 0; i < 120; ++i) fine += "\x81";
    fine += "\x01";
    CHECK_THROWS_WITH(decode_checked_bot(entry_of(fine), key, "."), !Catch::Matchers::Contains("nested deeper"));
}

TEST_CASE("a bot with problems is never cached", "[cache]") {
    Copy copy("guild-mat");
    put(copy.dir / "mat.yaml", "exchange_cost: [\n");
    CHECK_THROWS_AS(copy.load(), ValidationError);
    CHECK_FALSE(fs::exists(copy.cache / (checked_bot_key(copy.dir, copy.library) + ".bot")));
    CHECK_THROWS_AS(copy.load(), ValidationError);
}

TEST_CASE("the cache folder: $XDG_CACHE_HOME/soloist/checked-bots, else ~/.cache", "[cache]") {
    const char* old_xdg = std::getenv("XDG_CACHE_HOME");
    const std::string saved = old_xdg ? old_xdg : "";
    ::setenv("XDG_CACHE_HOME", "/somewhere", 1);
    CHECK(checked_bots_dir() == fs::path("/somewhere/soloist/checked-bots"));
    ::setenv("XDG_CACHE_HOME", "", 1);
    const char* home = std::getenv("HOME");
    CHECK(checked_bots_dir() == fs::path(home && *home ? home : ".") / ".cache/soloist/checked-bots");
    if (old_xdg) ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
    else ::unsetenv("XDG_CACHE_HOME");
}

TEST_CASE("compiled chunks are kept with the entry byte for byte; an entry others may write is not read", "[cache]") {
    Copy copy("guild-mat");
    const std::map<std::string, std::string> chunks = {{"/a/main.lua", std::string("\x1bLua\0\x01\xff", 7)},
                                                       {"/a/other.lua", ""}};
    int compiled = 0;
    const ScriptCompiler compile = [&](const Bot&) {
        ++compiled;
        return chunks;
    };
    CacheUse use = CacheUse::off;
    Bot bot = load_checked_bot(copy.dir, copy.library, copy.cache, &use, compile);
    CHECK(use == CacheUse::miss);
    CHECK(bot.chunks == chunks);
    bot = load_checked_bot(copy.dir, copy.library, copy.cache, &use, compile);
    CHECK(use == CacheUse::hit);
    CHECK(bot.chunks == chunks);
    CHECK(compiled == 1);
    const fs::path entry = copy.entry();
    CHECK((fs::status(entry).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
    CHECK((fs::status(copy.cache).permissions() & fs::perms::all) == fs::perms::owner_all);

    fs::permissions(entry, fs::perms::group_write | fs::perms::others_write, fs::perm_options::add);
    bot = load_checked_bot(copy.dir, copy.library, copy.cache, &use, compile);
    CHECK(use == CacheUse::miss);
    CHECK(compiled == 2);
    CHECK((fs::status(entry).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
    bot = load_checked_bot(copy.dir, copy.library, copy.cache, &use, compile);
    CHECK(use == CacheUse::hit);
}

namespace {

// A fake entry `name` of `bytes` bytes, last used `age_s` seconds ago.
void fake_entry(const fs::path& file, std::size_t bytes, int age_s) {
    put(file, std::string(bytes, 'x'));
    fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::seconds(age_s));
}

std::size_t entries_in(const fs::path& dir) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) n += e.path().extension() == ".bot";
    return n;
}

}  // namespace

TEST_CASE("the cache keeps its most recently used entries within a count and a size", "[cache]") {
    TempDir tmp;
    const fs::path dir = tmp.path();
    for (int i = 0; i < 10; ++i) fake_entry(dir / ("e" + std::to_string(i) + ".bot"), 100, 1000 - 10 * i);  // e9 newest
    fake_entry(dir / "keep.bot", 100, 5000);  // the oldest, but just written
    put(dir / "notes.txt", "not an entry");
    prune_checked_bots(dir, dir / "keep.bot", 4, 1 << 20);
    CHECK(entries_in(dir) == 4);
    for (const char* kept : {"keep.bot", "e9.bot", "e8.bot", "e7.bot"}) CHECK(fs::exists(dir / kept));
    CHECK_FALSE(fs::exists(dir / "e6.bot"));
    CHECK(fs::exists(dir / "notes.txt"));
    prune_checked_bots(dir, dir / "keep.bot", 100, 250);  // the size bound: keep and the newest other
    CHECK(entries_in(dir) == 2);
    CHECK(fs::exists(dir / "e9.bot"));
    prune_checked_bots(dir / "missing", dir / "keep.bot");  // no folder: nothing to do, no error
}

TEST_CASE("writing an entry prunes the cache; a hit refreshes an entry last used long ago", "[cache]") {
    const Copy copy("guild-mat");
    fs::create_directories(copy.cache);
    for (std::size_t i = 0; i < kMaxCheckedBots + 5; ++i)
        fake_entry(copy.cache / ("old" + std::to_string(i) + ".bot"), 10, 7200 + static_cast<int>(i));
    CHECK(copy.load() == CacheUse::miss);
    CHECK(entries_in(copy.cache) == kMaxCheckedBots);
    CHECK(fs::exists(copy.entry()));
    CHECK(fs::exists(copy.cache / "old0.bot"));  // the most recently used of the old ones
    CHECK_FALSE(fs::exists(copy.cache / ("old" + std::to_string(kMaxCheckedBots + 4) + ".bot")));

    const auto two_hours_ago = fs::file_time_type::clock::now() - std::chrono::hours(2);
    fs::last_write_time(copy.entry(), two_hours_ago);
    CHECK(copy.load() == CacheUse::hit);
    CHECK(fs::last_write_time(copy.entry()) > two_hours_ago + std::chrono::hours(1));
}
