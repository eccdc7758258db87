#include "domain/checked_bots.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/atomic_file.hpp"
#include "domain/file_access.hpp"
#include "domain/hash.hpp"

namespace soloist {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Raised when the format of an entry changes: older entries then no longer match.
const char* const kMagic = "soloist checked bot 1";
// An entry larger than this is not read (a bot's data is far smaller).
constexpr std::uintmax_t kMaxEntryBytes = std::uintmax_t{64} << 20;

// This program's build: an entry written by another build of Soloist (whose checks may differ)
// is not used.
std::string program_build() {
    struct stat st {};
    if (::stat("/proc/self/exe", &st) != 0) return "unknown";
    return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
           std::to_string(st.st_mtim.tv_nsec) + ":" + std::to_string(st.st_ino);
}

// The library's schema files, names and contents.
std::uint64_t schemas_hash(const fs::path& schemas_dir, std::uint64_t h) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(schemas_dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (std::error_code f_ec; it->is_regular_file(f_ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
        std::string contents;
        try {
            contents = read_regular_file(f);
        } catch (const FileReadError& e) {
            contents = std::string("(unreadable: ") + e.what() + ")";
        }
        h = fnv1a64(f.lexically_relative(schemas_dir).generic_string() + '\n' + std::to_string(contents.size()) + '\n', h);
        h = fnv1a64(contents, h);
    }
    return h;
}

json option_json(const OptionSpec& o) {
    return {{"id", o.id},
            {"type", o.type},
            {"description", o.description},
            {"default", o.default_value},
            {"allowed", o.allowed},
            {"min", o.min ? json(*o.min) : json()},
            {"max", o.max ? json(*o.max) : json()}};
}

// Data as yaml_json reads it: a whole number is signed when it fits, unsigned beyond (CBOR
// gives back every non-negative whole number as unsigned), and nothing is a byte string.
void as_read_from_yaml(json& v) {
    if (v.is_number_unsigned()) {
        const auto u = v.get<std::uint64_t>();
        if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) v = static_cast<std::int64_t>(u);
    } else if (v.is_binary()) {
        throw std::runtime_error("a byte string in the data");
    } else if (v.is_structured()) {
        for (auto& item : v) as_read_from_yaml(item);
    }
}

const json& field(const json& object, const char* key) {
    const auto it = object.find(key);
    if (it == object.end()) throw std::runtime_error(std::string("no field ") + key);
    return *it;
}

std::string text(const json& object, const char* key) { return field(object, key).get<std::string>(); }

}  // namespace

fs::path checked_bots_dir() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return fs::path(xdg) / "soloist" / "checked-bots";
    const char* home = std::getenv("HOME");
    return fs::path(home && *home ? home : ".") / ".cache" / "soloist" / "checked-bots";
}

std::string checked_bot_key(const fs::path& dir, const Library& library) {
    std::uint64_t h = fnv1a64(std::string(kMagic) + '\n' + program_build() + '\n');
    h = fnv1a64(fs::absolute(dir).lexically_normal().string() + '\n' + library.scripts_dir.string() + '\n' +
                    library.schemas_dir.string() + '\n',
                h);
    const BotFiles files = scan_bot_files(dir, library);
    h = fnv1a64(files.content_hash + '\n' + files.links, h);
    return hex64(schemas_hash(library.schemas_dir, h));
}

std::string encode_checked_bot(const Bot& bot, const std::string& key) {
    json options = json::array(), steps = json::array(), files = json::array();
    for (const auto& o : bot.options) options.push_back(option_json(o));
    for (const auto& s : bot.steps) steps.push_back({s.id, s.description});
    for (const auto& c : bot.component_files) files.push_back({c.name, c.file.string(), c.schema.string()});
    json j = {{"id", bot.id},           {"name", bot.name},         {"game", bot.game},
                    {"version", bot.version}, {"description", bot.description},
                    {"entry", bot.entry},     {"options", options},       {"steps", steps},
                    {"component_files", files}, {"components", bot.components}, {"content_hash", bot.content_hash},
                    {"chunks", json::object()}};
    for (const auto& [file, chunk] : bot.chunks)
        j["chunks"][file] = json::binary(std::vector<std::uint8_t>(chunk.begin(), chunk.end()));
    const std::vector<std::uint8_t> payload = json::to_cbor(j);
    const std::string_view bytes(reinterpret_cast<const char*>(payload.data()), payload.size());
    return std::string(kMagic) + ' ' + key + ' ' + std::to_string(bytes.size()) + ' ' + hex64(fnv1a64(bytes)) + '\n' +
           std::string(bytes);
}

