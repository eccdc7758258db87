// Schema checks: every violation, in plain words, at its file:line:column; $ref across schema
// files; the library's schemas; references between components; did-you-mean hints.

#include <catch2/catch.hpp>

#include "domain/schema_check.hpp"
#include "test_support.hpp"

using namespace soloist;
using soloist::test::TempDir;
using soloist::test::diagnostics_of;
using soloist::test::relative_lines;
using Lines = std::vector<std::string>;
using nlohmann::json;

namespace {

const std::filesystem::path yaml_dir = test::fixtures() / "yaml";
const std::filesystem::path piece_schema = yaml_dir / "schemas" / "piece.schema.yaml";
std::filesystem::path library(const std::string& name) { return test::source_dir() / "schemas" / (name + ".schema.yaml"); }

// The diagnostics of checking `text` (written to a file named `name`) against `schema`.
Lines check_text(const std::string& name, const std::string& text, const std::filesystem::path& schema) {
    TempDir tmp;
    return relative_lines(check_schema(load_yaml(tmp.write(name, text)), schema), tmp.path());
}

}  // namespace

TEST_CASE("a valid document has no diagnostics", "[schema]") {
    CHECK(check_schema(load_yaml(yaml_dir / "pieces-ok.yaml"), piece_schema).empty());
    const json data = load_checked(yaml_dir / "pieces-ok.yaml", piece_schema);
    CHECK(data["pieces"][1]["label"] == "Blue one");
}

TEST_CASE("every violation is reported, in file order, in plain words", "[schema]") {
    // The piece's shape comes from parts.schema.yaml through a $ref across files.
    const Lines expected = {
        "pieces-bad.yaml:3:5: at /pieces/0: missing required field 'color'",
        "pieces-bad.yaml:4:5: at /pieces/0/colr: unknown field 'colr' (did you mean 'color'?); expected one of: color, count, id, label",
        "pieces-bad.yaml:5:9: at /pieces/1/id: 'P2' does not match the pattern ^[a-z]+[0-9]*$",
        "pieces-bad.yaml:6:12: at /pieces/1/color: 'purple' is not allowed; expected one of: red, green, blue",
        "pieces-bad.yaml:7:12: at /pieces/1/count: expected integer, got string '3' (remove the quotes to make it a number)",
        // valijson names only the first unknown field of a mapping; each one is reported.
        "pieces-bad.yaml:8:5: at /pieces/1/labl: unknown field 'labl' (did you mean 'label'?); expected one of: color, count, id, label",
        "pieces-bad.yaml:9:5: at /pieces/1/weight: unknown field 'weight'; expected one of: color, count, id, label",
        "pieces-bad.yaml:10:5: at /pieces/2: expected mapping, got string 'just a string'",
        "pieces-bad.yaml:11:7: at /size: expected at most 10, got 11",
        "pieces-bad.yaml:12:7: at /kind: 'stone' is not allowed; expected one of: wood, plastic, metal",
        "pieces-bad.yaml:13:7: at /tags: expected at least 1 item, got 0",
        "pieces-bad.yaml:14:1: at /extra: unknown field 'extra'; expected one of: kind, pieces, size, tags",
    };
    CHECK(relative_lines(check_schema(load_yaml(yaml_dir / "pieces-bad.yaml"), piece_schema), yaml_dir) == expected);
    CHECK(diagnostics_of([] { load_checked(yaml_dir / "pieces-bad.yaml", piece_schema); }, yaml_dir) == expected);
}

TEST_CASE("load_checked reports YAML errors as diagnostics too", "[schema]") {
    CHECK(diagnostics_of([] { load_checked(yaml_dir / "broken.yaml", piece_schema); }, yaml_dir) ==
          Lines{"broken.yaml:4:5: end of sequence flow not found"});
}

