#include "domain/schema_check.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "domain/schema_compile.hpp"
#include "domain/schema_constraints.hpp"

namespace soloist {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

using schema_internal::compile_pattern;
using schema_internal::compiled;
using schema_internal::CompiledSchema;
using schema_internal::decoded_fragment;
using schema_internal::kMaxPatternText;
using schema_internal::NlohmannJsonAdapter;
using schema_internal::strict_validator;

// The value a JSON pointer from a bot's schema names (a $ref's fragment, an x-soloist-ref's
// list), or nullptr. nlohmann's contains() does not only answer: it throws on some pointers it
// cannot follow (an empty token into an array), and those name nothing either.
const json* value_at(const json& root, const std::string& pointer) {
    try {
        const json::json_pointer at(pointer);
        return root.contains(at) ? &root.at(at) : nullptr;
    } catch (const json::exception&) {
        return nullptr;
    }
}

// ---------------------------------------------------------------------------------------------
// Walking a schema alongside a document, to find the subschemas that apply to a value

struct SchemaAt {
    const json* node;
    const std::string* document;  // key into CompiledSchema::documents, for local $refs
};

class SchemaWalker {
public:
    explicit SchemaWalker(const CompiledSchema& c) : c_(c) {}

    std::vector<SchemaAt> root() const {
        std::vector<SchemaAt> out;
        expand({c_.documents.at(""), &c_.documents.find("")->first}, out, 0);
        return out;
    }

    // The subschemas that apply to member `token` of `parent`, given those that apply to `parent`.
    std::vector<SchemaAt> child(const std::vector<SchemaAt>& parents, const json& parent,
                                const std::string& token) const {
        std::vector<SchemaAt> out;
        for (const SchemaAt& p : parents) {
            const json& s = *p.node;
            if (parent.is_object()) {
                bool matched = false;
                if (auto props = s.find("properties"); props != s.end() && props->is_object()) {
                    if (auto it = props->find(token); it != props->end()) {
                        expand({&*it, p.document}, out, 0);
                        matched = true;
                    }
                }
                if (auto patterns = s.find("patternProperties"); patterns != s.end() && patterns->is_object()) {
                    for (auto it = patterns->begin(); it != patterns->end(); ++it) {
                        if (matches(it.key(), token)) {
                            expand({&it.value(), p.document}, out, 0);
                            matched = true;
                        }
                    }
                }
                if (auto extra = s.find("additionalProperties"); !matched && extra != s.end() && extra->is_object())
                    expand({&*extra, p.document}, out, 0);
            } else if (parent.is_array()) {
                const std::size_t index = std::stoul(token);
                auto items = s.find("items");
                if (items == s.end()) continue;
                if (items->is_object()) {
                    expand({&*items, p.document}, out, 0);
                } else if (items->is_array() && index < items->size()) {
                    expand({&(*items)[index], p.document}, out, 0);
                } else if (auto extra = s.find("additionalItems"); extra != s.end() && extra->is_object()) {
                    expand({&*extra, p.document}, out, 0);
                }
            }
        }
        return out;
    }

    // The subschemas that apply to the value at `pointer` in `data`.
    std::vector<SchemaAt> at(const json& data, const std::string& pointer) const {
        std::vector<SchemaAt> schemas = root();
        const json* value = &data;
        for (const std::string& token : split_pointer(pointer)) {
            if (!value || schemas.empty()) return {};
            schemas = child(schemas, *value, token);
            value = member(*value, token);
        }
        return schemas;
    }

    // Whether `text` matches a patternProperties pattern, with RE2 as MembersCheck does.
    bool matches(const std::string& pattern, const std::string& text) const {
        auto it = regexes_.find(pattern);
        if (it == regexes_.end()) it = regexes_.emplace(pattern, compile_pattern(pattern)).first;
        // An invalid pattern was refused when the schema loaded; a name too long to check is
        // reported by MembersCheck.
        return it->second->ok() && text.size() <= kMaxPatternText && re2::RE2::PartialMatch(text, *it->second);
    }

