// fuzz_yaml: the YAML reader (parse_yaml) and the schema checks every bot file goes through.
//
// Each input is one YAML file. A refusal (ValidationError) is a normal outcome. A file that
// parses is checked against a library schema, with the cross-file references resolved against
// nothing. Which schema: the one its editor hint names (`# yaml-language-server:
// $schema=../../schemas/deck.schema.yaml`, the first line of the seeds), so that a mutated deck
// stays checked as a deck; every library schema when it names none of them (ten times slower).
// Anything else thrown, a sanitizer report, or a broken expectation below is a finding.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

std::vector<std::filesystem::path> schema_files() {
    const std::filesystem::path dir = std::filesystem::path(SOLOIST_SOURCE_DIR) / "schemas";
    std::vector<std::filesystem::path> files;
    // common holds shared definitions only; every other schema is one a stranger's file meets.
    for (const char* name : {"bot", "deck", "cards", "track", "board", "scenario", "rules", "bag", "dice", "tiles"})
        files.push_back(dir / (std::string(name) + ".schema.yaml"));
    return files;
}

// Every value's position is kept by its JSON pointer for the diagnostics: each such pointer
// must name a value of the document, or a diagnostic would point nowhere.
void check_marks(const YamlDocument& doc) {
    for (const auto& [pointer, mark] : doc.marks) {
        if (pointer.empty()) continue;
        bool found = false;
        try {
            found = doc.data.contains(nlohmann::json::json_pointer(pointer));
        } catch (const nlohmann::json::exception& e) {
            fuzz::fail("the mark pointer '" + pointer + "' is not a JSON pointer: " + e.what());
        }
        if (!found) fuzz::fail("the mark pointer '" + pointer + "' names no value of the document");
        if (mark.line < 0 || mark.column < 0) fuzz::fail("a negative mark at '" + pointer + "'");
    }
}

// The library schema the text's `$schema=` hint names, by file name; nullptr when none.
const std::filesystem::path* hinted(const std::string& text, const std::vector<std::filesystem::path>& schemas) {
    const std::size_t at = text.find("$schema=");
    if (at == std::string::npos) return nullptr;
    const std::size_t end = text.find_first_of(" \t\r\n", at);
    const std::string named = text.substr(at + 8, end == std::string::npos ? std::string::npos : end - at - 8);
    for (const auto& s : schemas) {
        const std::string file = s.filename().string();
        if (named.size() >= file.size() && named.compare(named.size() - file.size(), file.size(), file) == 0) return &s;
    }
    return nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::vector<std::filesystem::path> all = schema_files();
    const std::string text(reinterpret_cast<const char*>(data), size);

    YamlDocument doc;
    try {
        doc = parse_yaml(text, "fuzz.yaml");
    } catch (const ValidationError& e) {
        if (e.diagnostics.empty()) fuzz::fail("a refusal without a diagnostic");
        return 0;
    }
    check_marks(doc);

    const ComponentLookup nothing = [](const std::string&) -> const nlohmann::json* { return nullptr; };
    const std::filesystem::path* one = hinted(text, all);
    for (const auto& schema : all) {
        if (one && &schema != one) continue;
        try {
            for (const auto& d : check_schema(doc, schema))
                if (d.message.empty()) fuzz::fail("an empty diagnostic against " + schema.filename().string());
            check_references(doc, schema, nothing);
        } catch (const std::exception& e) {
            // The library's schemas load, so nothing may be thrown here: only diagnostics.
            fuzz::fail("checking against " + schema.filename().string() + " threw: " + e.what());
        }
    }
    return 0;
}
