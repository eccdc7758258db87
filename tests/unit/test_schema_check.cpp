// Schema checks: every violation, in plain words, at its file:line:column; $ref across schema
// files; the library's schemas; references between components; did-you-mean hints.

#include <catch2/catch.hpp>

#include <chrono>
#include <ctime>

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

// Processor time since `start` (from std::clock()): what a check costs, however busy the
// machine. The limits below are for Release builds; Debug and sanitizer builds run many times
// slower (the address sanitizer's Debug build twenty times, more on a busy machine's shared
// caches), and get twenty times as long (the thread sanitizer's forty). The quadratic
// versions these guard against took minutes even in Release.
double cpu_seconds_since(std::clock_t start) {
#if defined(__SANITIZE_THREAD__)
    constexpr double slowdown = 40;  // the thread sanitizer watches every access
#elif defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
    constexpr double slowdown = 1;
#else
    constexpr double slowdown = 20;
#endif
    return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / slowdown;
}

// The manifest fields every bot.yaml needs, after `id`.
const std::string manifest_rest = "name: X\ngame: G\nversion: '1'\ndescription: D\nentry: main.lua\n";

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
    CHECK(check_text("track.yaml", "tracks:\n  - {id: vp, min: 0, max: 9, position: 0, thresholds: {5: bonus, five: end}}\n",
                     library("track")) ==
          Lines{"track.yaml:2:66: at /tracks/0/thresholds/five: unknown field 'five'; expected a name matching ^-?[0-9]+$"});
}

