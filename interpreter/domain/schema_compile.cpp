#include "domain/schema_compile.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <stdexcept>

#include <valijson/schema_parser.hpp>

namespace soloist::schema_internal {

namespace fs = std::filesystem;
using nlohmann::json;

std::optional<std::string> decoded_fragment(const std::string& fragment) {
    if (fragment.empty()) return "";
    if (fragment[0] != '/') return std::nullopt;
    std::string pointer;
    std::size_t start = 1;
    while (true) {
        const std::size_t end = std::min(fragment.find('/', start), fragment.size());
        std::string token;
        for (std::size_t i = start; i < end; ++i) {
            if (fragment[i] == '%') {
                const auto hex = [&](std::size_t k) { return k < end && std::isxdigit(static_cast<unsigned char>(fragment[k])); };
                if (!hex(i + 1) || !hex(i + 2)) return std::nullopt;
                token += static_cast<char>(std::stoi(fragment.substr(i + 1, 2), nullptr, 16));
                i += 2;
            } else if (fragment[i] == '~') {
                if (i + 1 >= end || (fragment[i + 1] != '0' && fragment[i + 1] != '1')) return std::nullopt;
                token += fragment[++i] == '1' ? '/' : '~';
            } else {
                token += fragment[i];
            }
        }
        pointer = append_pointer(pointer, token);
        if (end == fragment.size()) return pointer;
        start = end + 1;
    }
}

namespace {

// A whole number of 0 or more, written as one (valijson refuses 2.0 there, with no line).
bool is_count(const json& v) {
    return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0);
}

// Builds what valijson compiles from a schema's documents.
//
// valijson is given one document: {"anyOf": [entries], "refs": [slots]}. Each slot is a schema
// that something points at: the schema itself (slot 0), every target of a $ref, and the schemas
// of patternProperties and additionalProperties that MembersCheck runs. A $ref becomes
// "#/refs/<slot>", and the target's place holds that $ref too. So valijson resolves no URI
// (its URN check runs std::regex on it) and no pointer of the author's, and its schema cache,
// which it keys by path, never mixes two documents or two places up. Each schema is rewritten
// on the way: `pattern`, `enum`, `uniqueItems` and `patternProperties` become Soloist's own
// constraints, and `format` and `id` go.
class SchemaCompiler {
public:
    SchemaCompiler(CompiledSchema& compiled, const SchemaFolders& allowed) : c_(compiled) {
        folder_ = c_.file.parent_path().empty() ? fs::path(".") : c_.file.parent_path();
        std::error_code ec;
        for (const fs::path& folder : allowed.empty() ? SchemaFolders{folder_} : allowed)
            if (auto real = fs::canonical(folder, ec); !ec) allowed_.push_back(real);
    }

    void run() {
        load("", std::nullopt);
        if (!nodes_by_pointer_[0].count("")) refuse({0, ""}, "a schema is a mapping (or true or false); this file holds none");
        link_refs();
        move_targets_into_slots();
        check_nesting();
        build();
    }

private:
    // A place in a schema document that holds a schema.
    struct Node {
        std::size_t source;                                  // index into c_.sources
        std::string pointer;                                 // in that document, as written
        json* value;                                         // in the documents being rewritten
        std::optional<std::size_t> slot;                     // once it has one
        std::vector<std::pair<std::size_t, bool>> children;  // node, applied to the same value
        bool has_ref = false;
    };

    // Where a diagnostic about a $ref goes: its document and pointer.
    struct Place {
        std::size_t source;
        std::string pointer;
    };

    [[noreturn]] void refuse(const Place& at, const std::string& message, bool at_key = false) const {
        throw ValidationError({c_.sources[at.source].diagnostic(at.pointer, message, at_key)});
    }

    std::string allowed_text() const {
        std::vector<std::string> folders;
        for (const fs::path& f : allowed_) folders.push_back(f.string());
        return join(folders);
    }

    bool inside_allowed(const fs::path& real) const {
        return std::any_of(allowed_.begin(), allowed_.end(), [&](const fs::path& folder) {
            const fs::path relative = real.lexically_relative(folder);
            return !relative.empty() && *relative.begin() != ".." && relative != ".";
        });
    }