TEST_CASE("type errors hint at YAML's typing", "[schema]") {
    const auto manifest = library("bot");
    const std::string head = "id: x\nname: X\ngame: G\ndescription: D\nentry: main.lua\n";
    CHECK(check_text("bot.yaml", head + "version: 1.0\n", manifest) ==
          Lines{"bot.yaml:6:10: at /version: expected string, got number 1.0 (put it in quotes to make it a string)"});
    CHECK(check_text("bot.yaml", head + "version: '1.0'\noptions: {}\n", manifest) ==
          Lines{"bot.yaml:7:10: at /options: expected list, got a mapping"});
    CHECK(check_text("s.yaml", "answers: [yes]\nseed: '7'\n", library("scenario")) ==
          Lines{"s.yaml:2:7: at /seed: expected integer, got string '7' (remove the quotes to make it a number)"});
}

TEST_CASE("anyOf reports the branch that fits, or what the alternatives are", "[schema]") {
    const std::string scenario = "answers:\n  - 1.5\n  - {correct: gold}\n  - {correct: 3, value: 1}\n  - {value: 1, colour: red}\n  - ok\n";
    CHECK(check_text("s.yaml", scenario, library("scenario")) ==
          Lines{
              "s.yaml:2:5: at /answers/0: expected string, integer, boolean or mapping, got number 1.5",
              "s.yaml:3:5: at /answers/1: missing required field 'value'",
              "s.yaml:4:15: at /answers/2/correct: expected string, got integer 3 (put it in quotes to make it a string)",
              "s.yaml:5:5: at /answers/3: missing required field 'correct'",
              "s.yaml:5:16: at /answers/3/colour: unknown field 'colour'; expected one of: correct, value",
          });

    // Alternatives that differ in the fields they require.
    CHECK(check_text("dice.yaml", "dice:\n  - id: d6\n", library("dice")) ==
          Lines{"dice.yaml:2:5: at /dice/0: missing a required field: 'sides' or 'faces'"});
}

TEST_CASE("patternProperties name the pattern a key must match", "[schema]") {
    CHECK(check_text("track.yaml", "tracks:\n  - {id: vp, min: 0, max: 9, start: 0, thresholds: {5: bonus, five: end}}\n",
                     library("track")) ==
          Lines{"track.yaml:2:63: at /tracks/0/thresholds/five: unknown field 'five'; expected a name matching ^-?[0-9]+$"});
}

TEST_CASE("every schema in schemas/ compiles, declares draft 7 and opens with a comment", "[schema]") {
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(test::source_dir() / "schemas")) {
        INFO(entry.path().string());
        std::ifstream in(entry.path());
        std::string first;
        std::getline(in, first);
        CHECK(first.rfind("# ", 0) == 0);
        const auto schema = load_yaml(entry.path());
        CHECK(schema.data["$schema"] == "http://json-schema.org/draft-07/schema#");
        CHECK(schema.data.contains("title"));
        CHECK(schema.data.contains("description"));
        CHECK_NOTHROW(check_schema(parse_yaml("{}", "empty.yaml"), entry.path()));
        ++count;
    }
    CHECK(count >= 11);
    CHECK(library_schema_names(test::source_dir() / "schemas") ==
          std::vector<std::string>{"bag", "board", "cards", "deck", "dice", "tiles", "track"});
}

