// fuzz_schema: a bot's own schemas (bot.yaml's `schema: schemas/x.schema.yaml`), which come
// from strangers as the bot's data does.
//
// Each input is one schema file, in a scratch bot folder whose schemas/ also holds a valid
// schema to `$ref` and a link to a schema outside the folder. The schema is compiled as
// load_bot does (the bot's folder and the library's schemas allowed), and a few fixed
// documents, and the input itself read as data, are checked against it, references included.
// A refused schema (ValidationError) is a normal outcome. Findings, besides crashes,
// sanitizer reports and anything else thrown: a file outside the allowed folders opened
// (watched with inotify: a `$ref` must not reach it, through `..` or through the link).

#include <sys/inotify.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;
namespace fs = std::filesystem;

struct Folder {
    fs::path bot = fuzz::scratch_dir() / "bot";
    fs::path schema = bot / "schemas" / "fuzz.schema.yaml";
    fs::path outside = fuzz::scratch_dir() / "outside";
    SchemaFolders allowed;
    std::vector<YamlDocument> documents;
    nlohmann::json component;
    int watch = -1;  // inotify descriptor watching `outside`
    std::int64_t tick = 0;

    Folder() {
        fs::create_directories(bot / "schemas");
        fs::create_directories(outside);
        fuzz::write_text(bot / "schemas" / "other.schema.yaml",
                         "type: object\nproperties:\n  id: {type: string, pattern: '^[a-z]+$'}\n"
                         "  cards: {type: array, items: {type: string, x-soloist-ref: cards/cards/id}}\n");
        fuzz::write_text(outside / "secret.schema.yaml", "type: string\n");
        fs::create_symlink("../../outside/secret.schema.yaml", bot / "schemas" / "link.schema.yaml");
        allowed = {bot, fs::path(SOLOIST_SOURCE_DIR) / "schemas"};
        for (const char* text : {"{}", "id: a\ncards: [c1, c2, c9]\nvalue: 3\nname: x\nnested: {a: [1, {b: null}]}\n",
                                 "[1, two, 3.5, null, true, {a: []}, [[[]]]]", "text", "-7"})
            documents.push_back(parse_yaml(text, "data.yaml"));
        component = nlohmann::json::parse(R"({"cards": [{"id": "c1"}, {"id": "c2"}]})");
        watch = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (watch < 0 || inotify_add_watch(watch, outside.c_str(), IN_OPEN | IN_ACCESS) < 0)
            fuzz::fail("cannot watch the folder outside the bot");
    }

    // The schema's file holds `text`, with a modification time of its own: the schema cache
    // reloads a file whose time changed, and two writes may fall in one tick of the clock.
    void write(const std::string& text) {
        fuzz::write_text(schema, text);
        fs::last_write_time(schema, fs::file_time_type(std::chrono::seconds(1'000'000'000 + ++tick)));
    }

    bool outside_opened() const {
        char buffer[4096];
        bool any = false;
        while (::read(watch, buffer, sizeof buffer) > 0) any = true;
        return any;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static Folder folder;
    const std::string text(reinterpret_cast<const char*>(data), size);
    folder.write(text);

    std::vector<const YamlDocument*> documents;
    for (const auto& d : folder.documents) documents.push_back(&d);
    YamlDocument itself;
    try {
        itself = parse_yaml(text, "itself.yaml");
        documents.push_back(&itself);
    } catch (const ValidationError&) {
    }

    const ComponentLookup lookup = [&](const std::string&) -> const nlohmann::json* { return &folder.component; };
    try {
        for (const YamlDocument* d : documents) {
            check_schema(*d, folder.schema, folder.allowed);
            check_references(*d, folder.schema, lookup, folder.allowed);
        }
    } catch (const ValidationError& e) {
        if (e.diagnostics.empty()) fuzz::fail("a refused schema without a diagnostic");
    } catch (const std::exception& e) {
        fuzz::fail(std::string("checking against the schema threw: ") + e.what());
    }
    if (folder.outside_opened()) fuzz::fail("a file outside the bot's folder and the library's schemas was opened");
    return 0;
}