    // Loads the document `uri` names (the schema itself for ""), once per real file, and
    // rewrites it into a slot of its own. `from`: the $ref that names it.
    std::size_t load(const std::string& uri, const std::optional<Place>& from) {
        const fs::path path = uri.empty() ? c_.file : folder_ / uri;
        std::error_code ec;
        const fs::path real = fs::canonical(path, ec);
        if (ec) {
            load_yaml(path);  // says why it cannot be read
            throw ValidationError({Diagnostic{path.string(), 0, 0, "", "cannot read the file: " + ec.message()}});
        }
        if (!inside_allowed(real)) {
            const std::string where = "leads to " + real.string() + ", outside the folders schemas may come from (" +
                                      allowed_text() + ")";
            if (from) refuse(*from, "the $ref '" + clipped(uri, 200) + "' " + where);
            throw ValidationError({Diagnostic{path.string(), 0, 0, "", "this schema file " + where}});
        }
        auto [known, fresh] = source_of_real_path_.try_emplace(real, c_.sources.size());
        if (fresh) {
            c_.sources.push_back(load_yaml(path));
            nodes_by_pointer_.emplace_back();
            const std::size_t slot = new_slot(json(c_.sources.back().data));
            if (const auto node = rewrite(slots_[slot], known->second, "")) nodes_[*node].slot = slot;
        }
        c_.documents.try_emplace(uri, &c_.sources[known->second].data);
        return known->second;
    }

    std::size_t new_slot(json value) {
        slots_.push_back(std::move(value));
        return slots_.size() - 1;
    }

    std::size_t add_pattern(const std::string& pattern, const Place& at, bool at_key) {
        auto regex = compile_pattern(pattern);
        if (!regex->ok())
            refuse(at,
                   "the pattern '" + clipped(pattern, 200) + "' cannot be checked: " + regex->error() +
                       "; patterns use RE2 syntax, which has no lookahead, lookbehind or backreferences",
                   at_key);
        c_.patterns.push_back(std::move(regex));
        return c_.patterns.size() - 1;
    }

    std::size_t add_value_set(const json& values) {
        auto set = std::make_unique<ValueSet>();
        for (const json& v : values) set->insert(canonical(NlohmannJsonAdapter(v)));
        c_.value_sets.push_back(std::move(set));
        return c_.value_sets.size() - 1;
    }