TEST_CASE("the library's component schemas accept their documented shapes", "[schema]") {
    CHECK(check_text("c.yaml", "cards:\n  - {id: c1, text: Move, power: 3}\n", library("cards")).empty());
    CHECK(check_text("d.yaml", "id: pile\ncards: [c1, c1, c2]\n", library("deck")).empty());
    CHECK(check_text("b.yaml", "tokens:\n  - {id: skull, count: 3}\n  - {id: star}\n", library("bag")).empty());
    CHECK(check_text("d.yaml", "dice:\n  - {id: d6, sides: 6}\n  - {id: action, faces: [move, attack, 3]}\n", library("dice")).empty());
    CHECK(check_text("t.yaml", "tracks:\n  - {id: vp, min: 0, max: 30, start: 0, thresholds: {10: bonus, -1: never}}\n", library("track")).empty());
    CHECK(check_text("b.yaml", "spaces:\n  - {id: A, adjacent: [B]}\n  - {id: B, terrain: hill}\n", library("board")).empty());
    CHECK(check_text("t.yaml", "tiles:\n  - {id: t1, edges: [road, city]}\n", library("tiles")).empty());
    CHECK(check_text("r.yaml", "name: Harder\noptions: {rounds: 12}\nscript: harder.lua\n", library("rules")).empty());
    CHECK(check_text("r.yaml", "name: Harder\nscrip: harder.lua\n", library("rules")) ==
          Lines{"r.yaml:2:1: at /scrip: unknown field 'scrip' (did you mean 'script'?); expected one of: description, name, options, script"});
    CHECK(check_text("s.yaml",
                     "name: n\nbot: b\nseed: 1\noptions: {a: 1}\nforced: [{stream: deck, value: 3}]\n"
                     "answers: [a, 1, true, {correct: gold, value: 2}]\n"
                     "expect: {end: {result: win}, transcript: [{event: say}], not_transcript: [], final: {}, "
                     "question: {}, error: boom}\n",
                     library("scenario"))
              .empty());
    CHECK(check_text("s.yaml", "expect: {trasncript: []}\n", library("scenario")) ==
          Lines{"s.yaml:1:10: at /expect/trasncript: unknown field 'trasncript' (did you mean 'transcript'?); "
                "expected one of: end, error, final, not_transcript, question, transcript"});
}

TEST_CASE("broken schemas are reported against the schema file", "[schema]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: 1", "doc.yaml");
    tmp.write("bad.schema.yaml", "# broken\ntype: [object\n");
    CHECK(diagnostics_of([&] { check_schema(doc, tmp.path() / "bad.schema.yaml"); }, tmp.path()) ==
          Lines{"bad.schema.yaml:3:1: end of sequence flow not found"});

    tmp.write("ref.schema.yaml", "# refers to a file that is not there\nproperties:\n  a: {$ref: 'gone.schema.yaml#/definitions/x'}\n");
    const Lines gone = diagnostics_of([&] { check_schema(doc, tmp.path() / "ref.schema.yaml"); }, tmp.path());
    REQUIRE(gone.size() == 1);
    CHECK(gone[0].rfind("gone.schema.yaml: cannot read the file", 0) == 0);

    CHECK_THROWS_AS(check_schema(doc, tmp.path() / "missing.schema.yaml"), ValidationError);
}

TEST_CASE("schemas are cached by path, and reloaded when the file changes", "[schema]") {
    TempDir tmp;
    const auto schema = tmp.write("n.schema.yaml", "# numbers\nproperties:\n  n: {type: integer}\n");
    const auto doc = parse_yaml("n: x", "doc.yaml");
    CHECK(relative_lines(check_schema(doc, schema), "") == Lines{"doc.yaml:1:4: at /n: expected integer, got string 'x'"});
    CHECK(check_schema(doc, schema).size() == 1);  // from the cache

    tmp.write("n.schema.yaml", "# strings now\nproperties:\n  n: {type: string}\n");
    std::filesystem::last_write_time(schema, std::filesystem::last_write_time(schema) + std::chrono::seconds(5));
    CHECK(check_schema(doc, schema).empty());
}