    // "/a~1b/0" -> {"a/b", "0"}
    static std::vector<std::string> split_pointer(const std::string& pointer) {
        std::vector<std::string> tokens;
        for (std::size_t i = 0; i < pointer.size(); ++i) {
            if (pointer[i] == '/') tokens.emplace_back();
            else if (pointer[i] == '~' && i + 1 < pointer.size()) tokens.back() += pointer[++i] == '1' ? '/' : '~';
            else tokens.back() += pointer[i];
        }
        return tokens;
    }

    // The value at `pointer` in `data`; nullptr when there is none.
    static const json* member_at(const json& data, const std::string& pointer) {
        const json* value = &data;
        for (const std::string& token : split_pointer(pointer)) {
            value = member(*value, token);
            if (!value) return nullptr;
        }
        return value;
    }

    static const json* member(const json& value, const std::string& token) {
        if (value.is_object()) {
            auto it = value.find(token);
            return it == value.end() ? nullptr : &*it;
        }
        if (value.is_array()) {
            const std::size_t i = std::stoul(token);
            return i < value.size() ? &value[i] : nullptr;
        }
        return nullptr;
    }

private:
    // Adds `s` and the schemas it pulls in: its $ref target, and the branches of allOf, anyOf,
    // oneOf, then and else (the walker does not decide which branch applies).
    void expand(SchemaAt s, std::vector<SchemaAt>& out, int depth) const {
        if (depth > 32 || !s.node->is_object()) return;  // a $ref loop, or a boolean schema
        const json& node = *s.node;
        if (auto ref = node.find("$ref"); ref != node.end() && ref->is_string()) {
            if (auto target = resolve(ref->get<std::string>(), *s.document)) expand(*target, out, depth + 1);
            return;
        }
        if (std::none_of(out.begin(), out.end(), [&](const SchemaAt& o) { return o.node == s.node; }))
            out.push_back(s);
        for (const char* key : {"allOf", "anyOf", "oneOf"})
            if (auto branches = node.find(key); branches != node.end() && branches->is_array())
                for (const json& branch : *branches) expand({&branch, s.document}, out, depth + 1);
        for (const char* key : {"then", "else"})
            if (auto branch = node.find(key); branch != node.end()) expand({&*branch, s.document}, out, depth + 1);
    }

    std::optional<SchemaAt> resolve(const std::string& ref, const std::string& document) const {
        const auto hash = ref.find('#');
        const std::string uri = ref.substr(0, hash);
        const auto doc = c_.documents.find(uri.empty() ? document : uri);
        if (doc == c_.documents.end()) return std::nullopt;
        const auto pointer = decoded_fragment(hash == std::string::npos ? "" : ref.substr(hash + 1));
        if (!pointer) return std::nullopt;
        const json* at = value_at(*doc->second, *pointer);
        if (!at) return std::nullopt;
        return SchemaAt{at, &doc->first};
    }