    // Records `value` as a schema (when it is one: a mapping or a boolean) at `pointer` of
    // document `source`, rewrites it for valijson and records its subschemas. Returns its node.
    std::optional<std::size_t> rewrite(json& value, std::size_t source, const std::string& pointer) {
        if (!value.is_object() && !value.is_boolean()) return std::nullopt;  // valijson says what is wrong
        const std::size_t node = nodes_.size();
        nodes_.push_back(Node{source, pointer, &value, std::nullopt, {}, false});
        nodes_by_pointer_[source].emplace(pointer, node);
        if (!value.is_object()) return node;

        json& schema = value;
        for (const char* keyword : {kPatternKeyword, kMembersKeyword, kEnumKeyword, kUniqueKeyword}) schema.erase(keyword);
        schema.erase("format");  // an annotation in draft 7; valijson checks some with std::regex
        if (auto id = schema.find("id"); id != schema.end() && id->is_string())
            schema.erase(id);  // not draft 7's; valijson would take it as a new base for $refs
        const Place here{source, pointer};
        auto at = [&](const std::string& token) { return Place{source, append_pointer(pointer, token)}; };

        // valijson follows a $ref and ignores the rest of its schema: the rest may still be
        // where another $ref points, so it is rewritten, but it adds nothing to this schema.
        const bool is_ref = schema.contains("$ref");
        if (is_ref) {
            if (!schema["$ref"].is_string())
                refuse(at("$ref"), "a $ref must be a string: a schema file, #/pointer, or both");
            refs_.push_back(node);
            nodes_[node].has_ref = true;
        }
        auto child = [&](json& sub, const std::string& sub_pointer, bool same_value) -> std::optional<std::size_t> {
            const auto n = rewrite(sub, source, sub_pointer);
            if (n && !is_ref) nodes_[node].children.emplace_back(*n, same_value);
            return n;
        };
        auto each = [&](const char* keyword, bool same_value) {
            auto it = schema.find(keyword);
            if (it == schema.end()) return;
            const std::string base = append_pointer(pointer, keyword);
            if (it->is_array()) {
                for (std::size_t i = 0; i < it->size(); ++i) child((*it)[i], append_pointer(base, std::to_string(i)), same_value);
            } else if (it->is_object()) {
                for (auto m = it->begin(); m != it->end(); ++m)
                    if (m->is_object() || m->is_boolean()) child(*m, append_pointer(base, m.key()), same_value);
            }
        };
        auto one = [&](const char* keyword, bool same_value) -> std::optional<std::size_t> {
            auto it = schema.find(keyword);
            return it == schema.end() ? std::nullopt : child(*it, append_pointer(pointer, keyword), same_value);
        };

        if (auto it = schema.find("pattern"); it != schema.end()) {
            if (!it->is_string()) refuse(at("pattern"), "a pattern must be a string");
            schema[kPatternKeyword] = add_pattern(it->get<std::string>(), at("pattern"), false);
            schema.erase("pattern");
        }
        // valijson divides by it (an integer 0 is a division by zero): JSON Schema wants > 0.
        if (auto it = schema.find("multipleOf"); it != schema.end() && !(it->is_number() && it->get<double>() > 0))
            refuse(at("multipleOf"), "multipleOf must be a number greater than 0");
        // Counts, as JSON Schema has them: the checker's messages read them as such ("expected at
        // most 3 characters"), and a string there once ended a check with a json type error.
        for (const char* keyword : {"minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"})
            if (auto it = schema.find(keyword); it != schema.end() && !is_count(*it))
                refuse(at(keyword), std::string(keyword) + " must be a whole number of 0 or more, without a decimal point");
        if (auto it = schema.find("enum"); it != schema.end() && it->is_array()) {
            schema[kEnumKeyword] = add_value_set(*it);
            schema.erase("enum");
        }
        if (auto it = schema.find("uniqueItems"); it != schema.end() && it->is_boolean()) {
            if (it->get<bool>()) schema[kUniqueKeyword] = true;
            schema.erase("uniqueItems");
        }

        for (const char* keyword : {"allOf", "anyOf", "oneOf", "dependencies"}) each(keyword, true);
        for (const char* keyword : {"not", "if", "then", "else"}) one(keyword, true);
        each("properties", false);
        for (const char* keyword : {"additionalItems", "contains"}) one(keyword, false);
        if (auto it = schema.find("items"); it != schema.end() && it->is_array()) each("items", false);
        else one("items", false);
        // valijson compiles propertyNames under its parent's path, so its schema cache can hand
        // back the parent: a $ref to a slot of its own is compiled as itself.
        if (const auto names = one("propertyNames", false); names && !is_ref) forced_slots_.push_back(*names);
        if (auto it = schema.find("definitions"); it != schema.end() && it->is_object())
            for (auto d = it->begin(); d != it->end(); ++d)
                rewrite(*d, source, append_pointer(append_pointer(pointer, "definitions"), d.key()));

        if (schema.contains("patternProperties")) {
            rewrite_members(schema, node, here, is_ref);
        } else {
            one("additionalProperties", false);
        }
        return node;
    }

    // patternProperties and additionalProperties become a MembersCheck, whose schemas go into
    // slots of their own.
    void rewrite_members(json& schema, std::size_t node, const Place& here, bool is_ref) {
        const std::string patterns_pointer = append_pointer(here.pointer, "patternProperties");
        json patterns = std::move(schema["patternProperties"]);
        schema.erase("patternProperties");
        if (!patterns.is_object()) refuse({here.source, patterns_pointer}, "patternProperties must map patterns to schemas");
        if (patterns.size() > kMaxPatternsPerSchema)
            refuse({here.source, patterns_pointer}, "patternProperties holds " + std::to_string(patterns.size()) +
                                                        " patterns; at most " + std::to_string(kMaxPatternsPerSchema) + " are allowed");
        auto rule = std::make_unique<MemberRule>();
        if (auto named = schema.find("properties"); named != schema.end() && named->is_object())
            for (auto p = named->begin(); p != named->end(); ++p) rule->named.insert(p.key());

        auto slotted = [&](json sub, const std::string& pointer) {
            const std::size_t slot = new_slot(std::move(sub));
            const auto n = rewrite(slots_[slot], here.source, pointer);
            if (!n) refuse({here.source, pointer}, "expected a schema here: a mapping, true or false");
            nodes_[*n].slot = slot;
            if (!is_ref) nodes_[node].children.emplace_back(*n, false);
            entries_.push_back(slot);
            return slot;
        };
        for (auto p = patterns.begin(); p != patterns.end(); ++p) {
            const std::string pointer = append_pointer(patterns_pointer, p.key());
            rule->patterns.push_back(c_.patterns[add_pattern(p.key(), {here.source, pointer}, true)].get());
            rule->pattern_slots.push_back(slotted(std::move(p.value()), pointer));
        }
        if (auto others = schema.find("additionalProperties"); others != schema.end()) {
            const std::string pointer = append_pointer(here.pointer, "additionalProperties");
            if (others->is_boolean()) {
                rule->others = others->get<bool>() ? MemberRule::Others::allowed : MemberRule::Others::refused;
            } else {
                rule->others = MemberRule::Others::checked;
                rule->others_slot = slotted(std::move(*others), pointer);
            }
            schema.erase("additionalProperties");
        }
        schema[kMembersKeyword] = c_.member_rules.size();
        c_.member_rules.push_back(std::move(rule));
    }

