#pragma once
// Internal to the schema checks: compiling a schema for valijson, and the cache of compiled schemas.

#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/schema_check.hpp"
#include "domain/schema_constraints.hpp"
#include "domain/yaml_json.hpp"

namespace soloist::schema_internal {

// ---------------------------------------------------------------------------------------------
// Compiled schemas, cached by path and allowed folders

struct CompiledSchema {
    std::filesystem::path file;
    std::filesystem::file_time_type modified;
    std::deque<YamlDocument> sources;  // the schema and every file its $refs name, as written
    // The same by the URI that names them in a $ref, as written ("" for the schema itself): the
    // walker reads these.
    std::map<std::string, const nlohmann::json*> documents;
    std::vector<std::unique_ptr<re2::RE2>> patterns;
    std::vector<std::unique_ptr<MemberRule>> member_rules;
    std::vector<std::unique_ptr<ValueSet>> value_sets;
    valijson::Schema schema;  // owns every subschema
    const valijson::Subschema* root = nullptr;
};

// %-escapes decoded, then ~1 and ~0 (RFC 6901): "/a~1b/%25" -> the pointer "/a~1b/%" as kept
// in YamlDocument marks. nullopt when it is not a JSON pointer.
std::optional<std::string> decoded_fragment(const std::string& fragment);

// `file` compiled, once per path and allowed folders (again when the file changes); throws
// ValidationError when it cannot be loaded.
std::shared_ptr<const CompiledSchema> compiled(const std::filesystem::path& file, const SchemaFolders& allowed);

}  // namespace soloist::schema_internal