    const CompiledSchema& c_;
    mutable std::map<std::string, std::unique_ptr<re2::RE2>> regexes_;
};

// ---------------------------------------------------------------------------------------------
// Turning valijson's results into diagnostics

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

enum class Kind {
    Required, Unknown, Enum, Const, Type, Pattern, Minimum, Maximum, Items, Length,
    Branch,         // "Failed to validate against child schema #i": ends branch i of an anyOf
    NoAlternative,  // an anyOf / oneOf none of whose branches fit
    Wrapper,        // repeats what the errors inside it say
    Worded,         // already in plain words
    UnknownField,   // one field of an Unknown mapping: the pointer is the field's, the description its name
    Other,
};

struct Issue {
    std::string pointer;
    std::string description;
    Kind kind = Kind::Other;
};

Kind classify(const std::string& d) {
    static const std::vector<std::pair<std::string, Kind>> prefixes = {
        {"Missing required property", Kind::Required},
        {"Object contains a property that could not be validated", Kind::Unknown},
        {"Failed to match against any enum values", Kind::Enum},
        {"Failed to match expected value set by 'const'", Kind::Const},
        {"Value type not permitted", Kind::Type},
        {"Failed to match regex", Kind::Pattern},
        {"Expected number greater than", Kind::Minimum},
        {"Expected number less than", Kind::Maximum},
        {"Array should contain no", Kind::Items},
        {"String should be no", Kind::Length},
        {"Failed to validate against child schema #", Kind::Branch},
        {"Failed to validate against any schemas allowed by anyOf", Kind::NoAlternative},
        {"Failed to validate against any child schemas allowed by oneOf", Kind::NoAlternative},
        {"Failed to validate item #", Kind::Wrapper},
        {"Failed to validate against schema associated with", Kind::Wrapper},
        {"Failed to validate against additional properties schema", Kind::Wrapper},
        {"Failed to validate against a conditional schema", Kind::Wrapper},
        {"Failed to validate against dependent schema", Kind::Wrapper},
    };
    for (const auto& [prefix, kind] : prefixes)
        if (starts_with(d, prefix)) return kind;
    return Kind::Other;
}

bool within(const std::string& pointer, const std::string& ancestor) {
    return pointer == ancestor || starts_with(pointer, ancestor + "/");
}

// "Missing required property 'x'." -> "'x'"
std::string quoted_part(const std::string& description) {
    const auto q = description.find('\'');
    return q == std::string::npos ? description : description.substr(q, description.rfind('\'') - q + 1);
}

// "a, b or c"
std::string join_or(std::vector<std::string> words) {
    const std::string last = words.back();
    words.pop_back();
    return words.empty() ? last : join(words) + " or " + last;
}

// Replaces the errors of an anyOf / oneOf at `at` (the tail of `out`) by the most useful ones:
// the errors of the branches whose type fits, or of the fitting branch with the fewest errors;
// or, when no branch's type fits, one NoAlternative issue that lists the types.
void reduce_alternatives(std::vector<Issue>& out, const Issue& at) {
    std::size_t start = out.size();
    while (start > 0 && within(out[start - 1].pointer, at.pointer)) --start;
    // valijson pushes each failing branch's errors, then "child schema #i" at `at`.
    std::vector<std::vector<Issue>> branches(1);
    for (std::size_t i = start; i < out.size(); ++i) {
        if (out[i].kind == Kind::Branch && out[i].pointer == at.pointer) branches.emplace_back();
        else branches.back().push_back(out[i]);
    }
    if (branches.back().empty()) branches.pop_back();  // the tail after the last branch marker
    out.resize(start);

    std::vector<const std::vector<Issue>*> fitting;
    for (const auto& branch : branches) {
        const bool wrong_type = std::any_of(branch.begin(), branch.end(), [&](const Issue& i) {
            return (i.kind == Kind::Type || i.kind == Kind::NoAlternative) && i.pointer == at.pointer;
        });
        if (!wrong_type && !branch.empty()) fitting.push_back(&branch);
    }
    if (fitting.empty()) {
        out.push_back(Issue{at.pointer, at.description, Kind::NoAlternative});
        return;
    }
    // Branches that differ only in the fields they require: say which fields would do.
    const bool only_required = std::all_of(fitting.begin(), fitting.end(), [&](const auto* branch) {
        return std::all_of(branch->begin(), branch->end(), [&](const Issue& i) {
            return i.kind == Kind::Required && i.pointer == at.pointer;
        });
    });
    if (only_required && fitting.size() > 1) {
        std::vector<std::string> options;
        for (const auto* branch : fitting) {
            std::vector<std::string> fields;
            for (const Issue& i : *branch) fields.push_back(quoted_part(i.description));
            options.push_back(join(fields, " and "));
        }
        out.push_back(Issue{at.pointer, "missing a required field: " + join_or(options), Kind::Worded});
        return;
    }
    const auto* best = *std::min_element(fitting.begin(), fitting.end(),
                                         [](const auto* a, const auto* b) { return a->size() < b->size(); });
    out.insert(out.end(), best->begin(), best->end());
}

std::vector<Issue> reduce(const valijson::ValidationResults& results) {
    std::vector<Issue> out;
    for (const auto& error : results) {
        Issue issue;
        // The context is "<root>" then one "[name]" or "[index]" per level.
        for (std::size_t i = 1; i < error.context.size(); ++i) {
            const std::string& c = error.context[i];
            issue.pointer = append_pointer(issue.pointer, c.size() >= 2 ? c.substr(1, c.size() - 2) : c);
        }
        issue.description = error.description;
        issue.kind = classify(error.description);
        if (issue.kind == Kind::Wrapper) continue;
        if (issue.kind == Kind::NoAlternative) reduce_alternatives(out, issue);
        else out.push_back(std::move(issue));
    }
    std::erase_if(out, [](const Issue& i) { return i.kind == Kind::Branch; });  // allOf's markers
    return out;
}

std::string type_word(const std::string& type) {
    if (type == "object") return "mapping";
    if (type == "array") return "list";
    return type;
}

std::string shown(const json& v) {
    if (v.is_string()) return "'" + clipped(v.get<std::string>(), 40) + "'";
    return clipped(v.dump(), 80);  // a list or mapping may be the whole file
}

// A list of names in a message: the first 40, then how many there are in all (a bot's schema may
// list thousands, and a message repeats them for each problem).
std::string listed(const std::vector<std::string>& names, const std::string& separator = ", ") {
    constexpr std::size_t most = 40;
    if (names.size() <= most) return join(names, separator);
    const std::vector<std::string> first(names.begin(), names.begin() + most);
    return join(first, separator) + separator + "... (" + std::to_string(names.size()) + " in all)";
}

// A name from a bot in a message.
std::string quoted_name(const std::string& name) { return "'" + clipped(name, 80) + "'"; }

// A problem placed in its file, worded only when it is among those reported: sorting a file's
// problems needs their places only, while wording one walks the schema and may search for a
// did-you-mean among thousands of names.
struct Finding {
    Mark mark;
    Issue issue;
    bool at_key = false;
};

// The first kMaxDiagnosticsPerFile findings of `doc` in file order, worded, without repeats;
// then a line that counts the rest. O(n log n) in the findings.
template <class Word>
std::vector<Diagnostic> report_first(const YamlDocument& doc, const std::vector<Finding>& findings, Word word) {
    std::vector<const Finding*> order;
    order.reserve(findings.size());
    for (const Finding& f : findings) order.push_back(&f);
    std::stable_sort(order.begin(), order.end(), [](const Finding* a, const Finding* b) {
        return std::tie(a->mark.line, a->mark.column) < std::tie(b->mark.line, b->mark.column);
    });
    // The same problem may be found twice (two subschemas that refuse the same unknown field).
    auto hash = [](const Issue* i) {
        return std::hash<std::string>()(i->pointer) ^ (std::hash<std::string>()(i->description) * 31) ^ static_cast<std::size_t>(i->kind);
    };
    auto same = [](const Issue* a, const Issue* b) {
        return a->kind == b->kind && a->pointer == b->pointer && a->description == b->description;
    };
    std::unordered_set<const Issue*, decltype(hash), decltype(same)> issues_seen(findings.size(), hash, same);
    std::unordered_set<std::string> messages_seen;
    std::vector<Diagnostic> out;
    std::size_t more = 0;
    for (const Finding* f : order) {
        if (!issues_seen.insert(&f->issue).second) continue;
        if (out.size() >= kMaxDiagnosticsPerFile) {
            ++more;
            continue;
        }
        Diagnostic d = word(*f);
        if (messages_seen.insert(d.path + '\0' + d.message).second) out.push_back(std::move(d));
    }
    if (more > 0) out.push_back(more_problems(doc.file.string(), more));
    return out;
}

std::string described(const json& v) {
    switch (v.type()) {
        case json::value_t::null: return "nothing (null)";
        case json::value_t::boolean: return "boolean " + v.dump();
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: return "integer " + v.dump();
        case json::value_t::number_float: return "number " + v.dump();
        case json::value_t::string: return "string " + shown(v);
        case json::value_t::array: return "a list";
        case json::value_t::object: return "a mapping";
        default: return v.dump();
    }
}

// A hint for the usual YAML typing surprises.
std::string type_hint(const std::vector<std::string>& expected, const json& v) {
    auto wants = [&](const char* t) { return std::find(expected.begin(), expected.end(), t) != expected.end(); };
    const bool numbers = wants("integer") || wants("number");
    if (wants("string") && !numbers && (v.is_number() || v.is_boolean())) return " (put it in quotes to make it a string)";
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (numbers && json::parse(s, nullptr, false).is_number())
            return " (remove the quotes to make it a number)";
        if (wants("boolean") && (s == "yes" || s == "no" || s == "on" || s == "off" || s == "y" || s == "n"))
            return " (write true or false)";
    }
    return "";
}