namespace {

// nlohmann's CBOR reader goes one call deeper for each nested array or map, so a damaged entry
// of thousands of nested arrays would overflow the stack: this reader refuses a nesting deeper
// than any entry Soloist writes (bot data is at most 64 deep, yaml_json.hpp; the entry wraps it
// in a few more) before the reader goes down into it.
class DepthLimitedReader : public nlohmann::detail::json_sax_dom_parser<json> {
public:
    static constexpr std::size_t kMaxDepth = 128;
    explicit DepthLimitedReader(json& into) : json_sax_dom_parser(into, false) {}
    bool start_object(std::size_t n) { return deeper() && json_sax_dom_parser::start_object(n); }
    bool end_object() { return --depth_, json_sax_dom_parser::end_object(); }
    bool start_array(std::size_t n) { return deeper() && json_sax_dom_parser::start_array(n); }
    bool end_array() { return --depth_, json_sax_dom_parser::end_array(); }
    bool too_deep() const { return too_deep_; }

private:
    bool deeper() {
        if (++depth_ <= kMaxDepth) return true;
        too_deep_ = true;
        return false;
    }
    std::size_t depth_ = 0;
    bool too_deep_ = false;
};

json read_cbor(std::string_view payload) {
    json j;
    DepthLimitedReader reader(j);
    const bool read = json::sax_parse(payload, &reader, json::input_format_t::cbor, true);
    if (reader.too_deep())
        throw std::runtime_error("nested deeper than " + std::to_string(DepthLimitedReader::kMaxDepth) + " levels");
    if (!read || reader.is_errored()) throw std::runtime_error("not a whole CBOR value");
    return j;
}

}  // namespace

Bot decode_checked_bot(const std::string& entry, const std::string& key, const fs::path& dir) {
    const auto newline = entry.find('\n');
    if (newline == std::string::npos || newline > 200) throw std::runtime_error("no header");
    const std::string header = entry.substr(0, newline);
    const std::string_view payload = std::string_view(entry).substr(newline + 1);
    const std::string expected = std::string(kMagic) + ' ' + key + ' ' + std::to_string(payload.size()) + ' ' +
                                 hex64(fnv1a64(payload));
    if (header != expected) throw std::runtime_error("header '" + header + "' where '" + expected + "' was expected");
    json j = read_cbor(payload);  // throws on damage
    if (!j.is_object() || !j.contains("chunks")) throw std::runtime_error("no field chunks");
    json chunks = std::move(j["chunks"]);
    j.erase("chunks");
    as_read_from_yaml(j);

    Bot bot;
    bot.dir = dir;
    bot.journal_dir = fs::absolute(dir).lexically_normal().string();
    bot.id = text(j, "id");
    bot.name = text(j, "name");
    bot.game = text(j, "game");
    bot.version = text(j, "version");
    bot.description = text(j, "description");
    bot.entry = text(j, "entry");
    for (const auto& o : field(j, "options")) {
        OptionSpec spec{text(o, "id"), text(o, "type"), text(o, "description"), field(o, "default"),
                        field(o, "allowed").get<std::vector<json>>(), std::nullopt, std::nullopt};
        if (!field(o, "min").is_null()) spec.min = field(o, "min").get<long long>();
        if (!field(o, "max").is_null()) spec.max = field(o, "max").get<long long>();
        bot.options.push_back(std::move(spec));
    }
    for (const auto& s : field(j, "steps")) bot.steps.push_back({s.at(0).get<std::string>(), s.at(1).get<std::string>()});
    for (const auto& c : field(j, "component_files"))
        bot.component_files.push_back({c.at(0).get<std::string>(), c.at(1).get<std::string>(), c.at(2).get<std::string>()});
    bot.components = field(j, "components");
    if (!bot.components.is_object()) throw std::runtime_error("components is not an object");
    bot.content_hash = text(j, "content_hash");
    if (!chunks.is_object()) throw std::runtime_error("chunks is not an object");
    for (const auto& [file, chunk] : chunks.items()) {
        if (!chunk.is_binary()) throw std::runtime_error("a chunk is not binary");
        bot.chunks[file] = std::string(chunk.get_binary().begin(), chunk.get_binary().end());
    }
    return bot;
}

