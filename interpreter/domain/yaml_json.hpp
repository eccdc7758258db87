#pragma once
// Loads bot data written in YAML into JSON, remembering where every value stands in the file.
//
// Typing follows YAML 1.2's core schema, decided by each scalar's style: a quoted scalar is
// always a string; a plain one is null (null, Null, NULL, ~, empty), a boolean (true, True,
// TRUE, false, False, FALSE), a decimal integer, a decimal float, or else a string (so `yes`,
// `on` and `0x1F` are strings).
//
// The JSON is built straight from the parser's events, in one pass: yaml-cpp builds no node.
//
// Refused, each with a Diagnostic: files over the size limit (checked before reading); before
// parsing, text that is not UTF-8 (UTF-16 and UTF-32 included; a UTF-8 byte-order mark is
// allowed), a NUL byte and a CR not followed by LF, at the first such byte; nesting deeper than
// the depth limit, anchors and aliases (refused at their event, so `&x [*x]` and billion-laughs
// never expand), a quoted scalar never closed, more than one document, duplicate mapping keys,
// keys that are not scalars, and tags other than the core ones.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "domain/diagnostics.hpp"

namespace soloist {

struct YamlLimits {
    std::uintmax_t max_bytes = 4 * 1024 * 1024;
    int max_depth = 64;  // nested mappings and sequences; the top-level one is depth 1
};

// A position in a file, 1-based; line 0 when unknown.
struct Mark {
    int line = 0;
    int column = 0;
};

struct YamlDocument {
    std::filesystem::path file;
    nlohmann::json data;
    // Hashed: a file may hold hundreds of thousands of values.
    std::unordered_map<std::string, Mark> marks;      // JSON pointer -> where its value starts
    std::unordered_map<std::string, Mark> key_marks;  // JSON pointer of a mapping entry -> where its key starts

    // The mark of `pointer`, or of its nearest ancestor that has one.
    Mark mark_of(const std::string& pointer) const;
    // The mark of the key of the mapping entry `pointer`, falling back to mark_of.
    Mark key_mark_of(const std::string& pointer) const;
    // A diagnostic in this file at `pointer` (at its key when `at_key`).
    Diagnostic diagnostic(const std::string& pointer, std::string message, bool at_key = false) const;
};

// Reads and converts `file`; throws ValidationError (one diagnostic) when it is refused.
YamlDocument load_yaml(const std::filesystem::path& file, const YamlLimits& limits = {});

// The same for text already in memory; `file` only names it in diagnostics.
YamlDocument parse_yaml(const std::string& text, const std::filesystem::path& file,
                        const YamlLimits& limits = {});

// JSON pointer helpers: escape one reference token (~ -> ~0, / -> ~1), and append one.
std::string escape_pointer_token(const std::string& token);
std::string append_pointer(const std::string& pointer, const std::string& token);

}  // namespace soloist