// A schema's bound as written: 1.0 prints as 1.
std::string number_text(const json& n) {
    if (!n.is_number_float()) return n.dump();
    const double d = n.get<double>();
    return std::trunc(d) == d && std::fabs(d) < 1e15 ? std::to_string(static_cast<long long>(d)) : n.dump();
}

std::string plural(std::size_t n, const std::string& word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// Places issues in the file and words them.
class Describer {
public:
    Describer(const YamlDocument& doc, const SchemaWalker& walker) : doc_(doc), walker_(walker) {}

    // Each issue at its place. valijson names only the first unknown field of a mapping: each
    // one becomes a finding of its own, at its key.
    std::vector<Finding> locate(const std::vector<Issue>& issues) const {
        std::vector<Finding> findings;
        for (const Issue& issue : issues) {
            if (issue.kind != Kind::Unknown) {
                findings.push_back(Finding{doc_.mark_of(issue.pointer), issue});
                continue;
            }
            const json* object = value_at(issue.pointer);
            const Fields fields = fields_at(issue.pointer);
            bool any = false;
            if (object && object->is_object())
                for (auto it = object->begin(); it != object->end(); ++it) {
                    if (fields.allow(it.key(), walker_)) continue;
                    any = true;
                    add_unknown(findings, issue.pointer, it.key());
                }
            if (!any) {  // the walker could not follow the schema: the field valijson names
                const auto q = issue.description.find('\'', issue.description.find("constraints:"));
                add_unknown(findings, issue.pointer, issue.description.substr(q + 1, issue.description.rfind('\'') - q - 1));
            }
        }
        return findings;
    }

    // One diagnostic for one finding.
    Diagnostic describe(const Finding& finding) const {
        const Issue& issue = finding.issue;
        const json* value = value_at(issue.pointer);
        const json& v = value ? *value : null_;
        auto diagnostic = [&](std::string message) { return doc_.diagnostic(issue.pointer, std::move(message), finding.at_key); };
        if (issue.kind == Kind::UnknownField) return diagnostic(unknown_field(issue));
        const auto schemas = walker_.at(doc_.data, issue.pointer);
        auto first = [&](const char* keyword) -> const json* {
            for (const SchemaAt& s : schemas)
                if (auto it = s.node->find(keyword); it != s.node->end()) return &*it;
            return nullptr;
        };

        switch (issue.kind) {
            case Kind::Required:
                return diagnostic("missing required field " + quoted_part(issue.description));
            case Kind::Enum: {
                std::vector<std::string> allowed, names;
                for (const SchemaAt& s : schemas)
                    if (auto e = s.node->find("enum"); e != s.node->end() && e->is_array())
                        for (const json& a : *e) {
                            allowed.push_back(a.is_string() ? a.get<std::string>() : a.dump());
                            if (a.is_string()) names.push_back(a.get<std::string>());
                        }
                return diagnostic(shown(v) + " is not allowed" + (v.is_string() ? did_you_mean(v.get<std::string>(), names) : "") +
                                  "; expected one of: " + listed(allowed));
            }
            case Kind::Const:
                if (const json* c = first("const")) return diagnostic("expected " + shown(*c) + ", got " + described(v));
                break;
            case Kind::Type:
            case Kind::NoAlternative: {
                std::vector<std::string> types;
                for (const SchemaAt& s : schemas) {
                    auto t = s.node->find("type");
                    if (t == s.node->end()) continue;
                    for (const json& one : t->is_array() ? *t : json::array({*t})) {
                        const std::string type = one.is_string() ? one.get<std::string>() : "";
                        if (!type.empty() && std::find(types.begin(), types.end(), type) == types.end())
                            types.push_back(type);
                    }
                }
                if (types.empty()) return diagnostic("does not match any of the allowed forms; got " + described(v));
                std::vector<std::string> words;
                for (const auto& t : types) words.push_back(type_word(t));
                return diagnostic("expected " + join_or(words) + ", got " + described(v) + type_hint(types, v));
            }
            case Kind::Pattern:
                if (const json* p = first("pattern"); p && p->is_string())
                    return diagnostic(shown(v) + " does not match the pattern " + p->get<std::string>());
                break;
            case Kind::Minimum:
                if (const json* m = first("minimum")) return diagnostic("expected at least " + number_text(*m) + ", got " + v.dump());
                if (const json* m = first("exclusiveMinimum")) return diagnostic("expected more than " + number_text(*m) + ", got " + v.dump());
                break;
            case Kind::Maximum:
                if (const json* m = first("maximum")) return diagnostic("expected at most " + number_text(*m) + ", got " + v.dump());
                if (const json* m = first("exclusiveMaximum")) return diagnostic("expected less than " + number_text(*m) + ", got " + v.dump());
                break;
            case Kind::Items:
            case Kind::Length: {
                const bool items = issue.kind == Kind::Items;
                const std::string unit = items ? "item" : "character";
                const std::size_t got = items ? v.size() : (v.is_string() ? v.get<std::string>().size() : 0);
                const json* least = first(items ? "minItems" : "minLength");
                const json* most = first(items ? "maxItems" : "maxLength");
                if (least && got < least->get<std::size_t>())
                    return diagnostic("expected at least " + plural(least->get<std::size_t>(), unit) + ", got " + std::to_string(got));
                if (most && got > most->get<std::size_t>())
                    return diagnostic("expected at most " + plural(most->get<std::size_t>(), unit) + ", got " + std::to_string(got));
                break;
            }
            case Kind::Worded:
                return diagnostic(issue.description);
            default:
                break;
        }
        // Anything else: valijson's own words, as a sentence fragment.
        std::string message = issue.description;
        if (!message.empty() && message.back() == '.') message.pop_back();
        if (!message.empty())
            message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
        return diagnostic(message);
    }

private:
    // The fields a mapping's schemas name, and the patterns of the others.
    struct Fields {
        std::set<std::string> known;
        std::vector<std::string> patterns;

        bool allow(const std::string& key, const SchemaWalker& walker) const {
            return known.count(key) ||
                   std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) { return walker.matches(p, key); });
        }
    };

    Fields fields_at(const std::string& pointer) const {
        Fields fields;
        for (const SchemaAt& s : walker_.at(doc_.data, pointer)) {
            if (auto props = s.node->find("properties"); props != s.node->end() && props->is_object())
                for (auto it = props->begin(); it != props->end(); ++it) fields.known.insert(it.key());
            if (auto pats = s.node->find("patternProperties"); pats != s.node->end() && pats->is_object())
                for (auto it = pats->begin(); it != pats->end(); ++it) fields.patterns.push_back(it.key());
        }
        return fields;
    }

    void add_unknown(std::vector<Finding>& findings, const std::string& object, const std::string& key) const {
        const std::string pointer = append_pointer(object, key);
        findings.push_back(Finding{doc_.key_mark_of(pointer), Issue{pointer, key, Kind::UnknownField}, true});
    }

    std::string unknown_field(const Issue& issue) const {
        const std::string& key = issue.description;
        const Fields fields = fields_at(issue.pointer.substr(0, issue.pointer.rfind('/')));
        const std::string message = "unknown field " + quoted_name(key);
        if (fields.allow(key, walker_)) return message;  // the walker could not follow the schema
        const std::vector<std::string> known(fields.known.begin(), fields.known.end());
        std::string expected = "; expected one of: " + listed(known);
        if (known.empty()) expected = fields.patterns.empty() ? "; no fields are allowed here" : "";
        if (!fields.patterns.empty())
            expected += (known.empty() ? "; expected a name matching " : ", or a name matching ") + listed(fields.patterns, " or ");
        return message + did_you_mean(key, known) + expected;
    }

    const json* value_at(const std::string& pointer) const { return SchemaWalker::member_at(doc_.data, pointer); }

    const YamlDocument& doc_;
    const SchemaWalker& walker_;
    const json null_;
};

