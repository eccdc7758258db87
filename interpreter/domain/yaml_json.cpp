#include "domain/yaml_json.hpp"

#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>
#include <vector>

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

namespace soloist {

namespace {

// Carries a refusal found while scanning or converting, with its position.
struct Refusal {
    YAML::Mark mark;
    std::string message;
};

Mark to_mark(const YAML::Mark& m) {
    if (m.is_null() || m.line < 0) return {};
    return {m.line + 1, m.column + 1};
}

bool is_one_of(const std::string& s, std::initializer_list<const char*> words) {
    for (const char* w : words)
        if (s == w) return true;
    return false;
}

// Decimal integer: [-+]?[0-9]+
bool looks_integer(const std::string& s) {
    std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    if (i == s.size()) return false;
    for (; i < s.size(); ++i)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

// Decimal float: [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
bool looks_float(const std::string& s) {
    std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
    auto digits = [&] {
        const std::size_t start = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
        return i - start;
    };
    std::size_t mantissa = digits();
    if (i < s.size() && s[i] == '.') {
        ++i;
        mantissa += digits();
    }
    if (mantissa == 0) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
        if (digits() == 0) return false;
    }
    return i == s.size();
}

// Builds the JSON straight from the parser's events, so yaml-cpp never builds a node: anchors,
// aliases and deep nesting are refused as they come, and `&x [*x]` or billion-laughs never
// expand. Each value's mark (and each mapping key's) is kept by its JSON pointer.
class JsonBuilder : public YAML::EventHandler {
public:
    JsonBuilder(YamlDocument& doc, int max_depth) : doc_(doc), max_depth_(max_depth) {}

    void OnDocumentStart(const YAML::Mark& mark) override {
        if (++documents_ > 1) throw Refusal{mark, "a file holds one YAML document; remove the second '---' part"};
    }
    void OnDocumentEnd() override {}

    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        check_anchor(mark, anchor);
        build([&] {
            if (taking_key()) throw Refusal{mark, "a mapping key must not be empty or null"};
            const std::string pointer = child_pointer();
            Mark at = to_mark(mark);
            // An empty value (`key:`) is marked at the next token; point at its key instead.
            if (!open_.empty() && open_.back().is_map) {
                const Mark key = doc_.key_marks[pointer];
                if (at.line != key.line) at = key;
            }
            doc_.marks[pointer] = at;
            place(nullptr);
        });
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        throw Refusal{mark, "aliases (*name) are not allowed in bot data; write the value out in full"};
    }
    void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
        throw Refusal{mark, "anchors (&" + name + ") and aliases are not allowed in bot data; write the value out in full"};
    }
    void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                  const std::string& value) override {
        check_anchor(mark, anchor);
        build([&] {
            if (taking_key()) {  // a key is its text, whatever its style
                Open& map = open_.back();
                if (map.value.contains(value)) throw Refusal{mark, "duplicate key '" + value + "'"};
                map.key = value;
                map.key_taken = true;
                doc_.key_marks[append_pointer(map.pointer, value)] = to_mark(mark);
                return;
            }
            doc_.marks[child_pointer()] = to_mark(mark);
            place(scalar(mark, tag, value));
        });
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(mark, anchor, tag, "tag:yaml.org,2002:seq", nlohmann::json::array());
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(mark, anchor, tag, "tag:yaml.org,2002:map", nlohmann::json::object());
    }
    void OnMapEnd() override { close(); }

    // The first value refused (a bad key, tag or number), once the whole file has parsed: a
    // syntax error anywhere in the file is reported before it, as the parser finds it.
    void throw_if_refused() const {
        if (refused_) throw *refused_;
    }

