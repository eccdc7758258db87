#pragma once
// Internal to the schema checks: Soloist's own valijson constraints, with RE2 and by hash.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include <re2/re2.h>
// Without this, valijson calls abort() on a schema it cannot compile: a stranger's schema with
// `type: 5` would end the process instead of being reported.
#define VALIJSON_USE_EXCEPTIONS 1
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/constraint_builder.hpp>
#include <valijson/constraints/concrete_constraints.hpp>
#include <valijson/schema.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace soloist::schema_internal {

// ---------------------------------------------------------------------------------------------
// Limits: a bot's schemas come from strangers, as its data does

constexpr std::size_t kMaxPatternText = 64 * 1024;  // the longest text checked against a pattern
constexpr int64_t kPatternMemory = 8 << 20;         // RE2's memory for one compiled pattern
constexpr std::size_t kMaxRefLength = 1024;
// Each name of a mapping is matched against each pattern of its schema's patternProperties.
constexpr std::size_t kMaxPatternsPerSchema = 64;
// valijson checks a value against the schemas applied to it ($ref, allOf, anyOf, oneOf, not,
// if/then/else, dependencies) by recursion, once more for each level of the data; and it
// compiles nested schemas by recursion. These keep both well inside the stack.
constexpr std::size_t kMaxChainOnOneValue = 16;
constexpr std::size_t kMaxNesting = 256;

// The keywords of Soloist's own constraints in the document valijson compiles. The schema's
// author never sets them: the rewrite removes any a schema holds.
constexpr const char* kPatternKeyword = "x-soloist-pattern";
constexpr const char* kMembersKeyword = "x-soloist-members";
constexpr const char* kEnumKeyword = "x-soloist-enum";
constexpr const char* kUniqueKeyword = "x-soloist-unique-items";

std::unique_ptr<re2::RE2> compile_pattern(const std::string& pattern);

using valijson::adapters::Adapter;
using valijson::adapters::NlohmannJsonAdapter;

// A text that two values share exactly when valijson's strict comparison finds them equal
// (numbers by value, as doubles; objects whatever the order of their members): enum and
// uniqueItems then take one hash lookup per value, not a comparison with every other.
std::string canonical(const Adapter& value);

// What an object schema with `patternProperties` says of its members. valijson's own check
// runs std::regex on every name, so such a schema's patternProperties and additionalProperties
// are checked here; its `properties` are still valijson's.
struct MemberRule {
    std::set<std::string> named;            // `properties`
    std::vector<const re2::RE2*> patterns;  // `patternProperties`, in order
    enum class Others { allowed, refused, checked } others = Others::allowed;  // `additionalProperties`
    std::vector<std::size_t> pattern_slots;  // where the schemas of the patterns are compiled
    std::size_t others_slot = 0;             // and that of additionalProperties, when `checked`
    std::vector<const valijson::Subschema*> pattern_schemas;  // once compiled
    const valijson::Subschema* others_schema = nullptr;
};

using ValueSet = std::unordered_set<std::string>;  // canonical texts

// valijson's strict type checks, so that '3' is not an integer.
valijson::Validator strict_validator();

// The base of Soloist's constraints: valijson copies a constraint into the schema it builds.
template <class Check>
class SoloistConstraint : public valijson::constraints::PolyConstraint {
private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) Check(static_cast<const Check&>(*this));
    }
    std::size_t sizeOf() const override { return sizeof(Check); }
};

// `pattern`, with RE2.
class PatternCheck : public SoloistConstraint<PatternCheck> {
public:
    explicit PatternCheck(const re2::RE2& regex) : regex_(&regex) {}

    bool validate(const Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override;

private:
    const re2::RE2* regex_;
};

// `patternProperties` with `additionalProperties`, with RE2 (see MemberRule).
class MembersCheck : public SoloistConstraint<MembersCheck> {
public:
    explicit MembersCheck(const MemberRule& rule) : rule_(&rule) {}

    bool validate(const Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override;

private:
    const MemberRule* rule_;
};

// `enum`, by hash: valijson compares each value with every allowed one.
class EnumCheck : public SoloistConstraint<EnumCheck> {
public:
    explicit EnumCheck(const ValueSet& allowed) : allowed_(&allowed) {}

    bool validate(const Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override;

private:
    const ValueSet* allowed_;
};

// `uniqueItems: true`, by hash: valijson compares every pair of items, and reports each pair.
class UniqueItemsCheck : public SoloistConstraint<UniqueItemsCheck> {
public:
    bool validate(const Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override;
};

// Makes a constraint from its keyword's value: the index of what it checks in a table of the
// compiled schema.
template <class Check, class Table>
class TableBuilder : public valijson::ConstraintBuilder {
public:
    explicit TableBuilder(const Table& table) : table_(table) {}

    valijson::constraints::Constraint* make(const Adapter& value) const override {
        int64_t index = -1;
        if (!value.getInteger(index) || index < 0 || static_cast<std::size_t>(index) >= table_.size())
            throw std::runtime_error("a keyword of Soloist's own holds a bad index");
        return new Check(*table_[static_cast<std::size_t>(index)]);
    }

private:
    const Table& table_;
};

class UniqueItemsBuilder : public valijson::ConstraintBuilder {
public:
    valijson::constraints::Constraint* make(const Adapter&) const override { return new UniqueItemsCheck(); }
};

}  // namespace soloist::schema_internal