// ---------------------------------------------------------------------------------------------
// References

struct Reference {
    std::string component, array_pointer, field;
};

std::optional<Reference> parse_reference(const std::string& text) {
    const auto first = text.find('/');
    const auto last = text.rfind('/');
    if (first == std::string::npos || first == 0 || last <= first || last + 1 == text.size()) return std::nullopt;
    return Reference{text.substr(0, first), text.substr(first, last - first), text.substr(last + 1)};
}

// "cards" -> "card", "entries" -> "entry": the noun for one entry of the list.
std::string singular(const std::string& array_pointer) {
    std::string noun = array_pointer.substr(array_pointer.rfind('/') + 1);
    if (noun.size() > 3 && noun.ends_with("ies")) return noun.substr(0, noun.size() - 3) + "y";
    if (noun.size() > 1 && noun.ends_with("s") && !noun.ends_with("ss")) noun.pop_back();
    return noun;
}

class ReferenceChecker {
public:
    ReferenceChecker(const YamlDocument& doc, const SchemaWalker& walker, const ComponentLookup& lookup)
        : doc_(doc), walker_(walker), lookup_(lookup) {}

    void visit(const json& value, const std::string& pointer, const std::vector<SchemaAt>& schemas) {
        if (schemas.empty()) return;
        for (const SchemaAt& s : schemas)
            if (auto ref = s.node->find("x-soloist-ref"); ref != s.node->end() && ref->is_string())
                check(value, pointer, ref->get<std::string>());
        if (value.is_object())
            for (auto it = value.begin(); it != value.end(); ++it)
                visit(it.value(), append_pointer(pointer, it.key()), walker_.child(schemas, value, it.key()));
        if (value.is_array())
            for (std::size_t i = 0; i < value.size(); ++i) {
                const std::string token = std::to_string(i);
                visit(value[i], append_pointer(pointer, token), walker_.child(schemas, value, token));
            }
    }

