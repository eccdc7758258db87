// fuzz_answers: the answers files (--answers FILE, a YAML list) and scenario files (soloist
// test), both YAML that comes from anyone.
//
// Each input is one YAML file, read as both:
// - an answers list: answers_from_json, as load_answers reads it; a GameError is a normal
//   outcome, and what it accepts must have the types feed_answers relies on;
// - a scenario: checked against schemas/scenario.schema.yaml; once it passes, its fields are
//   read as run_scenario (cli/scenarios.cpp) reads them, with the same calls, short of
//   playing the game. A refusal of run_scenario's own (a GameError, with its message) is a
//   normal outcome; the rest is left to the schema, so a read that throws anything else on a
//   scenario the schema passed is a finding (and UBSan sees a conversion that overflows).
//   Keep read_scenario in step with run_scenario.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "cli/common.hpp"
#include "domain/numbers.hpp"
#include "domain/random.hpp"
#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

void check_answers(const nlohmann::json& list) {
    std::vector<JournalEntry> answers;
    try {
        answers = cli::answers_from_json(list, "fuzz.yaml");
    } catch (const GameError&) {
        return;
    }
    if (answers.size() != list.size()) fuzz::fail("answers_from_json dropped or added answers");
    for (const auto& a : answers) {
        if (a.kind == JournalEntry::Kind::correction) {
            // feed_answers: game.correct(a.target, a.value.get<long long>())
            if (!a.value.is_number_integer()) fuzz::fail("a correction whose value is not an integer: " + a.value.dump());
            (void)a.value.get<long long>();
        } else if (!a.value.is_string() && !a.value.is_boolean() && !a.value.is_number_integer()) {
            fuzz::fail("an answer that is not a string, boolean or integer: " + a.value.dump());
        }
    }
}

// run_scenario's reads of a scenario's fields (request, forced values, answers, expectations).
void read_scenario(const nlohmann::json& s) {
    std::vector<std::string> strings;
    if (s.contains("bot")) strings.push_back(s["bot"]);
    if (s.contains("seed")) (void)json_seed(s["seed"]);  // nullopt: run_scenario's GameError
    if (s.contains("rules")) strings.push_back(s["rules"].get<std::string>());
    const auto options = s.value("options", nlohmann::json::object());
    for (const auto& [k, v] : options.items()) strings.push_back(k + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
    std::vector<ForcedValue> forced;
    const auto forced_list = s.value("forced", nlohmann::json::array());
    for (const auto& f : forced_list) forced.push_back({f["stream"], f["value"]});
    try {
        (void)cli::answers_from_json(s.value("answers", nlohmann::json::array()), "fuzz.yaml");
    } catch (const GameError&) {  // e.g. 18446744073709551615: no 64-bit signed answer
    }
    const auto expect = s.value("expect", nlohmann::json::object());
    if (expect.contains("error")) strings.push_back(expect["error"].get<std::string>());
    for (const char* list : {"transcript", "not_transcript"})
        for (const auto& want : expect.value(list, nlohmann::json::array())) (void)want.dump();
    if (s.contains("golden")) strings.push_back(s["golden"].get<std::string>());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path schema =
        std::filesystem::path(SOLOIST_SOURCE_DIR) / "schemas" / "scenario.schema.yaml";
    const std::string text(reinterpret_cast<const char*>(data), size);

    YamlDocument doc;
    try {
        doc = parse_yaml(text, "fuzz.yaml");
    } catch (const ValidationError&) {
        return 0;
    }
    check_answers(doc.data);
    // A scenario's answers are the same list under `answers`.
    if (doc.data.is_object() && doc.data.contains("answers")) check_answers(doc.data["answers"]);

    std::vector<Diagnostic> problems;
    try {
        problems = check_schema(doc, schema);
    } catch (const std::exception& e) {
        fuzz::fail(std::string("check_schema threw: ") + e.what());
    }
    if (!problems.empty()) return 0;
    try {
        read_scenario(doc.data);
    } catch (const nlohmann::json::type_error& e) {
        // 316: a string that is not UTF-8 cannot be dumped; run_scenario reports it as the
        // scenario's failure, which is fair for a file that is not text.
        if (e.id != 316) fuzz::fail(std::string("a scenario the schema passed cannot be read: ") + e.what());
    } catch (const std::exception& e) {
        fuzz::fail(std::string("a scenario the schema passed cannot be read: ") + e.what());
    }
    return 0;
}