void prune_checked_bots(const fs::path& cache_dir, const fs::path& keep, std::size_t max_entries,
                        std::uintmax_t max_bytes) {
    struct Entry {
        fs::path file;
        std::int64_t used_ns;
        std::uintmax_t bytes;
    };
    std::vector<Entry> entries;
    std::size_t count = 0;  // every entry, `keep` included
    std::uintmax_t total = 0;
    std::error_code ec;
    for (fs::directory_iterator it(cache_dir, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& file = it->path();
        struct stat st {};
        if (file.extension() != ".bot" || ::lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != ::geteuid())
            continue;
        const auto bytes = static_cast<std::uintmax_t>(st.st_size);
        ++count;
        total += bytes;
        if (file != keep) entries.push_back({file, st.st_mtim.tv_sec * std::int64_t{1'000'000'000} + st.st_mtim.tv_nsec, bytes});
    }
    if (count <= max_entries && total <= max_bytes) return;
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.used_ns < b.used_ns; });
    for (const auto& e : entries) {
        if (count <= max_entries && total <= max_bytes) break;
        if (::unlink(e.file.c_str()) != 0) continue;
        --count;
        total -= e.bytes;
    }
}

Bot load_checked_bot(const fs::path& dir, const Library& library, const fs::path& cache_dir, CacheUse* use,
                     const ScriptCompiler& compile) {
    if (cache_dir.empty()) {
        if (use) *use = CacheUse::off;
        return load_bot(dir, library);
    }
    std::string key;
    try {
        key = checked_bot_key(dir, library);
    } catch (const std::exception&) {
        // A file that cannot be read: the full check says which, as it would without a cache.
        if (use) *use = CacheUse::off;
        return load_bot(dir, library);
    }
    const fs::path entry = cache_dir / (key + ".bot");
    try {
        // Compiled chunks are loaded as they are: only an entry of the user's own, that no one
        // else may write, is read.
        struct stat st {};
        if (::lstat(entry.c_str(), &st) != 0 || st.st_uid != ::geteuid() || (st.st_mode & 022) != 0)
            throw std::runtime_error("not the user's own entry");
        Bot bot = decode_checked_bot(read_regular_file(entry, kMaxEntryBytes), key, dir);
        if (use) *use = CacheUse::hit;
        // Recently used, for pruning: refreshed at most once an hour, so most starts write nothing.
        if (std::time(nullptr) - st.st_mtime > 3600) ::utimensat(AT_FDCWD, entry.c_str(), nullptr, 0);
        return bot;
    } catch (const std::exception&) {
        // Missing, unreadable or damaged: checked in full below, and written again.
    }
    Bot bot = load_bot(dir, library);
    if (use) *use = CacheUse::miss;
    if (compile) bot.chunks = compile(bot);
    try {
        // A file changed while it was being checked: the key names the contents before, the
        // check may have read those after. Not kept; the next start checks again.
        if (checked_bot_key(dir, library) != key) return bot;
        std::error_code ec;
        if (fs::create_directories(cache_dir, ec)) fs::permissions(cache_dir, fs::perms::owner_all, ec);
        write_file_atomically(entry, encode_checked_bot(bot, key), Durability::later);
        fs::permissions(entry, fs::perms::owner_read | fs::perms::owner_write, ec);
        prune_checked_bots(cache_dir, entry);
    } catch (const std::exception&) {
        // A cache that cannot be written only costs the next start its time.
    }
    return bot;
}

}  // namespace soloist