    // The first problems in file order, worded; a reference whose component is missing is
    // said once, at its first value.
    std::vector<Diagnostic> report() const {
        return report_first(doc_, findings_, [&](const Finding& f) {
            const Target& target = targets_.at(f.issue.description);
            if (!target.problem.empty()) return doc_.diagnostic(f.issue.pointer, target.problem);
            const json& value = *SchemaWalker::member_at(doc_.data, f.issue.pointer);
            const std::string name = value.is_string() ? value.get<std::string>() : value.dump();
            const auto ref = parse_reference(f.issue.description);
            return doc_.diagnostic(f.issue.pointer, "unknown " + singular(ref->array_pointer) + " " + quoted_name(name) +
                                                        did_you_mean(name, target.names));
        });
    }

private:
    struct Target {
        std::string problem;    // why nothing can be looked up, or ""
        std::set<json> values;  // ordered as == compares: 1 and 1.0 are one value
        std::vector<std::string> names;
    };

    void check(const json& value, const std::string& pointer, const std::string& ref_text) {
        if (!value.is_string() && !value.is_number_integer()) return;  // the schema reports the type
        const Target& target = target_of(ref_text);
        if (target.problem.empty() && target.values.count(value)) return;
        Finding finding{doc_.mark_of(pointer), Issue{pointer, ref_text, Kind::Other}};
        if (target.problem.empty()) {
            findings_.push_back(std::move(finding));
            return;
        }
        // A reference that cannot be looked up is reported once, at its first value in the file.
        const auto [known, fresh] = first_problem_.try_emplace(ref_text, findings_.size());
        if (fresh) {
            findings_.push_back(std::move(finding));
        } else if (Finding& first = findings_[known->second];
                   std::tie(finding.mark.line, finding.mark.column) < std::tie(first.mark.line, first.mark.column)) {
            first = std::move(finding);
        }
    }