TEST_CASE("a track's starting space is `position`, the name track.new takes", "[schema]") {
    CHECK(check_text("t.yaml", "tracks:\n  - {id: vp, min: 0, max: 9}\n", library("track")).empty());
    const auto problems = check_text("t.yaml", "tracks:\n  - {id: vp, min: 0, max: 9, start: 2}\n", library("track"));
    REQUIRE(problems.size() == 1);
    CHECK_THAT(problems[0], Catch::Contains("t.yaml:2:30: at /tracks/0/start: unknown field 'start'"));
    CHECK_THAT(problems[0], Catch::Contains("position"));
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
    CHECK(check_text("t.yaml", "tracks:\n  - {id: vp, min: 0, max: 30, position: 0, thresholds: {10: bonus, -1: never}}\n", library("track")).empty());
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

TEST_CASE("an x-soloist-ref whose list pointer cannot be followed names no list, and throws nothing", "[schema][refs][safety]") {
    // nlohmann's contains() throws "unresolved reference token ''" for an empty token into an
    // array (/cards//id): found by fuzz_schema.
    TempDir tmp;
    const json cards = json::parse(R"({"cards": [{"id": "c1"}]})");
    const ComponentLookup lookup = [&](const std::string&) { return &cards; };
    const auto doc = load_yaml(tmp.write("hand.yaml", "hand: [c1]\n"));
    const auto check = [&](const std::string& name, const std::string& ref) {
        tmp.write(name, "# a hand\nproperties:\n  hand: {type: array, items: {type: string, x-soloist-ref: " + ref + "}}\n");
        return relative_lines(check_references(doc, tmp.path() / name, lookup), tmp.path());
    };
    CHECK(check("empty-token.schema.yaml", "cards/cards//id") ==
          Lines{"hand.yaml:1:8: at /hand/0: refers to the list at /cards/ of component 'cards', which has none"});
    CHECK(check("letters.schema.yaml", "cards/cards/x/id") ==
          Lines{"hand.yaml:1:8: at /hand/0: refers to the list at /cards/x of component 'cards', which has none"});
    CHECK(check("good.schema.yaml", "cards/cards/id").empty());
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

TEST_CASE("patterns are matched with RE2, in time linear in the text", "[schema][safety]") {
    TempDir tmp;
    const auto schema = tmp.write("s.schema.yaml", "# backtracks under std::regex\nproperties:\n  a: {type: string, pattern: '^(a+)+$'}\n");
    const auto start = std::clock();
    CHECK(relative_lines(check_schema(parse_yaml("a: " + std::string(30, 'a') + "!\n", "d.yaml"), schema), "") ==
          Lines{"d.yaml:1:4: at /a: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' does not match the pattern ^(a+)+$"});  // 27 s before
    // A long text is matched too: std::regex's recursion overflowed the stack on it.
    CHECK(check_schema(parse_yaml("a: " + std::string(60000, 'a') + "\n", "d.yaml"), schema).empty());
    CHECK(cpu_seconds_since(start) < 1.0);
}

TEST_CASE("a text over 64 KiB is reported, not matched against a pattern", "[schema][safety]") {
    // A 100 KB id against the manifest's pattern crashed std::regex.
    CHECK(check_text("bot.yaml", "id: " + std::string(100 * 1024, 'a') + "\n" + manifest_rest, library("bot")) ==
          Lines{"bot.yaml:1:5: at /id: text of 102400 bytes is too long to check against a pattern; at most 65536 bytes are checked"});
    // A field's name against patternProperties.
    CHECK(check_text("t.yaml", "tracks:\n  - id: vp\n    min: 0\n    max: 9\n    position: 0\n    thresholds:\n      ? " +
                                   std::string(70000, '7') + "\n      : end\n",
                     library("track")) ==
          Lines{"t.yaml:7:7: at /tracks/0/thresholds: the name of a field of 70000 bytes is too long to check against a "
                "pattern; at most 65536 bytes are checked"});
}

TEST_CASE("a pattern RE2 cannot check is refused when the schema loads", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: x", "doc.yaml");
    const auto check = [&](const std::string& schema) { return diagnostics_of([&] { check_schema(doc, tmp.path() / schema); }, tmp.path()); };
    tmp.write("back.schema.yaml", "# a backreference\nproperties:\n  a: {type: string, pattern: '^(a)\\1$'}\n");
    CHECK(check("back.schema.yaml") ==
          Lines{"back.schema.yaml:3:30: at /properties/a/pattern: the pattern '^(a)\\1$' cannot be checked: invalid escape "
                "sequence: \\1; patterns use RE2 syntax, which has no lookahead, lookbehind or backreferences"});
    tmp.write("ahead.schema.yaml", "# a lookahead, as a name's pattern\npatternProperties:\n  '^(?=a)': {}\n");
    CHECK(check("ahead.schema.yaml") ==
          Lines{"ahead.schema.yaml:3:3: at /patternProperties/^(?=a): the pattern '^(?=a)' cannot be checked: invalid "
                "perl operator: (?=; patterns use RE2 syntax, which has no lookahead, lookbehind or backreferences"});
}

TEST_CASE("patternProperties and additionalProperties, checked with RE2, report as valijson did", "[schema]") {
    TempDir tmp;
    const auto schema = tmp.write("m.schema.yaml",
                                  "# members\ntype: object\nproperties:\n  name: {type: string}\n"
                                  "patternProperties:\n  '^n[0-9]+$': {type: integer, minimum: 1}\n  '[0-9]$': {maximum: 2}\n"
                                  "additionalProperties: {type: boolean}\n");
    CHECK(relative_lines(check_schema(parse_yaml("name: x\nn1: 3\nn2: three\nn3: 0\nflag: true\nother: 5\n", "d.yaml"), schema), "") ==
          Lines{"d.yaml:2:5: at /n1: expected at most 2, got 3",  // a name may match several patterns
                "d.yaml:3:5: at /n2: expected integer, got string 'three'",
                "d.yaml:4:5: at /n3: expected at least 1, got 0",
                "d.yaml:6:8: at /other: expected boolean, got integer 5"});
    // Inside an anyOf, the branch whose type fits is the one reported.
    const auto either = tmp.write("e.schema.yaml", "# either\nanyOf:\n  - type: string\n  - type: object\n"
                                                   "    patternProperties: {'^[a-z]+$': {type: integer}}\n    additionalProperties: false\n");
    CHECK(relative_lines(check_schema(parse_yaml("a: x\nB: 1\n", "d.yaml"), either), "") ==
          Lines{"d.yaml:1:4: at /a: expected integer, got string 'x'",
                "d.yaml:2:1: at /B: unknown field 'B'; expected a name matching ^[a-z]+$"});
}

TEST_CASE("format is an annotation, as draft 7 allows", "[schema][safety]") {
    TempDir tmp;
    // valijson checked these with std::regex.
    const auto schema = tmp.write("f.schema.yaml", "# formats\nproperties:\n  d: {type: string, format: date}\n  t: {format: date-time}\n");
    CHECK(check_schema(parse_yaml("d: 2022-13-45\nt: 2022-01-01T" + std::string(50000, '0') + "\n", "d.yaml"), schema).empty());
}

TEST_CASE("a $ref must lead inside the allowed folders, by its real path", "[schema][safety]") {
    TempDir tmp;
    const auto real = std::filesystem::canonical(tmp.path());
    tmp.write("outside.schema.yaml", "# outside the bot\ndefinitions:\n  x: {type: string}\n");
    tmp.write("bot/shared.schema.yaml", "# inside the bot\ndefinitions:\n  x: {type: integer}\n");
    const auto doc = parse_yaml("a: 1", "doc.yaml");
    const auto schema = tmp.path() / "bot" / "schemas" / "own.schema.yaml";
    auto lines = [&](const SchemaFolders& allowed) { return diagnostics_of([&] { check_schema(doc, schema, allowed); }, tmp.path()); };

    // Out of the schema's folder (by default the only one allowed), and out of the bot's.
    tmp.write("bot/schemas/own.schema.yaml", "# escapes\nproperties:\n  a: {$ref: '../../outside.schema.yaml#/definitions/x'}\n");
    CHECK(lines({}) == Lines{"bot/schemas/own.schema.yaml:3:13: at /properties/a/$ref: the $ref '../../outside.schema.yaml' leads to " +
                             (real / "outside.schema.yaml").string() + ", outside the folders schemas may come from (" +
                             (real / "bot" / "schemas").string() + ")"});
    CHECK(lines({tmp.path() / "bot"}).size() == 1);
    // Up and down again inside the bot is fine.
    tmp.write("bot/schemas/own.schema.yaml", "# stays inside\nproperties:\n  a: {$ref: '../shared.schema.yaml#/definitions/x'}\n");
    CHECK(relative_lines(check_schema(doc, schema, {tmp.path() / "bot"}), "").empty());

    // A link that reads as inside but leads outside.
    std::filesystem::create_symlink(tmp.path() / "outside.schema.yaml", tmp.path() / "bot" / "schemas" / "link.schema.yaml");
    tmp.write("bot/schemas/own.schema.yaml", "# through a link\nproperties:\n  a: {$ref: 'link.schema.yaml#/definitions/x'}\n");
    CHECK(lines({tmp.path() / "bot"}) ==
          Lines{"bot/schemas/own.schema.yaml:3:13: at /properties/a/$ref: the $ref 'link.schema.yaml' leads to " +
                (real / "outside.schema.yaml").string() + ", outside the folders schemas may come from (" + (real / "bot").string() + ")"});
    // The schema itself, linked outside.
    CHECK(diagnostics_of([&] { check_schema(doc, tmp.path() / "bot" / "schemas" / "link.schema.yaml", {tmp.path() / "bot"}); }, tmp.path()) ==
          Lines{"bot/schemas/link.schema.yaml: this schema file leads to " + (real / "outside.schema.yaml").string() +
                ", outside the folders schemas may come from (" + (real / "bot").string() + ")"});
}

TEST_CASE("a schema valijson cannot compile is reported, not an abort", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: 1", "doc.yaml");
    const auto check = [&](const std::string& name, const std::string& text) {
        tmp.write(name, text);
        return diagnostics_of([&] { check_schema(doc, tmp.path() / name); }, tmp.path());
    };
    // valijson called abort() on each of these.
    CHECK(check("t.schema.yaml", "# a bad type\nproperties:\n  a: {type: 5}\n") ==
          Lines{"t.schema.yaml: invalid schema: JSON value is not a string."});
    CHECK(check("p.schema.yaml", "# a bad property\nproperties:\n  a: {properties: {b: 7}}\n") ==
          Lines{"p.schema.yaml:3:23: at /properties/a/properties/b: invalid schema: Expected node at /properties/a/properties/b "
                "to contain schema object or boolean value; actual node type is: integer"});
    CHECK(check("e.schema.yaml", "# nothing\n") == Lines{"e.schema.yaml:1:1: a schema is a mapping (or true or false); this file holds none"});
}

TEST_CASE("multipleOf must be greater than 0: valijson divides by it", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: 6", "doc.yaml");
    const auto check = [&](const std::string& name, const std::string& multiple) {
        tmp.write(name, "# multiples\nproperties:\n  a: {type: integer, multipleOf: " + multiple + "}\n");
        return diagnostics_of([&] { check_schema(doc, tmp.path() / name); }, tmp.path());
    };
    const std::string why = "multipleOf must be a number greater than 0";
    CHECK(check("zero.schema.yaml", "0") == Lines{"zero.schema.yaml:3:34: at /properties/a/multipleOf: " + why});
    CHECK(check("minus.schema.yaml", "-2") == Lines{"minus.schema.yaml:3:34: at /properties/a/multipleOf: " + why});
    CHECK(check("text.schema.yaml", "two") == Lines{"text.schema.yaml:3:34: at /properties/a/multipleOf: " + why});
    CHECK(check("three.schema.yaml", "3").empty());
}

TEST_CASE("lengths and counts must be whole numbers of 0 or more: the checker's messages count with them", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: [abc]", "doc.yaml");
    int schemas = 0;
    const auto check = [&](const std::string& keyword, const std::string& value) {
        const std::string name = "c" + std::to_string(++schemas) + ".schema.yaml";
        tmp.write(name, "# counts\nproperties:\n  a: {type: array, items: {type: string, " + keyword + ": " + value + "}}\n");
        return diagnostics_of([&] { check_schema(doc, tmp.path() / name); }, tmp.path());
    };
    // A string here ended a check with "[json.exception.type_error.302] type must be number".
    CHECK(check("maxLength", "\"0\"") ==
          Lines{"c1.schema.yaml:3:53: at /properties/a/items/maxLength: maxLength must be a whole number of 0 or more, without a decimal point"});
    CHECK(check("minLength", "-1") ==
          Lines{"c2.schema.yaml:3:53: at /properties/a/items/minLength: minLength must be a whole number of 0 or more, without a decimal point"});
    CHECK(check("minItems", "1.5") ==
          Lines{"c3.schema.yaml:3:52: at /properties/a/items/minItems: minItems must be a whole number of 0 or more, without a decimal point"});
    CHECK(check("maxProperties", "true") ==
          Lines{"c4.schema.yaml:3:57: at /properties/a/items/maxProperties: maxProperties must be a whole number of 0 or more, without a decimal point"});
    CHECK(check("maxLength", "3").empty());
    CHECK(check("maxLength", "3.0") ==
          Lines{"c6.schema.yaml:3:53: at /properties/a/items/maxLength: maxLength must be a whole number of 0 or more, without a decimal point"});
}

TEST_CASE("a $ref must be short and point at a schema", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: 1", "doc.yaml");
    int schemas = 0;
    const auto check = [&](const std::string& text) {
        const std::string name = "r" + std::to_string(++schemas) + ".schema.yaml";
        tmp.write(name, "# refs\ndefinitions:\n  x: {type: integer}\n  data: {enum: [{type: string}]}\nproperties:\n  a: {$ref: '" + text + "'}\n");
        return diagnostics_of([&] { check_schema(doc, tmp.path() / name); }, tmp.path());
    };
    CHECK(check("#/definitions/x").empty());
    CHECK(check("#/definitions/" + std::string(2000, 'x')) ==
          Lines{"r2.schema.yaml:6:13: at /properties/a/$ref: this $ref is 2014 bytes long; at most 1024 are allowed"});
    CHECK(check("#/definitions/data/enum/0") ==
          Lines{"r3.schema.yaml:6:13: at /properties/a/$ref: the $ref '#/definitions/data/enum/0' points at nothing that is a schema"});
    CHECK(check("#definitions") ==
          Lines{"r4.schema.yaml:6:13: at /properties/a/$ref: after '#', a $ref holds a JSON pointer such as #/definitions/name"});
}

TEST_CASE("schemas that loop on one value or nest past the stack are refused when they load", "[schema][safety]") {
    TempDir tmp;
    const auto doc = parse_yaml("a: 1", "doc.yaml");
    const auto check = [&](const std::string& name, const std::string& text) {
        tmp.write(name, text);
        return diagnostics_of([&] { check_schema(doc, tmp.path() / name); }, tmp.path());
    };
    const std::string loop = ": this schema leads back to itself through $ref, allOf, anyOf, oneOf, not, if/then/else or "
                             "dependencies, without going into a field or an item: checking a value against it would never end";
    // valijson recursed until the stack ran out, compiling the first and checking the second.
    CHECK(check("refs.schema.yaml", "# a loop of $refs\ndefinitions:\n  a: {$ref: '#/definitions/b'}\n  b: {$ref: '#/definitions/a'}\n") ==
          Lines{"refs.schema.yaml:4:13: at /definitions/b/$ref" + loop});
    CHECK(check("all.schema.yaml", "# a loop through allOf\nallOf:\n  - $ref: '#'\n") == Lines{"all.schema.yaml:3:11: at /allOf/0/$ref" + loop});
    // A chain of 3000 schemas, each a field of the one before.
    std::string chain = "# a long chain\ndefinitions:\n";
    for (int i = 0; i < 3000; ++i) chain += "  d" + std::to_string(i) + ": {properties: {x: {$ref: '#/definitions/d" + std::to_string(i + 1) + "'}}}\n";
    chain += "  d3000: {type: integer}\nproperties:\n  a: {$ref: '#/definitions/d0'}\n";
    const Lines deep = check("chain.schema.yaml", chain);
    REQUIRE(deep.size() == 1);
    CHECK(deep[0].find("nest more than 256 levels deep, following their $refs; nest them less deeply") != std::string::npos);

    // The longest chains allowed, on the deepest data allowed, are checked within the stack.
    std::string chained = "# chains on every level\ndefinitions:\n";
    for (int i = 0; i < 7; ++i) chained += "  d" + std::to_string(i) + ": {allOf: [{$ref: '#/definitions/d" + std::to_string(i + 1) + "'}]}\n";
    chained += "  d7: {type: object, properties: {x: {$ref: '#/definitions/d0'}, n: {type: integer}}}\n$ref: '#/definitions/d0'\n";
    const auto chains = tmp.write("chains.schema.yaml", chained);
    std::string nested = "n: x\n";
    for (int level = 0; level < 62; ++level) nested = "x: {" + nested.substr(0, nested.size() - 1) + "}\n";
    const Lines deepest = relative_lines(check_schema(parse_yaml(nested, "n.yaml"), chains), "");
    REQUIRE(deepest.size() == 1);
    CHECK(deepest[0].find("expected integer, got string 'x'") != std::string::npos);

    // Recursion through a field is fine: it ends with the data.
    const auto tree = tmp.write("tree.schema.yaml", "# a tree\ntype: object\nproperties:\n  n: {type: integer}\n  child: {$ref: '#'}\n");
    CHECK(relative_lines(check_schema(parse_yaml("n: 1\nchild: {n: 2, child: {n: x}}\n", "t.yaml"), tree), "") ==
          Lines{"t.yaml:2:26: at /child/child/n: expected integer, got string 'x'"});
}

TEST_CASE("enum and uniqueItems compare by hash, not with every other value", "[schema][safety]") {
    TempDir tmp;
    std::string allowed, values;
    for (int i = 0; i < 20000; ++i) {
        allowed += (i ? ", v" : "v") + std::to_string(i);
        values += (i ? ", v" : "v") + std::to_string(19999 - i);
    }
    const auto schema = tmp.write("u.schema.yaml", "# many values\nproperties:\n  list: {type: array, uniqueItems: true, items: {enum: [" + allowed + "]}}\n");
    const auto start = std::clock();
    CHECK(check_schema(parse_yaml("list: [" + values + "]\n", "d.yaml"), schema).empty());
    CHECK(relative_lines(check_schema(parse_yaml("list: [v1, v2, v1, 1, w, v2, v1]\n", "d.yaml"), schema), "") ==
          Lines{"d.yaml:1:7: at /list: elements at indexes #0 and #2 violate uniqueness constraint",
                "d.yaml:1:7: at /list: elements at indexes #1 and #5 violate uniqueness constraint",
                "d.yaml:1:7: at /list: elements at indexes #0 and #6 violate uniqueness constraint",
                "d.yaml:1:20: at /list/3: 1 is not allowed; expected one of: v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, "
                "v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, v29, v30, v31, v32, v33, "
                "v34, v35, v36, v37, v38, v39, ... (20000 in all)",
                "d.yaml:1:23: at /list/4: 'w' is not allowed; expected one of: v0, v1, v2, v3, v4, v5, v6, "
                "v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26, v27, v28, "
                "v29, v30, v31, v32, v33, v34, v35, v36, v37, v38, v39, ... (20000 in all)"});
    CHECK(cpu_seconds_since(start) < 1.0);  // 4e8 and 2e8 comparisons before
}

TEST_CASE("a file with 200k unknown fields is reported by its first 50, fast", "[schema][safety]") {
    std::string text = "id: x\n" + manifest_rest;
    for (int i = 0; i < 200000; ++i) text += "x" + std::to_string(i) + ": 1\n";
    const auto start = std::clock();
    const Lines lines = relative_lines(check_schema(parse_yaml(text, "u.yaml"), library("bot")), "");
    CHECK(cpu_seconds_since(start) < 2.0);  // over 60 s before: de-duplication was quadratic
    REQUIRE(lines.size() == 51);
    CHECK(lines[0] == "u.yaml:7:1: at /x0: unknown field 'x0'; expected one of: components, description, entry, game, id, "
                      "name, options, steps, version");
    CHECK(lines[49].rfind("u.yaml:56:1: at /x49: unknown field 'x49'", 0) == 0);
    CHECK(lines[50] == "u.yaml: ... and 199950 more problems in this file");
}

TEST_CASE("references are looked up by value, and the first 50 in file order reported", "[schema][refs][safety]") {
    TempDir tmp;
    json cards = {{"cards", json::array()}};
    std::string deck = "id: pile\ncards:\n";
    for (int i = 0; i < 50000; ++i) {
        cards["cards"].push_back({{"id", "c" + std::to_string(i)}});
        deck += "  - c" + std::to_string(49999 - i) + "\n";
    }
    for (int i = 0; i < 60; ++i) deck += "  - joker" + std::to_string(i) + "\n";
    const ComponentLookup lookup = [&](const std::string& name) { return name == "cards" ? &cards : nullptr; };
    const auto start = std::clock();
    const Lines lines = relative_lines(check_references(load_yaml(tmp.write("deck.yaml", deck)), library("deck"), lookup), tmp.path());
    CHECK(cpu_seconds_since(start) < 2.0);  // 2.5e9 comparisons before
    REQUIRE(lines.size() == 51);
    CHECK(lines[0] == "deck.yaml:50003:5: at /cards/50000: unknown card 'joker0'");
    CHECK(lines[50] == "deck.yaml: ... and 10 more problems in this file");
}

TEST_CASE("diagnostics are sorted and de-duplicated in n log n, at most 50 of a file", "[names][safety]") {
    std::vector<Diagnostic> many;
    for (int i = 200000; i > 0; --i) many.push_back(Diagnostic{"a.yaml", i, 1, "/x" + std::to_string(i), "bad"});
    many.push_back(Diagnostic{"b.yaml", 2, 1, "", "two"});
    many.push_back(Diagnostic{"a.yaml", 7, 1, "/x7", "bad"});  // a repeat
    many.push_back(Diagnostic{"b.yaml", 1, 1, "", "one"});
    const auto start = std::clock();
    sort_diagnostics(many);
    CHECK(cpu_seconds_since(start) < 1.0);  // minutes before
    REQUIRE(many.size() == 53);
    CHECK(many[0].to_string() == "a.yaml:1:1: at /x1: bad");
    CHECK(many[49].to_string() == "a.yaml:50:1: at /x50: bad");
    CHECK(many[50].to_string() == "a.yaml: ... and 199950 more problems in this file");
    CHECK(many[51].to_string() == "b.yaml:1:1: one");
    CHECK(problem_count(many) == 200002);

    // Sorting again (diagnostics of several checks put together) keeps one count for a file.
    many.push_back(more_problems("a.yaml", 5));
    many.push_back(Diagnostic{"a.yaml", 3, 2, "", "another"});
    sort_diagnostics(many);
    REQUIRE(many.size() == 53);
    CHECK(many[3].to_string() == "a.yaml:3:2: another");
    CHECK(many[50].to_string() == "a.yaml: ... and 199956 more problems in this file");  // 199950 + 5 + line 50
    CHECK(problem_count(many) == 200008);

    // A name too long to be a typo gets no suggestion, however close.
    CHECK(closest_name(std::string(300, 'a') + "b", {std::string(301, 'a')}).empty());
}