    // Points every $ref at the slot of its target, loading the files they name.
    void link_refs() {
        for (std::size_t k = 0; k < refs_.size(); ++k) {  // grows as files load
            const std::size_t holder = refs_[k];
            const Place at{nodes_[holder].source, append_pointer(nodes_[holder].pointer, "$ref")};
            const std::string text = (*nodes_[holder].value)["$ref"].get<std::string>();
            if (text.size() > kMaxRefLength)
                refuse(at, "this $ref is " + std::to_string(text.size()) + " bytes long; at most " +
                               std::to_string(kMaxRefLength) + " are allowed");
            const std::size_t hash = std::min(text.find('#'), text.size());
            const std::string uri = text.substr(0, hash);
            const std::size_t source = uri.empty() ? at.source : load(uri, at);
            const auto pointer = decoded_fragment(hash < text.size() ? text.substr(hash + 1) : "");
            if (!pointer) refuse(at, "after '#', a $ref holds a JSON pointer such as #/definitions/name");
            const auto target = nodes_by_pointer_[source].find(*pointer);
            if (target == nodes_by_pointer_[source].end())
                refuse(at, "the $ref '" + clipped(text, 200) + "' points at nothing that is a schema");
            nodes_[holder].children.assign(1, {target->second, true});
            targets_.push_back(target->second);
        }
        targets_.insert(targets_.end(), forced_slots_.begin(), forced_slots_.end());
    }

    // Moves each target into a slot of its own, leaving a $ref to the slot in its place, and
    // points the $refs at the slots.
    void move_targets_into_slots() {
        for (const std::size_t target : targets_) {
            Node& n = nodes_[target];
            if (n.slot) continue;
            n.slot = new_slot(std::move(*n.value));
            *n.value = json{{"$ref", slot_ref(*n.slot)}};
            n.value = &slots_[*n.slot];
        }
        for (const std::size_t holder : refs_)
            (*nodes_[holder].value)["$ref"] = slot_ref(*nodes_[nodes_[holder].children.front().first].slot);
    }

    static std::string slot_ref(std::size_t slot) { return "#/refs/" + std::to_string(slot); }

    // valijson's reason for refusing the schema, at the place it names when it names one: its
    // "/refs/<slot>/..." becomes the pointer in the schema's own file.
    Diagnostic invalid_schema(std::string reason) const {
        const std::string prefix = "/refs/";
        const std::size_t start = reason.find(prefix);
        std::size_t end = start == std::string::npos ? start : start + prefix.size();
        while (end < reason.size() && std::isdigit(static_cast<unsigned char>(reason[end]))) ++end;
        const auto owner = std::find_if(nodes_.begin(), nodes_.end(), [&](const Node& n) {
            return start != std::string::npos && n.slot && std::to_string(*n.slot) == reason.substr(start + prefix.size(), end - start - prefix.size());
        });
        if (owner == nodes_.end()) return Diagnostic{c_.file.string(), 0, 0, "", "invalid schema: " + reason};
        const std::size_t path_end = std::min(reason.find_first_of(" ;,'\"", end), reason.size());
        const std::string pointer = owner->pointer + reason.substr(end, path_end - end);
        reason.replace(start, path_end - start, pointer.empty() ? "the schema's top" : pointer);
        return c_.sources[owner->source].diagnostic(pointer, "invalid schema: " + reason);
    }