private:
    // A sequence or mapping being filled.
    struct Open {
        nlohmann::json value;
        std::string pointer;
        bool is_map = false;
        bool key_taken = false;  // a mapping's next event is the value of `key`
        std::string key;
    };

    bool taking_key() const { return !open_.empty() && open_.back().is_map && !open_.back().key_taken; }

    // The pointer of the value the next event makes.
    std::string child_pointer() const {
        if (open_.empty()) return "";
        const Open& parent = open_.back();
        return append_pointer(parent.pointer, parent.is_map ? parent.key : std::to_string(parent.value.size()));
    }

    // Puts a finished value where it belongs: in its parent, or as the document.
    void place(nlohmann::json value) {
        if (open_.empty()) {
            doc_.data = std::move(value);
            return;
        }
        Open& parent = open_.back();
        if (parent.is_map) {
            parent.value[parent.key] = std::move(value);
            parent.key_taken = false;
        } else {
            parent.value.push_back(std::move(value));
        }
    }

    void open(const YAML::Mark& mark, YAML::anchor_t anchor, const std::string& tag, const char* core_tag,
              nlohmann::json empty) {
        check_anchor(mark, anchor);
        if (++depth_ > max_depth_)
            throw Refusal{mark, "nesting deeper than " + std::to_string(max_depth_) + " levels is not allowed"};
        build([&] {
            if (taking_key()) throw Refusal{mark, "a mapping key must be a plain value, not a list or mapping"};
            check_tag(mark, tag, {"", "?", "!", core_tag});
            Open o;
            o.pointer = child_pointer();
            o.is_map = empty.is_object();
            o.value = std::move(empty);
            doc_.marks[o.pointer] = to_mark(mark);
            open_.push_back(std::move(o));
        });
    }

    void close() {
        --depth_;
        build([&] {
            nlohmann::json value = std::move(open_.back().value);
            open_.pop_back();
            place(std::move(value));
        });
    }

    // Builds unless a value was refused; a refusal stops the building, while the parser goes
    // on to the end of the file (its syntax errors, anchors and depth come first).
    template <class F>
    void build(F&& step) {
        if (refused_) return;
        try {
            step();
        } catch (Refusal& r) {
            refused_ = std::move(r);
        }
    }

    static void check_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
        if (anchor != YAML::NullAnchor)
            throw Refusal{mark, "anchors (&name) and aliases are not allowed in bot data; write the value out in full"};
    }

    static nlohmann::json scalar(const YAML::Mark& mark, const std::string& tag, const std::string& text) {
        if (tag == "!" || tag == "tag:yaml.org,2002:str") return text;
        if (tag == "?") return plain(mark, text);
        nlohmann::json value = plain(mark, text);
        const bool fits = (tag == "tag:yaml.org,2002:int" && value.is_number_integer()) ||
                          (tag == "tag:yaml.org,2002:float" && value.is_number()) ||
                          (tag == "tag:yaml.org,2002:bool" && value.is_boolean()) ||
                          (tag == "tag:yaml.org,2002:null" && value.is_null());
        if (fits) return tag == "tag:yaml.org,2002:float" ? nlohmann::json(value.get<double>()) : value;
        check_tag(mark, tag, {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                              "tag:yaml.org,2002:null"});
        throw Refusal{mark, "'" + text + "' is not a valid " + short_tag(tag)};
    }

    // Core-schema resolution of a plain scalar.
    static nlohmann::json plain(const YAML::Mark& mark, const std::string& text) {
        if (is_one_of(text, {"", "~", "null", "Null", "NULL"})) return nullptr;
        if (is_one_of(text, {"true", "True", "TRUE"})) return true;
        if (is_one_of(text, {"false", "False", "FALSE"})) return false;
        const char* begin = text.data() + (text[0] == '+' ? 1 : 0);  // from_chars refuses '+'
        const char* end = text.data() + text.size();
        if (looks_integer(text)) {
            long long v = 0;
            if (const auto [stop, ec] = std::from_chars(begin, end, v); ec == std::errc() && stop == end) return v;
            unsigned long long u = 0;  // seeds use the whole unsigned 64-bit range
            if (const auto [stop, ec] = std::from_chars(begin, end, u); ec == std::errc() && stop == end) return u;
            // Too large for 64 bits: fall through and keep it as a float.
        }
        if (looks_integer(text) || looks_float(text)) {
            double v = 0;
            const auto [stop, ec] = std::from_chars(begin, end, v);
            if (ec == std::errc() && stop == end) return v;
            throw Refusal{mark, "the number " + text + " is out of range"};
        }
        return text;
    }

    static std::string short_tag(const std::string& tag) {
        const std::string core = "tag:yaml.org,2002:";
        return tag.rfind(core, 0) == 0 ? "!!" + tag.substr(core.size()) : tag;
    }

    static void check_tag(const YAML::Mark& mark, const std::string& tag, std::initializer_list<const char*> allowed) {
        for (const char* a : allowed)
            if (tag == a) return;
        throw Refusal{mark, "the tag " + short_tag(tag) + " is not supported here; bot data uses plain YAML values"};
    }

    YamlDocument& doc_;
    int max_depth_;
    int documents_ = 0;
    int depth_ = 0;
    std::vector<Open> open_;
    std::optional<Refusal> refused_;
};

