#pragma once
// Checks YAML documents against JSON Schemas (draft 7) that are themselves written in YAML.
//
// Every violation is reported as a Diagnostic with file:line:column, the JSON pointer and what
// was expected, in plain words; at most kMaxDiagnosticsPerFile of them, then one line that counts
// the rest. `$ref` may name another schema file; its path is relative to the folder of the
// schema being checked against (`$id` is not supported), and its real path (links followed) must
// lie inside the folders the caller allows.
//
// Schemas come from strangers too. `pattern` and `patternProperties` are checked with RE2, in
// time linear in the text (valijson's own checks use std::regex, which backtracks): a pattern
// RE2 cannot compile (lookaround, backreferences) is refused when the schema loads, and a text
// over 64 KiB is not checked against a pattern but reported. `enum` and `uniqueItems` compare
// values by hash, not each with every other. `format` is an annotation, as draft 7 allows. A
// schema that would send valijson round a loop ($refs, allOf, ... back to the same value) or
// nest past its stack is refused when it loads.
//
// Cross-file references: a schema may mark a string (or integer) value with
//   x-soloist-ref: <component>/<JSON pointer to a list of entries>/<field>
// e.g. `x-soloist-ref: cards/cards/id` on the items of a deck's `cards` list: each value must
// equal the `id` of one entry of the list at /cards in the component `cards`.
// check_references() checks these after schema validation.

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/diagnostics.hpp"
#include "domain/yaml_json.hpp"

namespace soloist {

// The folders a schema and the files its `$ref`s name must really lie in (their real paths are
// compared, links followed). Empty: the schema's own folder. A bot's component schemas get the
// bot's folder and the library's schemas folder.
using SchemaFolders = std::vector<std::filesystem::path>;

// Every violation of `schema` in `doc`, in file order. Schemas are parsed once per path and
// allowed folders, and cached (reloaded if the file changes). Throws ValidationError if the
// schema cannot be loaded.
std::vector<Diagnostic> check_schema(const YamlDocument& doc, const std::filesystem::path& schema,
                                     const SchemaFolders& allowed = {});

// Finds the data of a component named in an `x-soloist-ref`; nullptr when there is none.
using ComponentLookup = std::function<const nlohmann::json*(const std::string& component)>;

// Every value of `doc` whose schema declares an `x-soloist-ref` and that names no entry of the
// referenced component: "unknown card 'c13' (did you mean 'c12'?)".
std::vector<Diagnostic> check_references(const YamlDocument& doc, const std::filesystem::path& schema,
                                         const ComponentLookup& lookup, const SchemaFolders& allowed = {});

// load_yaml() then check_schema(); throws ValidationError with every diagnostic.
YamlDocument load_checked_document(const std::filesystem::path& file, const std::filesystem::path& schema);
nlohmann::json load_checked(const std::filesystem::path& file, const std::filesystem::path& schema);

// The library's component schemas: <name> for each schemas_dir/<name>.schema.yaml, less the
// schemas of bot manifests, scenarios, house rules and shared definitions. Sorted.
std::vector<std::string> library_schema_names(const std::filesystem::path& schemas_dir);

// schemas_dir/<name>.schema.yaml; throws UsageError ("unknown schema 'dek' (did you mean
// 'deck'?); library schemas: ...") when `name` is not one of library_schema_names().
std::filesystem::path library_schema(const std::string& name, const std::filesystem::path& schemas_dir);

}  // namespace soloist
