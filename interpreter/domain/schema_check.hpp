#pragma once
// Checks YAML documents against JSON Schemas (draft 7) that are themselves written in YAML.
//
// Every violation is reported as a Diagnostic with file:line:column, the JSON pointer and what
// was expected, in plain words. `$ref` may name another schema file; its path is relative to
// the folder of the schema being checked against (`$id` is not supported).
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

// Every violation of `schema` in `doc`, in file order. Schemas are parsed once per path and
// cached (reloaded if the file changes). Throws ValidationError if the schema cannot be loaded.
std::vector<Diagnostic> check_schema(const YamlDocument& doc, const std::filesystem::path& schema);

// Finds the data of a component named in an `x-soloist-ref`; nullptr when there is none.
using ComponentLookup = std::function<const nlohmann::json*(const std::string& component)>;

// Every value of `doc` whose schema declares an `x-soloist-ref` and that names no entry of the
// referenced component: "unknown card 'c13' (did you mean 'c12'?)".
std::vector<Diagnostic> check_references(const YamlDocument& doc, const std::filesystem::path& schema,
                                         const ComponentLookup& lookup);

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
