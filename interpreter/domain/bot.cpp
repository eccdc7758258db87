#include "domain/bot.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <set>

#include "domain/data_root.hpp"
#include "domain/file_access.hpp"
#include "domain/hash.hpp"
#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"

namespace soloist {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string string_field(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

// The member `key` of `object`, or an empty list.
const json& list_field(const json& object, const char* key) {
    static const json empty = json::array();
    auto it = object.find(key);
    return it != object.end() && it->is_array() ? *it : empty;
}

std::string shown(const json& v) { return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump(); }

std::string shown_list(const std::vector<json>& values) {
    std::vector<std::string> out;
    for (const json& v : values) out.push_back(v.is_string() ? v.get<std::string>() : v.dump());
    return join(out);
}

// What is wrong with `value` for option `o`, as the rest of a sentence that starts with the
// option's name; "" when the value is fine.
std::string option_value_problem(const OptionSpec& o, const json& value) {
    if (o.type == "integer" && !value.is_number_integer()) return "expects an integer, got " + shown(value);
    if (o.type == "boolean" && !value.is_boolean()) return "expects true or false, got " + shown(value);
    if ((o.type == "string" || o.type == "choice") && o.allowed.empty() && !value.is_string())
        return "expects a string, got " + shown(value);
    if (value.is_number_integer()) {
        const long long n = value.get<long long>();
        if ((o.min && n < *o.min) || (o.max && n > *o.max)) {
            if (o.min && o.max) return "must be from " + std::to_string(*o.min) + " to " + std::to_string(*o.max) + ", got " + value.dump();
            if (o.min) return "must be at least " + std::to_string(*o.min) + ", got " + value.dump();
            return "must be at most " + std::to_string(*o.max) + ", got " + value.dump();
        }
    }
    if (!o.allowed.empty() && std::find(o.allowed.begin(), o.allowed.end(), value) == o.allowed.end()) {
        std::vector<std::string> names;
        for (const json& a : o.allowed) names.push_back(a.is_string() ? a.get<std::string>() : a.dump());
        const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        return "does not allow " + shown(value) + did_you_mean(text, names) + "; allowed: " + shown_list(o.allowed);
    }
    return "";
}

// Turns the text of --option id=value into a value of the option's type.
json parse_option_text(const OptionSpec& o, const std::string& text) {
    if (o.type == "integer") {
        long long n = 0;
        const char* begin = text.data() + (!text.empty() && text[0] == '+' ? 1 : 0);
        const auto [end, ec] = std::from_chars(begin, text.data() + text.size(), n);
        if (ec != std::errc() || end != text.data() + text.size() || text.empty())
            throw UsageError("option '" + o.id + "' expects an integer, got '" + text + "'");
        return n;
    }
    if (o.type == "boolean") {
        if (text == "true" || text == "yes") return true;
        if (text == "false" || text == "no") return false;
        throw UsageError("option '" + o.id + "' expects true, false, yes or no, got '" + text + "'");
    }
    // A choice among values that are not all strings: match the text to one's printed form.
    for (const json& a : o.allowed)
        if ((a.is_string() ? a.get<std::string>() : a.dump()) == text) return a;
    return text;
}

// Why a path the manifest names is no file to read: missing, or something else than a file.
std::string missing_text(const fs::path& path) {
    const std::string kind = file_kind(path);
    if (kind.empty()) return "not found in the bot folder";
    return "is not a regular file (it is " + kind + ")";
}

const char* const kOwnFilesOnly = "a bot may use only the files inside its own folder; copy the file there instead of linking to it";

// A path from the manifest that must name something inside the bot folder, as written and once
// its symbolic links are followed; adds a diagnostic and returns nullopt when it does not. The
// path returned is the normal form that was checked: it is the one to open.
std::optional<fs::path> inside_bot(const YamlDocument& doc, const std::string& pointer, const std::string& text,
                                   std::vector<Diagnostic>& diagnostics) {
    const fs::path relative = fs::path(text).lexically_normal();
    const bool escapes = !relative.empty() && *relative.begin() == "..";
    if (text.empty() || relative.is_absolute() || escapes) {
        diagnostics.push_back(doc.diagnostic(pointer, "'" + text + "' must be a relative path inside the bot folder"));
        return std::nullopt;
    }
    const fs::path path = doc.file.parent_path() / relative;
    if (const auto problem = outside_problem(path, doc.file.parent_path(), text, "the bot folder")) {
        diagnostics.push_back(doc.diagnostic(pointer, *problem + ": " + kOwnFilesOnly));
        return std::nullopt;
    }
    return path;
}

// Every Lua file of the bot folder may be compiled (a simulation compiles them all in advance,
// soloist check compiles each), not only those the manifest names: each must lie inside the
// folder too. `skip` is the entry script, which the manifest's check reports.
void check_lua_links(const fs::path& dir, const fs::path& skip, std::vector<Diagnostic>& diagnostics) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->path().extension() != ".lua" || !it->is_symlink(ec) || it->path().lexically_normal() == skip) continue;
        const std::string shown = it->path().lexically_relative(dir).generic_string();
        if (const auto problem = outside_problem(it->path(), dir, shown, "the bot folder"))
            diagnostics.push_back(Diagnostic{it->path().string(), 0, 0, "", *problem + ": " + kOwnFilesOnly});
    }
}