TEST_CASE("x-soloist-ref checks ids against another component, with a did-you-mean", "[schema][refs]") {
    TempDir tmp;
    const json cards = json::parse(R"({"cards": [{"id": "c1"}, {"id": "c2"}, {"id": "c12"}]})");
    int lookups = 0;
    const ComponentLookup lookup = [&](const std::string& name) -> const json* {
        ++lookups;
        return name == "cards" ? &cards : nullptr;
    };

    const auto deck = load_yaml(tmp.write("deck.yaml", "id: pile\ncards:\n  - c1\n  - c13\n  - c12\n  - Joker\n"));
    CHECK(check_schema(deck, library("deck")).empty());
    CHECK(relative_lines(check_references(deck, library("deck"), lookup), tmp.path()) ==
          Lines{"deck.yaml:4:5: at /cards/1: unknown card 'c13' (did you mean 'c12'?)",
                "deck.yaml:6:5: at /cards/3: unknown card 'Joker'"});
    CHECK(lookups == 1);  // looked up once per reference, not per value

    // A board's adjacency refers to its own spaces.
    const auto board = load_yaml(tmp.write("board.yaml", "spaces:\n  - {id: north, adjacent: [south]}\n  - {id: south, adjacent: [nrth]}\n"));
    const json& board_data = board.data;
    const ComponentLookup self = [&](const std::string& name) { return name == "board" ? &board_data : nullptr; };
    CHECK(relative_lines(check_references(board, library("board"), self), tmp.path()) ==
          Lines{"board.yaml:3:28: at /spaces/1/adjacent/0: unknown space 'nrth' (did you mean 'north'?)"});

    // No component to look in: said once, at the first reference.
    const ComponentLookup none = [](const std::string&) -> const json* { return nullptr; };
    CHECK(relative_lines(check_references(deck, library("deck"), none), tmp.path()) ==
          Lines{"deck.yaml:3:5: at /cards/0: refers to component 'cards', which this bot does not have"});

    // A component without the list the reference names.
    const json wrong = json::parse(R"({"decks": []})");
    const ComponentLookup elsewhere = [&](const std::string&) { return &wrong; };
    CHECK(relative_lines(check_references(deck, library("deck"), elsewhere), tmp.path()) ==
          Lines{"deck.yaml:3:5: at /cards/0: refers to the list at /cards of component 'cards', which has none"});
}

TEST_CASE("library schemas are named, with a did-you-mean for a wrong name", "[schema]") {
    const auto dir = test::source_dir() / "schemas";
    CHECK(library_schema("deck", dir) == dir / "deck.schema.yaml");
    try {
        library_schema("dek", dir);
        FAIL("no UsageError");
    } catch (const UsageError& e) {
        CHECK(std::string(e.what()) == "unknown schema 'dek' (did you mean 'deck'?); library schemas: bag, board, cards, deck, dice, tiles, track");
    }
    CHECK_THROWS_AS(library_schema("bot", dir), UsageError);  // not a component schema
}

TEST_CASE("did_you_mean suggests the closest name within max(2, length/3) edits", "[names]") {
    const std::vector<std::string> bots = {"guild-mat", "harbour-master", "tiny"};
    CHECK(did_you_mean("guildmat", bots) == " (did you mean 'guild-mat'?)");
    CHECK(did_you_mean("GUILD-MAT", bots) == " (did you mean 'guild-mat'?)");  // case is ignored
    CHECK(did_you_mean("harbor-mastr", bots) == " (did you mean 'harbour-master'?)");
    CHECK(did_you_mean("tony", bots) == " (did you mean 'tiny'?)");
    CHECK(did_you_mean("chess", bots).empty());
    CHECK(did_you_mean("anything", {}).empty());
    // max(2, 15/3 = 5): five edits away from a 15-letter name still gets a hint, six do not.
    CHECK(closest_name("abcdefghijklmno", {"abcdefghijVWXYZ"}) == "abcdefghijVWXYZ");
    CHECK(closest_name("abcdefghijklmno", {"abcdefghiUVWXYZ"}).empty());
    // A name nothing of which is kept is no suggestion: 'x' is not a typo of 'id'.
    CHECK(closest_name("x", {"id"}).empty());
    // Ties go to the name closest in length.
    CHECK(closest_name("c13", {"c1", "c12"}) == "c12");
}