    const Target& target_of(const std::string& ref_text) {
        auto [it, fresh] = targets_.try_emplace(ref_text);
        Target& t = it->second;
        if (!fresh) return t;
        const auto ref = parse_reference(ref_text);
        if (!ref) {
            t.problem = "the schema's x-soloist-ref '" + ref_text + "' is malformed; expected <component>/<path to a list>/<field>";
            return t;
        }
        const json* component = lookup_(ref->component);
        const json* list = component ? value_at(*component, ref->array_pointer) : nullptr;
        if (!component) {
            t.problem = "refers to component '" + ref->component + "', which this bot does not have";
        } else if (!list || !list->is_array()) {
            t.problem = "refers to the list at " + ref->array_pointer + " of component '" + ref->component + "', which has none";
        } else {
            for (const json& entry : *list) {
                auto field = entry.is_object() ? entry.find(ref->field) : entry.end();
                if (!entry.is_object() || field == entry.end()) continue;
                t.values.insert(*field);
                t.names.push_back(field->is_string() ? field->get<std::string>() : field->dump());
            }
        }
        return t;
    }

    const YamlDocument& doc_;
    const SchemaWalker& walker_;
    const ComponentLookup& lookup_;
    std::map<std::string, Target> targets_;
    std::vector<Finding> findings_;
    std::map<std::string, std::size_t> first_problem_;  // reference -> its finding
};

}  // namespace