OptionSpec read_option(const json& item) {
    OptionSpec o;
    o.id = string_field(item, "id");
    o.type = string_field(item, "type");
    o.description = string_field(item, "description");
    o.default_value = item.value("default", json());
    if (auto it = item.find("allowed"); it != item.end() && it->is_array()) o.allowed.assign(it->begin(), it->end());
    if (auto it = item.find("min"); it != item.end() && it->is_number_integer()) o.min = it->get<long long>();
    if (auto it = item.find("max"); it != item.end() && it->is_number_integer()) o.max = it->get<long long>();
    return o;
}

// Options and steps: well-formed items only (the schema has reported the others), with the
// checks a schema cannot make.
void read_options_and_steps(const YamlDocument& doc, Bot& bot, std::vector<Diagnostic>& diagnostics) {
    std::map<std::string, std::string> seen;  // id -> pointer of its first declaration
    auto once = [&](const std::string& what, const std::string& id, const std::string& pointer) {
        const auto [it, fresh] = seen.try_emplace(what + "\n" + id, pointer);
        if (!fresh)
            diagnostics.push_back(doc.diagnostic(pointer + "/id", what + " '" + id + "' is declared twice (first at line " +
                                                                      std::to_string(doc.mark_of(it->second).line) + ")"));
        return fresh;
    };

    const json& options = list_field(doc.data, "options");
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string pointer = "/options/" + std::to_string(i);
        if (!options[i].is_object() || string_field(options[i], "id").empty()) continue;
        OptionSpec o = read_option(options[i]);
        if (!once("option", o.id, pointer)) continue;
        if ((o.min || o.max) && o.type != "integer")
            diagnostics.push_back(doc.diagnostic(pointer + "/" + (o.min ? "min" : "max"), "min and max apply only to integer options"));
        if (o.min && o.max && *o.min > *o.max)
            diagnostics.push_back(doc.diagnostic(pointer + "/max", "max " + std::to_string(*o.max) + " is below min " + std::to_string(*o.min)));
        else if (options[i].contains("default") && o.type != "" && !(o.type == "choice" && o.allowed.empty()))
            if (const std::string problem = option_value_problem(o, o.default_value); !problem.empty())
                diagnostics.push_back(doc.diagnostic(pointer + "/default", "the default of option '" + o.id + "' " + problem));
        bot.options.push_back(std::move(o));
    }

    const json& steps = list_field(doc.data, "steps");
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string pointer = "/steps/" + std::to_string(i);
        if (!steps[i].is_object() || string_field(steps[i], "id").empty()) continue;
        StepSpec s{string_field(steps[i], "id"), string_field(steps[i], "description")};
        if (once("step", s.id, pointer)) bot.steps.push_back(std::move(s));
    }
}