    Place place_of(std::size_t node) const {
        const Node& n = nodes_[node];
        return {n.source, n.has_ref ? append_pointer(n.pointer, "$ref") : n.pointer};
    }

    // Refuses a loop of schemas applied to the same value, such a chain longer than
    // kMaxChainOnOneValue, and nesting deeper than kMaxNesting (schemas of a loop through fields
    // or items all count, as valijson may compile them one inside the other).
    void check_nesting() const {
        const std::size_t count = nodes_.size();
        // Chains on one value: a depth-first walk of the same-value links.
        std::vector<std::size_t> chain(count, 0);  // the longest chain from each node
        std::vector<char> state(count, 0);         // 0 not seen, 1 on the current path, 2 done
        for (std::size_t start = 0; start < count; ++start) {
            if (state[start]) continue;
            std::vector<std::pair<std::size_t, std::size_t>> path{{start, 0}};  // node, next child
            state[start] = 1;
            while (!path.empty()) {
                const std::size_t node = path.back().first;
                const auto& children = nodes_[node].children;
                std::size_t& next = path.back().second;
                while (next < children.size() && !children[next].second) ++next;
                if (next < children.size()) {
                    const std::size_t child = children[next++].first;
                    if (state[child] == 1)
                        refuse(place_of(node), "this schema leads back to itself through $ref, allOf, anyOf, oneOf, "
                                               "not, if/then/else or dependencies, without going into a field or an "
                                               "item: checking a value against it would never end");
                    if (state[child] == 0) {
                        state[child] = 1;
                        path.emplace_back(child, 0);
                    }
                    continue;
                }
                for (const auto& [c, same_value] : children)
                    if (same_value) chain[node] = std::max(chain[node], chain[c]);
                if (++chain[node] > kMaxChainOnOneValue)
                    refuse(place_of(node), "more than " + std::to_string(kMaxChainOnOneValue) +
                                               " schemas apply to one value in a chain from here ($ref, allOf, "
                                               "anyOf, oneOf, not, if/then/else, dependencies); shorten the chain");
                state[node] = 2;
                path.pop_back();
            }
        }

        // Nesting: the longest path through the loops (Tarjan's strongly connected
        // components, each counting all its schemas), without recursion.
        constexpr std::size_t unseen = static_cast<std::size_t>(-1);
        std::vector<std::size_t> index(count, unseen), low(count, 0), component(count, unseen), depth_of;
        std::vector<std::size_t> stack;
        std::vector<char> on_stack(count, 0);
        std::size_t counter = 0;
        for (std::size_t start = 0; start < count; ++start) {
            if (index[start] != unseen) continue;
            std::vector<std::pair<std::size_t, std::size_t>> calls;
            auto enter = [&](std::size_t v) {
                index[v] = low[v] = counter++;
                stack.push_back(v);
                on_stack[v] = 1;
                calls.emplace_back(v, 0);
            };
            enter(start);
            while (!calls.empty()) {
                const std::size_t v = calls.back().first;
                std::size_t& next = calls.back().second;
                const auto& children = nodes_[v].children;
                if (next < children.size()) {
                    const std::size_t w = children[next++].first;
                    if (index[w] == unseen) enter(w);
                    else if (on_stack[w]) low[v] = std::min(low[v], index[w]);
                    continue;
                }
                calls.pop_back();
                if (!calls.empty()) low[calls.back().first] = std::min(low[calls.back().first], low[v]);
                if (low[v] != index[v]) continue;
                // v roots a component: every component it reaches is done.
                const std::size_t id = depth_of.size();
                std::vector<std::size_t> members;
                do {
                    members.push_back(stack.back());
                    on_stack[stack.back()] = 0;
                    component[stack.back()] = id;
                    stack.pop_back();
                } while (members.back() != v);
                std::size_t deepest = 0;
                for (const std::size_t m : members)
                    for (const auto& [w, same_value] : nodes_[m].children)
                        if (component[w] != id) deepest = std::max(deepest, depth_of[component[w]]);
                depth_of.push_back(members.size() + deepest);
                if (depth_of.back() > kMaxNesting)
                    refuse(place_of(v), "the schemas from here nest more than " + std::to_string(kMaxNesting) +
                                            " levels deep, following their $refs; nest them less deeply");
            }
        }
    }