// ---------------------------------------------------------------------------------------------

std::vector<Diagnostic> check_schema(const YamlDocument& doc, const fs::path& schema, const SchemaFolders& allowed) {
    const auto c = compiled(schema, allowed);
    valijson::Validator validator = strict_validator();  // strong types: '3' is not an integer
    valijson::ValidationResults results;
    try {
        validator.validate(*c->root, NlohmannJsonAdapter(doc.data), &results);
    } catch (const std::exception& e) {
        throw ValidationError({Diagnostic{doc.file.string(), 0, 0, "", "cannot be checked against " + schema.string() + ": " + e.what()}});
    }

    const SchemaWalker walker(*c);
    const Describer describer(doc, walker);
    auto diagnostics = report_first(doc, describer.locate(reduce(results)), [&](const Finding& f) { return describer.describe(f); });
    sort_diagnostics(diagnostics);
    return diagnostics;
}

std::vector<Diagnostic> check_references(const YamlDocument& doc, const fs::path& schema, const ComponentLookup& lookup,
                                         const SchemaFolders& allowed) {
    const auto c = compiled(schema, allowed);
    const SchemaWalker walker(*c);
    ReferenceChecker checker(doc, walker, lookup);
    checker.visit(doc.data, "", walker.root());
    auto diagnostics = checker.report();
    sort_diagnostics(diagnostics);
    return diagnostics;
}

YamlDocument load_checked_document(const fs::path& file, const fs::path& schema) {
    YamlDocument doc = load_yaml(file);
    auto diagnostics = check_schema(doc, schema);
    if (!diagnostics.empty()) throw ValidationError(std::move(diagnostics));
    return doc;
}

json load_checked(const fs::path& file, const fs::path& schema) {
    return load_checked_document(file, schema).data;
}

std::vector<std::string> library_schema_names(const fs::path& schemas_dir) {
    static const std::set<std::string> not_components = {"bot", "scenario", "rules", "common"};
    const std::string suffix = ".schema.yaml";
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(schemas_dir, ec)) {
        const std::string file = entry.path().filename().string();
        if (file.size() <= suffix.size() || !file.ends_with(suffix)) continue;
        const std::string name = file.substr(0, file.size() - suffix.size());
        if (!not_components.count(name)) names.push_back(name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

fs::path library_schema(const std::string& name, const fs::path& schemas_dir) {
    const auto names = library_schema_names(schemas_dir);
    if (std::find(names.begin(), names.end(), name) == names.end())
        throw UsageError("unknown schema '" + name + "'" + did_you_mean(name, names) + "; library schemas: " + join(names));
    return schemas_dir / (name + ".schema.yaml");
}

}  // namespace soloist