struct LoadedComponent {
    ComponentSpec spec;
    YamlDocument doc;
};

// Resolves each component's file and schema and checks the file against the schema.
std::vector<LoadedComponent> load_components(const YamlDocument& manifest, const Library& library, Bot& bot,
                                             std::vector<Diagnostic>& diagnostics) {
    std::vector<LoadedComponent> loaded;
    const auto it = manifest.data.find("components");
    if (it == manifest.data.end() || !it->is_object()) return loaded;
    for (auto c = it->begin(); c != it->end(); ++c) {
        const std::string pointer = append_pointer("/components", c.key());
        const std::string file = string_field(c.value(), "file"), schema = string_field(c.value(), "schema");
        if (file.empty() || schema.empty()) continue;  // the manifest's schema has said so

        ComponentSpec spec{c.key(), {}, {}};
        const auto file_path = inside_bot(manifest, pointer + "/file", file, diagnostics);
        const bool own_schema = schema.find('/') != std::string::npos || schema.ends_with(".yaml") || schema.ends_with(".yml");
        std::optional<fs::path> schema_path;
        if (own_schema) {
            schema_path = inside_bot(manifest, pointer + "/schema", schema, diagnostics);
            if (schema_path && !fs::is_regular_file(*schema_path)) {
                diagnostics.push_back(manifest.diagnostic(pointer + "/schema", "schema file '" + schema + "' " + missing_text(*schema_path)));
                schema_path.reset();
            }
        } else {
            try {
                schema_path = library_schema(schema, library.schemas_dir);
            } catch (const UsageError& e) {
                diagnostics.push_back(manifest.diagnostic(pointer + "/schema", e.what()));
            }
        }
        if (!file_path || !schema_path) continue;
        if (!fs::is_regular_file(*file_path)) {
            diagnostics.push_back(manifest.diagnostic(pointer + "/file", "component file '" + file + "' " + missing_text(*file_path)));
            continue;
        }
        spec.file = *file_path;
        spec.schema = *schema_path;
        try {
            YamlDocument doc = load_yaml(spec.file);
            auto problems = check_schema(doc, spec.schema, {bot.dir, library.schemas_dir});
            diagnostics.insert(diagnostics.end(), problems.begin(), problems.end());
            bot.component_files.push_back(spec);
            loaded.push_back({spec, std::move(doc)});
        } catch (const ValidationError& e) {
            diagnostics.insert(diagnostics.end(), e.diagnostics.begin(), e.diagnostics.end());
        }
    }
    return loaded;
}

// The data of the component a reference names: the component of that name, else the first
// one that follows the library schema of that name (so a deck's cards find the `cards`
// component whatever the bot calls it).
const json* find_component(const std::vector<LoadedComponent>& loaded, const Library& library, const std::string& name) {
    for (const auto& c : loaded)
        if (c.spec.name == name) return &c.doc.data;
    const fs::path schema = library.schemas_dir / (name + ".schema.yaml");
    for (const auto& c : loaded)
        if (c.spec.schema == schema) return &c.doc.data;
    return nullptr;
}

std::string read_all(const fs::path& file) {
    try {
        return read_regular_file(file);
    } catch (const FileReadError& e) {
        throw ValidationError({Diagnostic{file.string(), 0, 0, "", "cannot read the file (" + e.problem + ")"}});
    }
}

bool hidden(const fs::path& p) { return p.filename().string().starts_with("."); }

}  // namespace

Library Library::in_use() {
    const fs::path& root = data_root().dir;
    return Library{root / "scripts", root / "schemas", soloist::user_bots_dir()};
}

