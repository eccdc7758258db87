// YAML loading: core-schema typing, positions, and the refusals that keep bot data safe.

#include <catch2/catch.hpp>

#include <chrono>

#include "domain/yaml_json.hpp"
#include "test_support.hpp"

using namespace soloist;
using soloist::test::TempDir;
using soloist::test::diagnostics_of;
using Lines = std::vector<std::string>;

namespace {

std::filesystem::path yaml_fixture(const std::string& name) { return test::fixtures() / "yaml" / name; }

// The one diagnostic loading `file` throws, relative to the YAML fixtures folder.
Lines refusal_of(const std::filesystem::path& file) {
    return diagnostics_of([&] { load_yaml(file); }, file.parent_path());
}

std::string nested_flow_sequences(int depth) { return std::string(depth, '[') + "1" + std::string(depth, ']') + "\n"; }

// `depth` nested block mappings: a:\n  a:\n    a: ...
std::string nested_block_mappings(int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += std::string(2 * i, ' ') + "a:" + (i + 1 == depth ? " 1\n" : "\n");
    return text;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("scalars are typed by YAML 1.2's core schema, decided by their style", "[yaml]") {
    const auto doc = load_yaml(yaml_fixture("typing.yaml"));
    const auto& d = doc.data;

    // Quoted scalars are strings, whatever they look like.
    CHECK(d["quoted"] == "3");
    CHECK(d["double_quoted"] == "3");
    CHECK(d["quoted_true"] == "true");
    CHECK(d["quoted_null"] == "null");
    CHECK(d["block"] == "two\nlines\n");
    CHECK(d["str_tag"] == "3");

    // Plain decimal numbers.
    CHECK(d["plain_int"].is_number_integer());
    CHECK(d["plain_int"] == 3);
    CHECK(d["negative"] == -4);
    CHECK(d["plus"] == 5);
    CHECK(d["int_tag"] == 4);
    CHECK(d["float"].is_number_float());
    CHECK(d["float"] == 1.5);
    CHECK(d["exponent"] == 2000.0);
    CHECK(d["version"].is_number_float());
    CHECK(d["seed"].is_number_unsigned());
    CHECK(d["seed"] == 18446744073709551615ull);
    CHECK(d["big"].is_number_float());  // past 64 bits: kept as a number, not refused

    // YAML 1.1's yes/no/on/off and hexadecimal are strings in 1.2's core schema.
    CHECK(d["yes_word"] == "yes");
    CHECK(d["no_word"] == "no");
    CHECK(d["on_word"] == "on");
    CHECK(d["off_word"] == "off");
    CHECK(d["hex"] == "0x1F");

    CHECK(d["true_word"] == true);
    CHECK(d["True_word"] == true);
    CHECK(d["TRUE_word"] == true);
    CHECK(d["false_word"] == false);

    CHECK(d["null_word"].is_null());
    CHECK(d["Null_word"].is_null());
    CHECK(d["tilde"].is_null());
    CHECK(d["empty"].is_null());

    CHECK(d["list"] == nlohmann::json::parse(R"([1, "1", "one", 2.5, false])"));

    // A float beyond double's range is an error, not infinity.
    CHECK(diagnostics_of([] { parse_yaml("n: 1e999\n", "n.yaml"); }, "") == Lines{"n.yaml:1:4: the number 1e999 is out of range"});
}

TEST_CASE("every value's 1-based line and column are kept by JSON pointer", "[yaml]") {
    const auto doc = load_yaml(yaml_fixture("positions.yaml"));
    auto at = [&](const std::string& pointer) {
        const Mark m = doc.mark_of(pointer);
        return std::to_string(m.line) + ":" + std::to_string(m.column);
    };
    CHECK(at("/name") == "2:7");
    CHECK(at("/spaces") == "4:3");
    CHECK(at("/spaces/0") == "4:5");
    CHECK(at("/spaces/0/id") == "4:9");
    CHECK(at("/spaces/0/next/1") == "5:15");
    CHECK(at("/spaces/1/label") == "7:12");
    CHECK(at("/spaces/2/id") == "8:11");
    CHECK(at("/last") == "10:7");
    // An empty value is marked at its key, not at the next line's token.
    CHECK(at("/empty_value") == "9:1");
    // A pointer to nothing falls back to its nearest ancestor.
    CHECK(at("/spaces/2/missing") == "8:7");
    CHECK(at("/nowhere/at/all") == at(""));

    const Mark key = doc.key_mark_of("/spaces/1/label");
    CHECK((key.line == 7 && key.column == 5));

    const Diagnostic d = doc.diagnostic("/spaces/0/id", "bad id");
    CHECK(d.to_string() == doc.file.string() + ":4:9: at /spaces/0/id: bad id");
}

TEST_CASE("keys with '/' and '~' are escaped in JSON pointers", "[yaml]") {
    const auto doc = parse_yaml("a/b: 1\nc~d: 2\n", "inline.yaml");
    CHECK(doc.data["a/b"] == 1);
    CHECK(doc.mark_of("/a~1b").line == 1);
    CHECK(doc.mark_of("/c~0d").line == 2);
    CHECK(append_pointer("/x", "a/b~") == "/x/a~1b~0");
}

TEST_CASE("anchors and aliases are refused before any node is built", "[yaml][safety]") {
    CHECK(refusal_of(yaml_fixture("anchor.yaml")) ==
          Lines{"anchor.yaml:2:7: anchors (&b) and aliases are not allowed in bot data; write the value out in full"});

    // `&x [*x]` would be a real cycle in yaml-cpp's node graph: converting it would never end.
    CHECK(refusal_of(yaml_fixture("alias-cycle.yaml")) ==
          Lines{"alias-cycle.yaml:2:4: anchors (&x) and aliases are not allowed in bot data; write the value out in full"});

    const auto start = std::chrono::steady_clock::now();
    CHECK(refusal_of(yaml_fixture("billion-laughs.yaml")) ==
          Lines{"billion-laughs.yaml:2:4: anchors (&a) and aliases are not allowed in bot data; write the value out in full"});
    CHECK(seconds_since(start) < 1.0);

    // An anchor on a scalar, and an alias to an anchor that is never defined.
    CHECK(diagnostics_of([] { parse_yaml("a: &s text\n", "s.yaml"); }, "") ==
          Lines{"s.yaml:1:4: anchors (&s) and aliases are not allowed in bot data; write the value out in full"});
    CHECK(diagnostics_of([] { parse_yaml("a: *nowhere\n", "u.yaml"); }, "").size() == 1);
}

TEST_CASE("nesting deeper than 64 levels is refused", "[yaml][safety]") {
    TempDir tmp;
    const auto deep = tmp.write("deep.yaml", nested_flow_sequences(1000));
    CHECK(diagnostics_of([&] { load_yaml(deep); }, tmp.path()) ==
          Lines{"deep.yaml:1:65: nesting deeper than 64 levels is not allowed"});

    const auto deep_block = tmp.write("deep-block.yaml", nested_block_mappings(1000));
    CHECK(diagnostics_of([&] { load_yaml(deep_block); }, tmp.path()) ==
          Lines{"deep-block.yaml:65:129: nesting deeper than 64 levels is not allowed"});

    // Exactly 64 levels load; 65 do not.
    CHECK(load_yaml(tmp.write("64.yaml", nested_flow_sequences(64))).data.is_array());
    CHECK(diagnostics_of([&] { load_yaml(tmp.write("65.yaml", nested_flow_sequences(65))); }, tmp.path()) ==
          Lines{"65.yaml:1:65: nesting deeper than 64 levels is not allowed"});

    // The limit can be changed.
    CHECK_THROWS_AS(parse_yaml("[[1]]", "two.yaml", YamlLimits{4 * 1024 * 1024, 1}), ValidationError);
}

TEST_CASE("files over 4 MiB are refused before they are read", "[yaml][safety]") {
    TempDir tmp;
    const auto huge = tmp.path() / "huge.yaml";
    std::ofstream(huge) << "a: 1\n";
    std::filesystem::resize_file(huge, 50 * 1024 * 1024);  // 50 MB; NUL bytes would not even parse

    const auto start = std::chrono::steady_clock::now();
    CHECK(diagnostics_of([&] { load_yaml(huge); }, tmp.path()) ==
          Lines{"huge.yaml: the file is larger than 4096 KiB; bot data files must stay under that"});
    CHECK(seconds_since(start) < 0.5);

    // The boundary: exactly 4 MiB loads, one byte more does not.
    const std::string body = "a: 1\n#";
    std::string text = body + std::string(4 * 1024 * 1024 - body.size() - 1, 'x') + "\n";
    CHECK(load_yaml(tmp.write("limit.yaml", text)).data["a"] == 1);
    CHECK_THROWS_AS(load_yaml(tmp.write("over.yaml", text + "\n")), ValidationError);
}

TEST_CASE("duplicate keys, complex keys, tags and second documents are refused", "[yaml]") {
    CHECK(refusal_of(yaml_fixture("duplicate-keys.yaml")) == Lines{"duplicate-keys.yaml:5:5: duplicate key 'label'"});
    // '3' and 3 are the same key once they are JSON.
    CHECK(diagnostics_of([] { parse_yaml("3: a\n'3': b\n", "k.yaml"); }, "") == Lines{"k.yaml:2:1: duplicate key '3'"});
    CHECK(refusal_of(yaml_fixture("complex-key.yaml")) ==
          Lines{"complex-key.yaml:2:3: a mapping key must be a plain value, not a list or mapping"});
    CHECK(diagnostics_of([] { parse_yaml("~: 1\n", "n.yaml"); }, "") ==
          Lines{"n.yaml:1:1: a mapping key must not be empty or null"});
    CHECK(refusal_of(yaml_fixture("custom-tag.yaml")) ==
          Lines{"custom-tag.yaml:2:7: the tag !card is not supported here; bot data uses plain YAML values"});
    CHECK(diagnostics_of([] { parse_yaml("n: !!int many\n", "t.yaml"); }, "") == Lines{"t.yaml:1:4: 'many' is not a valid !!int"});
    CHECK(refusal_of(yaml_fixture("two-documents.yaml")) ==
          Lines{"two-documents.yaml:3:1: a file holds one YAML document; remove the second '---' part"});
}

TEST_CASE("YAML syntax errors carry the parser's reason and position", "[yaml]") {
    CHECK(refusal_of(yaml_fixture("broken.yaml")) == Lines{"broken.yaml:4:5: end of sequence flow not found"});
    CHECK(diagnostics_of([] { parse_yaml("text: Rule: draw two\n", "r.yaml"); }, "") == Lines{"r.yaml:1:11: illegal map value"});
}

TEST_CASE("missing files, folders and empty files", "[yaml]") {
    TempDir tmp;
    const Lines missing = diagnostics_of([&] { load_yaml(tmp.path() / "nope.yaml"); }, tmp.path());
    REQUIRE(missing.size() == 1);
    CHECK(missing[0].rfind("nope.yaml: cannot read the file: ", 0) == 0);
    CHECK(diagnostics_of([&] { load_yaml(tmp.path()); }, tmp.path().parent_path()) ==
          Lines{tmp.path().filename().string() + ": this is a folder, not a YAML file"});

    const auto empty = load_yaml(tmp.write("empty.yaml", "# only a comment\n"));
    CHECK(empty.data.is_null());
    CHECK(empty.mark_of("").line == 1);
}

TEST_CASE("diagnostics print file:line:column: at /path: message, leaving out what is unknown", "[yaml]") {
    CHECK(Diagnostic{"a.yaml", 3, 7, "/x/0", "bad"}.to_string() == "a.yaml:3:7: at /x/0: bad");
    CHECK(Diagnostic{"a.yaml", 3, 0, "", "bad"}.to_string() == "a.yaml:3: bad");
    CHECK(Diagnostic{"a.yaml", 0, 0, "/x", "bad"}.to_string() == "a.yaml: at /x: bad");
    CHECK(Diagnostic{"", 0, 0, "", "bad"}.to_string() == "bad");

    const ValidationError e({Diagnostic{"a.yaml", 1, 2, "", "one"}, Diagnostic{"b.yaml", 3, 4, "/p", "two"}});
    CHECK(std::string(e.what()) == "a.yaml:1:2: one\nb.yaml:3:4: at /p: two");
    CHECK(e.diagnostics.size() == 2);
}

TEST_CASE("bot data must be UTF-8: the first byte that is not is refused at its line and column", "[yaml][safety]") {
    // 100 KB of a continuation byte: valijson's UTF-8 length count read past its table on it.
    const std::string continuation(100 * 1024, '\x87');
    CHECK(diagnostics_of([&] { parse_yaml("id: x\ngame: " + continuation + "\n", "g.yaml"); }, "") ==
          Lines{"g.yaml:2:7: byte 0x87 is not valid UTF-8; bot data must be UTF-8 text: save the file as UTF-8"});
    // Columns count bytes, as yaml-cpp's marks do: 'é' is two.
    CHECK(diagnostics_of([] { parse_yaml("a: \xC3\xA9\xFF\n", "c.yaml"); }, "") ==
          Lines{"c.yaml:1:6: byte 0xFF is not valid UTF-8; bot data must be UTF-8 text: save the file as UTF-8"});
    // An overlong form, a UTF-16 surrogate, a code point past U+10FFFF, a character cut short.
    for (const std::string bad : {"\xC0\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xE2\x82"}) {
        INFO(bad);
        const Lines refused = diagnostics_of([&] { parse_yaml("a: " + bad + "\n", "b.yaml"); }, "");
        REQUIRE(refused.size() == 1);
        CHECK(refused[0].rfind("b.yaml:1:4: byte 0x", 0) == 0);
    }
    // Characters of two, three and four bytes are fine, and so is a UTF-8 byte-order mark.
    CHECK(parse_yaml("a: \xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E\n", "ok.yaml").data["a"] == "\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E");
    const auto bom = parse_yaml("\xEF\xBB\xBF" "a: 1\nb: x\n", "bom.yaml");
    CHECK(bom.data["b"] == "x");
    CHECK((bom.mark_of("/b").line == 2 && bom.mark_of("/b").column == 4));
    // An escape that is no Unicode character is refused at its scalar (by yaml-cpp, which
    // checks these; the reader checks every decoded text as well).
    CHECK(diagnostics_of([] { parse_yaml("a: \"\\ud800\"\n", "e.yaml"); }, "").size() == 1);
}

TEST_CASE("UTF-16 and UTF-32 files are refused, not converted", "[yaml][safety]") {
    const Lines refused{"u.yaml:1:1: the file is UTF-16 or UTF-32 text; bot data must be UTF-8: save the file as UTF-8"};
    const std::string little("a\0:\0 \0001\0\n\0", 10), big("\0a\0:\0 \0001\0\n", 10);
    for (const std::string& text : {"\xFF\xFE" + little, "\xFE\xFF" + big, little, big,
                                    std::string("\xFF\xFE\0\0a\0\0\0", 8), std::string("\0\0\xFE\xFF\0\0\0a", 8)}) {
        INFO(text.size());
        CHECK(diagnostics_of([&] { parse_yaml(text, "u.yaml"); }, "") == refused);
    }
}

TEST_CASE("a NUL byte anywhere is refused", "[yaml][safety]") {
    const std::string message = ": a NUL byte (0x00) is not allowed in bot data; save the file as UTF-8 text";
    // yaml-cpp read "\0b" as the key "\b", and stopped reading a comment at a NUL.
    CHECK(diagnostics_of([] { parse_yaml(std::string("a: 1\n\0b: 2\n", 11), "n.yaml"); }, "") == Lines{"n.yaml:2:1" + message});
    CHECK(diagnostics_of([] { parse_yaml(std::string("a: 1 # x\0y\nb: 2\n", 16), "n.yaml"); }, "") == Lines{"n.yaml:1:9" + message});
    CHECK(diagnostics_of([] { parse_yaml(std::string("a: 1\n\0", 6), "n.yaml"); }, "") == Lines{"n.yaml:2:1" + message});
}

TEST_CASE("a CR without a LF is refused; CRLF line ends are fine", "[yaml][safety]") {
    const std::string message = ": a carriage return (CR) without a line feed after it; line ends must be LF or CRLF: "
                                "save the file with Unix or Windows line ends";
    // yaml-cpp read a lone CR as a space: `b: 2` vanished into the comment, `y` into the value.
    CHECK(diagnostics_of([] { parse_yaml("a: 1 # c\rb: 2\n", "c.yaml"); }, "") == Lines{"c.yaml:1:9" + message});
    CHECK(diagnostics_of([] { parse_yaml("a: x\ry\n", "c.yaml"); }, "") == Lines{"c.yaml:1:5" + message});
    CHECK(diagnostics_of([] { parse_yaml("a: 1\nb: 2\r", "c.yaml"); }, "") == Lines{"c.yaml:2:5" + message});

    const auto crlf = parse_yaml("a: 1\r\nb: 'x'\r\n", "crlf.yaml");
    CHECK(crlf.data == nlohmann::json{{"a", 1}, {"b", "x"}});
    CHECK((crlf.mark_of("/b").line == 2 && crlf.mark_of("/b").column == 4));
}

TEST_CASE("a quoted text left open is refused at its opening quote", "[yaml][safety]") {
    // yaml-cpp ran it to the end of the file, swallowing every line after it.
    CHECK(diagnostics_of([] { parse_yaml("id: x\nname: \"abc\n", "q.yaml"); }, "") ==
          Lines{"q.yaml:2:7: the quoted text that starts here has no closing quote (\"); add one where the text ends"});
    CHECK(diagnostics_of([] { parse_yaml("name: 'abc\nb: 1\n", "q.yaml"); }, "") ==
          Lines{"q.yaml:1:7: the quoted text that starts here has no closing quote ('); add one where the text ends"});
    CHECK(diagnostics_of([] { parse_yaml("a: !!str\n  \"abc\n", "q.yaml"); }, "") ==
          Lines{"q.yaml:2:3: the quoted text that starts here has no closing quote (\"); add one where the text ends"});
    CHECK(diagnostics_of([] { parse_yaml("\"key: 1\n", "q.yaml"); }, "") ==
          Lines{"q.yaml:1:1: the quoted text that starts here has no closing quote (\"); add one where the text ends"});
    // Closed ones, with the escapes that look like a close.
    CHECK(parse_yaml("a: \"x\\\"y\\\\\"\nb: 'it''s'\nc: !!str 'z'\n", "ok.yaml").data ==
          nlohmann::json{{"a", "x\"y\\"}, {"b", "it's"}, {"c", "z"}});
}