    // Compiles the slots with valijson and hands each MembersCheck its compiled schemas.
    void build() {
        json refs = json::array();
        for (json& slot : slots_) refs.push_back(std::move(slot));
        json entries = json::array({json{{"$ref", slot_ref(0)}}});
        for (const std::size_t slot : entries_) entries.push_back(json{{"$ref", slot_ref(slot)}});
        const json whole{{"anyOf", std::move(entries)}, {"refs", std::move(refs)}};

        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        parser.addConstraintBuilder(kPatternKeyword, new TableBuilder<PatternCheck, decltype(c_.patterns)>(c_.patterns));
        parser.addConstraintBuilder(kMembersKeyword,
                                    new TableBuilder<MembersCheck, decltype(c_.member_rules)>(c_.member_rules));
        parser.addConstraintBuilder(kEnumKeyword, new TableBuilder<EnumCheck, decltype(c_.value_sets)>(c_.value_sets));
        parser.addConstraintBuilder(kUniqueKeyword, new UniqueItemsBuilder());
        try {
            parser.populateSchema(NlohmannJsonAdapter(whole), c_.schema);
        } catch (const std::exception& e) {
            throw ValidationError({invalid_schema(e.what())});
        }

        std::vector<const valijson::Subschema*> compiled;  // the entries, in order
        valijson::Subschema::ApplyFunction collect = [&](const valijson::constraints::Constraint& constraint) {
            if (const auto* any = dynamic_cast<const valijson::constraints::AnyOfConstraint*>(&constraint))
                any->applyToSubschemas([&](unsigned, const valijson::Subschema* s) {
                    compiled.push_back(s);
                    return true;
                });
            return true;
        };
        c_.schema.apply(collect);
        if (compiled.size() != entries_.size() + 1) throw std::logic_error("the compiled entries went astray");
        std::map<std::size_t, const valijson::Subschema*> by_slot;
        for (std::size_t i = 0; i < entries_.size(); ++i) by_slot[entries_[i]] = compiled[i + 1];
        c_.root = compiled[0];
        for (const auto& rule : c_.member_rules) {
            for (const std::size_t slot : rule->pattern_slots) rule->pattern_schemas.push_back(by_slot.at(slot));
            if (rule->others == MemberRule::Others::checked) rule->others_schema = by_slot.at(rule->others_slot);
        }
    }

    CompiledSchema& c_;
    fs::path folder_;
    std::vector<fs::path> allowed_;  // real paths
    std::map<fs::path, std::size_t> source_of_real_path_;
    std::deque<json> slots_;  // a deque: a slot stays put while others are added
    std::vector<Node> nodes_;
    std::vector<std::map<std::string, std::size_t>> nodes_by_pointer_;  // per source
    std::vector<std::size_t> refs_;          // nodes that hold a $ref
    std::vector<std::size_t> targets_;       // nodes that need a slot of their own
    std::vector<std::size_t> forced_slots_;  // propertyNames schemas
    std::vector<std::size_t> entries_;       // slots compiled as entries after the schema's own
};

std::shared_ptr<const CompiledSchema> compile(const fs::path& file, const SchemaFolders& allowed) {
    auto c = std::make_shared<CompiledSchema>();
    c->file = file;
    c->modified = fs::last_write_time(file);
    try {
        SchemaCompiler(*c, allowed).run();
    } catch (const ValidationError&) {
        throw;
    } catch (const std::exception& e) {
        throw ValidationError({Diagnostic{file.string(), 0, 0, "", std::string("invalid schema: ") + e.what()}});
    }
    return c;
}

}  // namespace

std::shared_ptr<const CompiledSchema> compiled(const fs::path& file, const SchemaFolders& allowed) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const CompiledSchema>> cache;

    std::error_code ec;
    const auto modified = fs::last_write_time(file, ec);
    if (ec) throw ValidationError({Diagnostic{file.string(), 0, 0, "", "cannot read the schema: " + ec.message()}});
    std::string key = fs::weakly_canonical(file).string();
    for (const fs::path& folder : allowed) key += '\n' + fs::weakly_canonical(folder).string();

    std::lock_guard lock(mutex);
    auto& slot = cache[key];
    if (!slot || slot->modified != modified) slot = compile(file, allowed);
    return slot;
}

}  // namespace soloist::schema_internal