Bot load_bot(const fs::path& dir, const Library& library) {
    const fs::path manifest_file = dir / "bot.yaml";
    if (!fs::is_regular_file(manifest_file))
        throw ValidationError({Diagnostic{manifest_file.string(), 0, 0, "", "no bot.yaml: this folder is not a bot"}});
    if (const auto problem = outside_problem(manifest_file, dir, "bot.yaml", "the bot folder"))
        throw ValidationError({Diagnostic{manifest_file.string(), 0, 0, "", *problem + ": " + kOwnFilesOnly}});
    const YamlDocument manifest = load_yaml(manifest_file);  // nothing else can be checked without it
    std::vector<Diagnostic> diagnostics = check_schema(manifest, library.schemas_dir / "bot.schema.yaml");
    if (!manifest.data.is_object()) throw ValidationError(diagnostics);

    Bot bot;
    bot.dir = dir;
    bot.journal_dir = fs::absolute(dir).lexically_normal().string();
    const json& m = manifest.data;
    bot.id = string_field(m, "id");
    bot.name = string_field(m, "name");
    bot.game = string_field(m, "game");
    bot.version = string_field(m, "version");
    bot.description = string_field(m, "description");
    bot.entry = string_field(m, "entry");
    read_options_and_steps(manifest, bot, diagnostics);
    if (!bot.entry.empty())
        if (const auto entry = inside_bot(manifest, "/entry", bot.entry, diagnostics)) {
            if (!fs::is_regular_file(*entry))
                diagnostics.push_back(manifest.diagnostic("/entry", "entry script '" + bot.entry + "' " + missing_text(*entry)));
            // The runner opens the path that was checked ("a/../main.lua" could pass through a linked a/).
            bot.entry = fs::path(bot.entry).lexically_normal().generic_string();
        }
    check_lua_links(dir, bot.entry.empty() ? fs::path() : (dir / fs::path(bot.entry)).lexically_normal(), diagnostics);

    const auto loaded = load_components(manifest, library, bot, diagnostics);
    const ComponentLookup lookup = [&](const std::string& name) { return find_component(loaded, library, name); };
    bot.components = json::object();
    for (const auto& c : loaded) {
        auto problems = check_references(c.doc, c.spec.schema, lookup, {dir, library.schemas_dir});
        diagnostics.insert(diagnostics.end(), problems.begin(), problems.end());
        bot.components[c.spec.name] = c.doc.data;
    }
    sort_diagnostics(diagnostics);
    if (!diagnostics.empty()) throw ValidationError(std::move(diagnostics));
    bot.content_hash = bot_content_hash(dir, library);
    return bot;
}

std::string bot_id_of(const fs::path& dir) {
    try {
        const std::string id = string_field(load_yaml(dir / "bot.yaml").data, "id");
        if (!id.empty()) return id;
    } catch (const ValidationError&) {
        // A broken manifest still lists under its folder's name; load_bot says what is wrong.
    }
    return dir.filename().string();
}

// The bot folders of `root` (its subfolders with a bot.yaml, by name), with their ids.
static void add_bots_in(const fs::path& root, bool skip_lib, std::vector<std::pair<std::string, fs::path>>& out) {
    std::error_code ec;
    std::vector<fs::path> dirs;
    for (const auto& entry : fs::directory_iterator(root, ec)) {
        if (!entry.is_directory() || hidden(entry.path())) continue;
        if (skip_lib && entry.path().filename() == "lib") continue;
        if (fs::is_regular_file(entry.path() / "bot.yaml", ec)) dirs.push_back(entry.path().lexically_normal());
    }
    std::sort(dirs.begin(), dirs.end());
    for (auto& dir : dirs) out.emplace_back(bot_id_of(dir), std::move(dir));
}

std::vector<FoundBot> search_bots(const Library& library, const std::vector<fs::path>& extra_roots) {
    // Every bot folder with its id, in the search order.
    std::vector<std::pair<std::string, fs::path>> in_order;
    for (const fs::path& root : extra_roots) {
        if (!fs::is_directory(root)) throw UsageError("--bots: '" + root.string() + "' is not a folder");
        if (fs::is_regular_file(root / "bot.yaml")) in_order.emplace_back(bot_id_of(root), root.lexically_normal());
        add_bots_in(root, false, in_order);
    }
    if (!library.user_bots_dir.empty()) add_bots_in(library.user_bots_dir, false, in_order);
    add_bots_in(library.scripts_dir, true, in_order);

    std::vector<FoundBot> found;
    std::map<std::string, std::size_t> index;
    for (auto& [id, dir] : in_order) {
        if (const auto it = index.find(id); it != index.end()) {
            found[it->second].hidden.push_back(std::move(dir));
            continue;
        }
        index.emplace(id, found.size());
        found.push_back(FoundBot{id, std::move(dir), {}});
    }
    std::sort(found.begin(), found.end(), [](const FoundBot& a, const FoundBot& b) { return a.id < b.id; });
    return found;
}

