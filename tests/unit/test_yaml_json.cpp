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
