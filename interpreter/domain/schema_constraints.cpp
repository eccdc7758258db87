#include "domain/schema_constraints.hpp"

#include <cstdio>
#include <optional>
#include <unordered_map>

namespace soloist::schema_internal {

std::unique_ptr<re2::RE2> compile_pattern(const std::string& pattern) {
    re2::RE2::Options options;
    options.set_log_errors(false);
    options.set_max_mem(kPatternMemory);
    options.set_never_capture(true);
    return std::make_unique<re2::RE2>(pattern, options);
}

namespace {

// canonical(), appended to `out`.
void append_canonical(const Adapter& value, std::string& out) {
    if (value.isNull()) {
        out += 'n';
    } else if (value.isBool()) {
        out += value.asBool() ? 't' : 'f';
    } else if (value.isNumber()) {
        double number = value.getNumber();
        if (number == 0) number = 0;  // -0 equals 0
        char text[40];
        std::snprintf(text, sizeof text, "#%.17g;", number);
        out += text;
    } else if (value.isString()) {
        const std::string s = value.asString();
        out += 's' + std::to_string(s.size()) + ':' + s;
    } else if (value.isArray()) {
        out += '[';
        value.applyToArray([&](const Adapter& item) {
            append_canonical(item, out);
            return true;
        });
        out += ']';
    } else if (value.isObject()) {
        out += '{';
        value.applyToObject([&](const std::string& name, const Adapter& member) {
            out += std::to_string(name.size()) + ':' + name;
            append_canonical(member, out);
            return true;
        });
        out += '}';
    }
}

}  // namespace

std::string canonical(const Adapter& value) {
    std::string out;
    append_canonical(value, out);
    return out;
}

valijson::Validator strict_validator() { return valijson::Validator(valijson::Validator::kStrongTypes); }

namespace {

// Checks member `name` of an object (at `context`) against `schema` with a validation of its
// own, and reports its errors below the member, as valijson would have.
bool check_member(const valijson::Subschema& schema, const std::string& name, const Adapter& value,
                  const std::vector<std::string>& context, valijson::ValidationResults* results) {
    const auto* json_value = dynamic_cast<const NlohmannJsonAdapter*>(&value);
    if (!json_value) throw std::logic_error("a member to check is not JSON");
    valijson::Validator validator = strict_validator();
    if (!results) return validator.validate(schema, *json_value, nullptr);
    valijson::ValidationResults inner;
    const bool valid = validator.validate(schema, *json_value, &inner);
    for (const auto& error : inner) {  // its context starts with "<root>", the member itself
        std::vector<std::string> where = context;
        where.push_back("[" + name + "]");
        where.insert(where.end(), error.context.begin() + 1, error.context.end());
        results->pushError(where, error.description);
    }
    return valid;
}

std::string too_long_to_match(const std::string& what, std::size_t bytes) {
    return what + " of " + std::to_string(bytes) + " bytes is too long to check against a pattern; at most " +
           std::to_string(kMaxPatternText) + " bytes are checked.";
}

}  // namespace

bool PatternCheck::validate(const Adapter& target, const std::vector<std::string>& context,
                            valijson::ValidationResults* results) const {
    if (!target.isString()) return true;
    const std::string text = target.asString();
    if (text.size() > kMaxPatternText) {
        if (results) results->pushError(context, too_long_to_match("Text", text.size()));
        return false;
    }
    if (re2::RE2::PartialMatch(text, *regex_)) return true;
    // valijson's own words, which the Describer turns into plain ones.
    if (results) results->pushError(context, "Failed to match regex specified by 'pattern' constraint.");
    return false;
}

bool MembersCheck::validate(const Adapter& target, const std::vector<std::string>& context,
                            valijson::ValidationResults* results) const {
    if (!target.isObject()) return true;
    bool valid = true;
    std::optional<std::string> first_unknown;
    target.applyToObject([&](const std::string& name, const Adapter& value) {
        if (name.size() > kMaxPatternText) {
            valid = false;
            if (results) results->pushError(context, too_long_to_match("The name of a field", name.size()));
            return results != nullptr;
        }
        bool matched = rule_->named.count(name) > 0;
        for (std::size_t i = 0; i < rule_->patterns.size(); ++i) {
            if (!re2::RE2::PartialMatch(name, *rule_->patterns[i])) continue;
            matched = true;
            if (!check_member(*rule_->pattern_schemas[i], name, value, context, results)) {
                valid = false;
                if (!results) return false;
            }
        }
        if (matched || rule_->others == MemberRule::Others::allowed) return true;
        if (rule_->others == MemberRule::Others::checked) {
            if (check_member(*rule_->others_schema, name, value, context, results)) return true;
        } else if (!first_unknown) {
            first_unknown = name;
        }
        valid = false;
        return results != nullptr;
    });
    // As valijson words it: it names the first unknown field, the Describer each of them.
    if (first_unknown && results)
        results->pushError(context, "Object contains a property that could not be validated using 'properties' "
                                    "or 'additionalProperties' constraints: '" + *first_unknown + "'.");
    return valid;
}

bool EnumCheck::validate(const Adapter& target, const std::vector<std::string>& context,
                         valijson::ValidationResults* results) const {
    if (allowed_->count(canonical(target))) return true;
    if (results) results->pushError(context, "Failed to match against any enum values.");
    return false;
}

bool UniqueItemsCheck::validate(const Adapter& target, const std::vector<std::string>& context,
                                valijson::ValidationResults* results) const {
    if (!target.isArray()) return true;
    std::unordered_map<std::string, std::size_t> first_index;
    std::size_t index = 0;
    bool valid = true;
    target.applyToArray([&](const Adapter& item) {
        const auto [first, fresh] = first_index.try_emplace(canonical(item), index);
        if (!fresh) {
            valid = false;
            if (!results) return false;
            results->pushError(context, "Elements at indexes #" + std::to_string(first->second) + " and #" +
                                            std::to_string(index) + " violate uniqueness constraint.");
        }
        ++index;
        return true;
    });
    return valid;
}

}  // namespace soloist::schema_internal
