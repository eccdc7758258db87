#include "domain/yaml_json.hpp"

#include <charconv>
#include <fstream>
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

// Looks at the parser's events before any node exists: refuses anchors, aliases and deep
// nesting there, so yaml-cpp never builds a cycle or expands an alias bomb.
class SafetyScan : public YAML::EventHandler {
public:
    explicit SafetyScan(int max_depth) : max_depth_(max_depth) {}

    void OnDocumentStart(const YAML::Mark& mark) override { document_starts.push_back(mark); }
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { check_anchor(mark, anchor); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        throw Refusal{mark, "aliases (*name) are not allowed in bot data; write the value out in full"};
    }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  const std::string&) override {
        check_anchor(mark, anchor);
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(mark, anchor);
    }
    void OnSequenceEnd() override { --depth_; }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(mark, anchor);
    }
    void OnMapEnd() override { --depth_; }
    void OnAnchor(const YAML::Mark& mark, const std::string& name) override {
        throw Refusal{mark, "anchors (&" + name + ") and aliases are not allowed in bot data; write the value out in full"};
    }

    std::vector<YAML::Mark> document_starts;

private:
    void check_anchor(const YAML::Mark& mark, YAML::anchor_t anchor) {
        if (anchor != YAML::NullAnchor)
            throw Refusal{mark, "anchors (&name) and aliases are not allowed in bot data; write the value out in full"};
    }
    void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
        check_anchor(mark, anchor);
        if (++depth_ > max_depth_)
            throw Refusal{mark, "nesting deeper than " + std::to_string(max_depth_) + " levels is not allowed"};
    }

    int max_depth_;
    int depth_ = 0;
};

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

class Converter {
public:
    explicit Converter(YamlDocument& doc) : doc_(doc) {}

    nlohmann::json convert(const YAML::Node& node, const std::string& pointer) {
        doc_.marks[pointer] = to_mark(node.Mark());
        switch (node.Type()) {
            case YAML::NodeType::Null:
                check_tag(node, {"", "?", "!", "tag:yaml.org,2002:null"});
                return nullptr;
            case YAML::NodeType::Scalar:
                return scalar(node);
            case YAML::NodeType::Sequence: {
                check_tag(node, {"", "?", "!", "tag:yaml.org,2002:seq"});
                nlohmann::json out = nlohmann::json::array();
                for (const auto& item : node) out.push_back(convert(item, append_pointer(pointer, std::to_string(out.size()))));
                return out;
            }
            case YAML::NodeType::Map:
                return mapping(node, pointer);
            case YAML::NodeType::Undefined:
                break;
        }
        return nullptr;
    }

private:
    nlohmann::json mapping(const YAML::Node& node, const std::string& pointer) {
        check_tag(node, {"", "?", "!", "tag:yaml.org,2002:map"});
        nlohmann::json out = nlohmann::json::object();
        for (const auto& entry : node) {  // copies: yaml-cpp's iterator hands out a temporary pair
            const YAML::Node key = entry.first;
            const YAML::Node value = entry.second;
            if (!key.IsScalar())
                throw Refusal{key.Mark(), key.IsNull() ? "a mapping key must not be empty or null"
                                                      : "a mapping key must be a plain value, not a list or mapping"};
            const std::string name = key.Scalar();
            if (out.contains(name)) throw Refusal{key.Mark(), "duplicate key '" + name + "'"};
            const std::string child = append_pointer(pointer, name);
            doc_.key_marks[child] = to_mark(key.Mark());
            out[name] = convert(value, child);
            // An empty value (`key:`) is marked at the next token; point at its key instead.
            if (value.IsNull() && doc_.marks[child].line != doc_.key_marks[child].line)
                doc_.marks[child] = doc_.key_marks[child];
        }
        return out;
    }

    nlohmann::json scalar(const YAML::Node& node) {
        mark_ = node.Mark();
        const std::string& tag = node.Tag();
        const std::string& text = node.Scalar();
        if (tag == "!" || tag == "tag:yaml.org,2002:str") return text;
        if (tag == "?") return plain(text);
        nlohmann::json value = plain(text);
        const bool fits = (tag == "tag:yaml.org,2002:int" && value.is_number_integer()) ||
                          (tag == "tag:yaml.org,2002:float" && value.is_number()) ||
                          (tag == "tag:yaml.org,2002:bool" && value.is_boolean()) ||
                          (tag == "tag:yaml.org,2002:null" && value.is_null());
        if (fits) return tag == "tag:yaml.org,2002:float" ? nlohmann::json(value.get<double>()) : value;
        check_tag(node, {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float", "tag:yaml.org,2002:bool",
                         "tag:yaml.org,2002:null"});
        throw Refusal{node.Mark(), "'" + text + "' is not a valid " + short_tag(tag)};
    }

    // Core-schema resolution of a plain scalar.
    nlohmann::json plain(const std::string& text) const {
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
            throw Refusal{mark_, "the number " + text + " is out of range"};
        }
        return text;
    }

    static std::string short_tag(const std::string& tag) {
        const std::string core = "tag:yaml.org,2002:";
        return tag.rfind(core, 0) == 0 ? "!!" + tag.substr(core.size()) : tag;
    }

    static void check_tag(const YAML::Node& node, std::initializer_list<const char*> allowed) {
        const std::string& tag = node.Tag();
        for (const char* a : allowed)
            if (tag == a) return;
        throw Refusal{node.Mark(), "the tag " + short_tag(tag) + " is not supported here; bot data uses plain YAML values"};
    }

    YamlDocument& doc_;
    YAML::Mark mark_;  // of the scalar being converted
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
        {
            std::istringstream in(text);
            YAML::Parser parser(in);
            SafetyScan scan(limits.max_depth);
            if (parser.HandleNextDocument(scan) && parser.HandleNextDocument(scan))
                throw Refusal{scan.document_starts.back(), "a file holds one YAML document; remove the second '---' part"};
        }
        const YAML::Node root = YAML::Load(text);
        doc.data = Converter(doc).convert(root, "");
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