Diagnostic refusal_diagnostic(const std::filesystem::path& file, const YAML::Mark& mark, std::string message) {
    const Mark m = to_mark(mark);
    return Diagnostic{file.string(), m.line, m.column, "", std::move(message)};
}

}  // namespace

std::string escape_pointer_token(const std::string& token) {
    std::string out;
    for (char c : token) {
        if (c == '~') out += "~0";
        else if (c == '/') out += "~1";
        else out += c;
    }
    return out;
}

std::string append_pointer(const std::string& pointer, const std::string& token) {
    return pointer + "/" + escape_pointer_token(token);
}

static Mark nearest_mark(const std::map<std::string, Mark>& marks, std::string pointer) {
    while (true) {
        const auto it = marks.find(pointer);
        if (it != marks.end() && it->second.line > 0) return it->second;
        if (pointer.empty()) return {};
        pointer.erase(pointer.rfind('/'));
    }
}

Mark YamlDocument::mark_of(const std::string& pointer) const { return nearest_mark(marks, pointer); }

Mark YamlDocument::key_mark_of(const std::string& pointer) const {
    const auto it = key_marks.find(pointer);
    return it != key_marks.end() ? it->second : mark_of(pointer);
}

Diagnostic YamlDocument::diagnostic(const std::string& pointer, std::string message, bool at_key) const {
    const Mark m = at_key ? key_mark_of(pointer) : mark_of(pointer);
    return Diagnostic{file.string(), m.line, m.column, pointer, std::move(message)};
}

YamlDocument parse_yaml(const std::string& text, const std::filesystem::path& file, const YamlLimits& limits) {
    YamlDocument doc;
    doc.file = file;
    try {
        std::istringstream in(text);
        YAML::Parser parser(in);
        JsonBuilder builder(doc, limits.max_depth);
        while (parser.HandleNextDocument(builder)) {
        }
        builder.throw_if_refused();
        if (doc.marks[""].line == 0) doc.marks[""] = Mark{1, 1};  // an empty file
    } catch (const Refusal& r) {
        throw ValidationError({refusal_diagnostic(file, r.mark, r.message)});
    } catch (const YAML::Exception& e) {
        throw ValidationError({refusal_diagnostic(file, e.mark, e.msg)});
    }
    return doc;
}

YamlDocument load_yaml(const std::filesystem::path& file, const YamlLimits& limits) {
    auto refuse = [&](const std::string& message) {
        return ValidationError({Diagnostic{file.string(), 0, 0, "", message}});
    };
    const std::string too_big = "the file is larger than " + std::to_string(limits.max_bytes / 1024) +
                                " KiB; bot data files must stay under that";
    std::error_code ec;
    if (std::filesystem::is_directory(file, ec)) throw refuse("this is a folder, not a YAML file");
    const auto size = std::filesystem::file_size(file, ec);
    if (ec) throw refuse("cannot read the file: " + ec.message());
    if (size > limits.max_bytes) throw refuse(too_big);

    std::ifstream in(file, std::ios::binary);
    if (!in) throw refuse("cannot open the file");
    // Read at most one byte past the limit, in case the file grew since it was measured.
    std::string text(static_cast<std::size_t>(size) + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > limits.max_bytes) throw refuse(too_big);
    return parse_yaml(text, file, limits);
}

}  // namespace soloist
