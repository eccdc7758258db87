#include "domain/yaml_json.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <optional>
#include <sstream>
#include <string_view>
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

YAML::Mark yaml_mark(int line, int column, std::size_t pos) {
    YAML::Mark m;
    m.line = line;
    m.column = column;
    m.pos = static_cast<int>(pos);
    return m;
}

// The length of the UTF-8 sequence at text[i] (1 to 4), or 0 when the bytes there are not
// well-formed UTF-8 (RFC 3629: no overlong forms, no UTF-16 surrogates, nothing past U+10FFFF).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
    auto byte = [&](std::size_t k) -> unsigned { return k < text.size() ? static_cast<unsigned char>(text[k]) : 0x100u; };
    auto follows = [&](std::size_t k, unsigned low = 0x80, unsigned high = 0xBF) { return byte(k) >= low && byte(k) <= high; };
    const unsigned lead = byte(i);
    if (lead < 0x80) return 1;
    if (lead >= 0xC2 && lead <= 0xDF) return follows(i + 1) ? 2 : 0;
    if (lead == 0xE0) return follows(i + 1, 0xA0) && follows(i + 2) ? 3 : 0;
    if (lead == 0xED) return follows(i + 1, 0x80, 0x9F) && follows(i + 2) ? 3 : 0;
    if (lead >= 0xE1 && lead <= 0xEF) return follows(i + 1) && follows(i + 2) ? 3 : 0;
    if (lead == 0xF0) return follows(i + 1, 0x90) && follows(i + 2) && follows(i + 3) ? 4 : 0;
    if (lead >= 0xF1 && lead <= 0xF3) return follows(i + 1) && follows(i + 2) && follows(i + 3) ? 4 : 0;
    if (lead == 0xF4) return follows(i + 1, 0x80, 0x8F) && follows(i + 2) && follows(i + 3) ? 4 : 0;
    return 0;
}

bool is_utf8(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_sequence_length(text, i);
        if (n == 0) return false;
        i += n;
    }
    return true;
}

std::string hex_byte(unsigned char c) {
    static const char digits[] = "0123456789ABCDEF";
    return std::string("0x") + digits[c >> 4] + digits[c & 15];
}

// Refuses, before the parser sees them, the bytes that yaml-cpp would misread or pass on:
// UTF-16 and UTF-32 (which it converts silently), a NUL byte (where it stops reading), bytes
// that are not UTF-8 (which would reach the schema checks and the messages), and a CR not
// followed by LF (which it reads as a space, joining two lines into one value). Positions count
// bytes, as yaml-cpp's marks do.
void check_text(std::string_view text) {
    int line = 0;
    std::size_t line_start = 0;
    auto at = [&](std::size_t i) { return yaml_mark(line, static_cast<int>(i - line_start), i); };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++line;
            line_start = ++i;
        } else if (c == '\0') {
            throw Refusal{at(i), "a NUL byte (0x00) is not allowed in bot data; save the file as UTF-8 text"};
        } else if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) {
            throw Refusal{at(i), "a carriage return (CR) without a line feed after it; line ends must be LF or CRLF: "
                                 "save the file with Unix or Windows line ends"};
        } else if (const std::size_t n = utf8_sequence_length(text, i)) {
            i += n;
        } else {
            throw Refusal{at(i), "byte " + hex_byte(c) + " is not valid UTF-8; bot data must be UTF-8 text: save the file as UTF-8"};
        }
    }
}

// True when `text` starts as UTF-16 or UTF-32 does: with their byte-order mark, or, as
// yaml-cpp guesses, with a NUL byte in the first two.
bool looks_utf16_or_32(std::string_view text) {
    for (std::string_view mark : {std::string_view("\xFE\xFF"), std::string_view("\xFF\xFE")})
        if (text.substr(0, 2) == mark) return true;
    return (!text.empty() && text[0] == '\0') || (text.size() > 1 && text[1] == '\0');
}