std::vector<fs::path> find_bots(const Library& library, const std::vector<fs::path>& extra_roots) {
    std::vector<fs::path> out;
    for (auto& bot : search_bots(library, extra_roots)) out.push_back(std::move(bot.dir));
    return out;
}

fs::path usual_bot_folder(const std::string& name, const Library& library, const std::vector<fs::path>& extra_roots) {
    std::error_code ec;
    const bool plain = !name.empty() && name.find('/') == std::string::npos && !name.starts_with(".");
    if (!plain || !extra_roots.empty() || fs::is_regular_file(fs::path(name) / "bot.yaml", ec)) return {};
    // The player's bots come first: any of them could have this id.
    if (!library.user_bots_dir.empty() && !fs::is_empty(library.user_bots_dir, ec) && !ec) return {};
    const fs::path named = (library.scripts_dir / name).lexically_normal();
    return fs::is_regular_file(named / "bot.yaml", ec) ? named : fs::path();
}

fs::path resolve_bot(const std::string& name_or_dir, const Library& library, const std::vector<fs::path>& extra_roots) {
    const fs::path as_path(name_or_dir);
    if (fs::is_regular_file(as_path / "bot.yaml")) return as_path;
    const bool looks_like_path = name_or_dir.find('/') != std::string::npos || name_or_dir.starts_with(".");
    if (looks_like_path)
        throw UsageError("no bot at '" + name_or_dir + "': " +
                         (fs::is_directory(as_path) ? "the folder has no bot.yaml" : "no such folder"));

    // Most bots live in a folder named as their id: then one manifest settles it.
    if (const fs::path named = usual_bot_folder(name_or_dir, library, extra_roots);
        !named.empty() && bot_id_of(named) == name_or_dir)
        return named;

    std::vector<std::string> ids;
    for (const auto& bot : search_bots(library, extra_roots)) {
        if (bot.id == name_or_dir) return bot.dir;
        ids.push_back(bot.id);
    }
    if (ids.empty())
        throw UsageError("unknown bot '" + name_or_dir + "'; no bots found in " + library.scripts_dir.string());
    throw UsageError("unknown bot '" + name_or_dir + "'" + did_you_mean(name_or_dir, ids) + "; bots: " + join(ids));
}

json resolve_options(const Bot& bot, const std::vector<std::string>& given_k_eq_v, const json& overlay) {
    std::vector<std::string> ids;
    for (const OptionSpec& o : bot.options) ids.push_back(o.id);
    auto spec = [&](const std::string& id) -> const OptionSpec& {
        for (const OptionSpec& o : bot.options)
            if (o.id == id) return o;
        if (ids.empty()) throw UsageError("unknown option '" + id + "': bot " + bot.id + " has no options");
        throw UsageError("unknown option '" + id + "'" + did_you_mean(id, ids) + "; options of " + bot.id + ": " + join(ids));
    };
    auto set = [&](json& out, const OptionSpec& o, const json& value, const std::string& source) {
        if (const std::string problem = option_value_problem(o, value); !problem.empty())
            throw UsageError(source + "option '" + o.id + "' " + problem);
        out[o.id] = value;
    };

    json out = json::object();
    for (const OptionSpec& o : bot.options) out[o.id] = o.default_value;
    if (overlay.is_object()) {
        // A value written as text reads as on the command line (yes and no for a boolean, "3"
        // for an integer), so `--option x=yes` and `options: {x: "yes"}` agree.
        for (auto it = overlay.begin(); it != overlay.end(); ++it) {
            const OptionSpec* found = nullptr;
            try {
                found = &spec(it.key());
            } catch (const UsageError& e) {
                throw UsageError(std::string("house rules: ") + e.what());
            }
            const OptionSpec& o = *found;
            json value = it.value();
            if (value.is_string()) try {
                    value = parse_option_text(o, value.get<std::string>());
                } catch (const UsageError& e) {
                    throw UsageError(std::string("house rules: ") + e.what());
                }
            set(out, o, value, "house rules: ");
        }
    } else if (!overlay.is_null()) {
        throw UsageError("house rules: options must be a mapping of option ids to values");
    }
    for (const std::string& given : given_k_eq_v) {
        const auto eq = given.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UsageError("--option expects id=value, got '" + given + "'");
        const OptionSpec& o = spec(given.substr(0, eq));
        const std::string text = given.substr(eq + 1);
        try {
            set(out, o, parse_option_text(o, text), "");
        } catch (const UsageError& e) {
            // Where one game is played, a list of values is a sweep asked of the wrong command.
            if (o.type == "string" || text.find(',') == std::string::npos) throw;
            throw UsageError(std::string(e.what()) + " (values separated by commas make a sweep, which only soloist sim plays)");
        }
    }
    return out;
}