// yaml-cpp takes a quoted scalar that is never closed as running to the end of the file. Only
// the file's last scalar can be such a one: from its mark (past a tag, if any) the closing
// quote is looked for; none is a refusal.
void check_last_quote_closed(std::string_view text, const std::optional<YAML::Mark>& last_scalar) {
    if (!last_scalar || last_scalar->pos < 0) return;
    std::size_t i = static_cast<std::size_t>(last_scalar->pos);
    if (i < text.size() && text[i] == '!') {  // `!!str "text"`: the mark is the tag's
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r') ++i;
        while (i < text.size()) {
            if (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') ++i;
            else if (text[i] == '#') i = std::min(text.find('\n', i), text.size());
            else break;
        }
    }
    if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) return;
    const char quote = text[i];
    for (std::size_t k = i + 1; k < text.size(); ++k) {
        if (quote == '"' && text[k] == '\\') ++k;  // an escape: \" does not close
        else if (quote == '\'' && text[k] == '\'' && k + 1 < text.size() && text[k + 1] == '\'') ++k;  // '' is a quote
        else if (text[k] == quote) return;
    }
    const std::string_view before = text.substr(0, i);
    const std::size_t line_start = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
    const int line = static_cast<int>(std::count(before.begin(), before.end(), '\n'));
    throw Refusal{yaml_mark(line, static_cast<int>(i - line_start), i),
                  std::string("the quoted text that starts here has no closing quote (") + quote +
                      "); add one where the text ends"};
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
        last_scalar_ = mark;
        build([&] {
            if (!is_utf8(value))  // the file's bytes were UTF-8, but an escape may not be
                throw Refusal{mark, "this text is not valid UTF-8 once its escapes are read; bot data must be valid Unicode"};
            if (taking_key()) {  // a key is its text, whatever its style
                Open& map = open_.back();
                if (map.value.contains(value)) throw Refusal{mark, "duplicate key '" + value + "'"};
                map.key = value;
                map.key_taken = true;
                map.key_pointer = append_pointer(map.pointer, value);
                doc_.key_marks[map.key_pointer] = to_mark(mark);
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

    // Where the file's last scalar starts (key or value), if it has one.
    const std::optional<YAML::Mark>& last_scalar() const { return last_scalar_; }

private:
    // A sequence or mapping being filled.
    struct Open {
        nlohmann::json value;
        std::string pointer;
        bool is_map = false;
        bool key_taken = false;  // a mapping's next event is the value of `key`
        std::string key;
        std::string key_pointer;  // of the value of `key`
    };

    bool taking_key() const { return !open_.empty() && open_.back().is_map && !open_.back().key_taken; }

    // The pointer of the value the next event makes.
    std::string child_pointer() const {
        if (open_.empty()) return "";
        const Open& parent = open_.back();
        return parent.is_map ? parent.key_pointer : append_pointer(parent.pointer, std::to_string(parent.value.size()));
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
    std::optional<YAML::Mark> last_scalar_;
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

static Mark nearest_mark(const std::unordered_map<std::string, Mark>& marks, std::string pointer) {
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
        if (looks_utf16_or_32(text))
            throw Refusal{yaml_mark(0, 0, 0), "the file is UTF-16 or UTF-32 text; bot data must be UTF-8: save the file as UTF-8"};
        std::string_view body = text;
        if (body.starts_with("\xEF\xBB\xBF")) body.remove_prefix(3);  // a UTF-8 byte-order mark is allowed
        check_text(body);
        std::istringstream in{std::string(body)};
        YAML::Parser parser(in);
        // Room for about one value per 8 bytes of text: the tables of marks seldom grow as a
        // file of many values is read.
        doc.marks.reserve(body.size() / 8);
        doc.key_marks.reserve(body.size() / 8);
        JsonBuilder builder(doc, limits.max_depth);
        while (parser.HandleNextDocument(builder)) {
        }
        check_last_quote_closed(body, builder.last_scalar());
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