bool is_bot_id(std::string_view id) {
    const auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    return !id.empty() && lower(id.front()) &&
           std::all_of(id.begin(), id.end(), [&](char c) { return lower(c) || (c >= '0' && c <= '9') || c == '-'; });
}

BotFiles scan_bot_files(const fs::path& dir, const Library& library) {
    // Keys tell the bot's files from the library's, so moving a file between them changes the hash.
    std::vector<std::pair<std::string, fs::path>> files;
    std::vector<std::string> links;
    std::error_code ec;
    // The bot folder, walked once: inside a hidden folder or scenarios/ (which do not change how
    // a game plays) only links are noted.
    int skipped_below = -1;  // the depth of the skipped folder being walked, or -1
    for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (skipped_below >= 0 && it.depth() <= skipped_below) skipped_below = -1;
        if (std::error_code link_ec; it->is_symlink(link_ec)) {
            std::error_code target_ec, real_ec;
            const fs::path target = fs::read_symlink(it->path(), target_ec);
            const fs::path real = fs::weakly_canonical(it->path(), real_ec);
            links.push_back(it->path().lexically_relative(dir).generic_string() + " -> " + target.string() + " = " +
                            real.string());
        }
        if (skipped_below >= 0) continue;
        std::error_code type_ec;
        if (hidden(it->path()) || (it.depth() == 0 && it->path().filename() == "scenarios")) {
            if (it->is_directory(type_ec)) skipped_below = it.depth();
            continue;
        }
        if (it->is_regular_file(type_ec) && it->path().extension() != ".md")
            files.emplace_back("bot/" + it->path().lexically_relative(dir).generic_string(), it->path());
    }
    BotFiles out;
    std::sort(links.begin(), links.end());
    for (const auto& l : links) out.links += l + '\n';
    if (ec) out.links += "(unreadable: " + ec.message() + ")\n";

    // The library's Lua files, but its own test bots.
    const fs::path lib = library.scripts_dir / "lib";
    std::error_code lib_ec;
    for (auto it = fs::recursive_directory_iterator(lib, lib_ec); !lib_ec && it != fs::recursive_directory_iterator();
         it.increment(lib_ec)) {
        const fs::path relative = it->path().lexically_relative(lib);
        if (hidden(it->path()) || (it.depth() == 0 && relative == "tests")) {
            if (it->is_directory()) it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file() && it->path().extension() == ".lua") files.emplace_back("lib/" + relative.generic_string(), it->path());
    }
    std::sort(files.begin(), files.end());

    std::uint64_t h = fnv1a64("");
    for (const auto& [key, file] : files) {
        const std::string contents = read_all(file);
        h = fnv1a64(key + '\n' + std::to_string(contents.size()) + '\n', h);
        h = fnv1a64(contents, h);
    }
    out.content_hash = hex64(h);
    return out;
}

std::string bot_content_hash(const fs::path& dir, const Library& library) { return scan_bot_files(dir, library).content_hash; }

}  // namespace soloist
