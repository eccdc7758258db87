#pragma once
// Bot manifests (bot.yaml): loading and checking a bot folder, finding bots, and resolving the
// options a game is played with.

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "domain/diagnostics.hpp"
#include "domain/file_access.hpp"  // the rules for the files of a bot folder

namespace soloist {

struct OptionSpec {
    std::string id, type /*choice|integer|boolean|string*/, description;
    nlohmann::json default_value;
    std::vector<nlohmann::json> allowed;
    std::optional<long long> min, max;
};

struct StepSpec {
    std::string id, description;
};

struct ComponentSpec {
    std::string name;
    std::filesystem::path file;    // the bot folder joined with the manifest's `file`
    std::filesystem::path schema;  // the library's schemas/<name>.schema.yaml, or the bot folder joined with its own
};

struct Bot {
    std::filesystem::path dir;
    std::string journal_dir;    // dir made absolute and normal: what a journal's header names
    std::string id, name, game, version, description, entry;
    std::vector<OptionSpec> options;
    std::vector<StepSpec> steps;
    std::vector<ComponentSpec> component_files;
    nlohmann::json components;  // name -> validated data
    std::string content_hash;   // 16 hex digits
    // The bot's and the library's Lua files compiled (lua_dump, debug information kept), by the
    // file's path in normal form: from the cache of checked bots (checked_bots.hpp), which
    // compiled them from these very files. Empty: every script is compiled from its text.
    std::map<std::string, std::string> chunks;
};

// Where the Lua library, the bundled bots and the schemas are, and the player's own bots.
struct Library {
    std::filesystem::path scripts_dir;    // holds lib/ and the bundled bots
    std::filesystem::path schemas_dir;
    std::filesystem::path user_bots_dir = {};  // the player's own bots (empty: none)

    // The data root of this process (data_root.hpp: $SOLOIST_HOME, else installed beside the
    // program, else the source tree of its build folder) and $XDG_DATA_HOME/soloist/bots.
    // Throws DataNotFound when there is no data root.
    static Library in_use();
};

// Loads and checks the bot in `dir`: bot.yaml against schemas/bot.schema.yaml, then each
// component against its schema, the references between components, the entry script, the
// option defaults and the step ids. Throws ValidationError with every problem in every file.
Bot load_bot(const std::filesystem::path& dir, const Library& library);

// A bot found, and the folders of the same id it hides.
struct FoundBot {
    std::string id;
    std::filesystem::path dir;
    std::vector<std::filesystem::path> hidden;  // later in the search order, so never used by id
};

// The bots found, searched in this order: each of `extra_roots` (--bots: the root itself if it
// has bot.yaml, then its subfolders that do, by folder name), then the player's own bots
// (library.user_bots_dir's subfolders), then the bundled bots (each folder of scripts/ with a
// bot.yaml, but lib/). An id found twice is the first one's: the others are in its `hidden`.
// Sorted by id. Throws UsageError if an extra root is not a folder.
std::vector<FoundBot> search_bots(const Library& library, const std::vector<std::filesystem::path>& extra_roots);

// The folders of search_bots(): each bot id once, sorted by id.
std::vector<std::filesystem::path> find_bots(const Library& library,
                                             const std::vector<std::filesystem::path>& extra_roots);

// A bot's id as its bot.yaml gives it, or the folder's name when bot.yaml has no readable id.
std::string bot_id_of(const std::filesystem::path& dir);

// Where resolve_bot looks first for a bot named `name`: the bundled folder of that name, when
// no --bots folder and no bot of the player's comes before it and `name` is neither a path nor
// a bot folder here. Empty when that shortcut does not apply. The bot found there is the one
// only if its id is `name`.
std::filesystem::path usual_bot_folder(const std::string& name, const Library& library,
                                       const std::vector<std::filesystem::path>& extra_roots);

// The folder of a bot given by id (the one search_bots() finds for that id) or by its path.
// Throws UsageError: "unknown bot 'guildmat' (did you mean 'guild-mat'?); bots: guild-mat, ...".
std::filesystem::path resolve_bot(const std::string& name_or_dir, const Library& library,
                                  const std::vector<std::filesystem::path>& extra_roots);

// The options a game is played with, id -> value: each option's default, then the values in
// `overlay` (an object from a house-rules file, or null), then each "id=value" of
// `given_k_eq_v` (typed per the option: integers, true/false/yes/no, a choice among its
// allowed values). Throws UsageError naming an unknown option or a value that is not allowed.
nlohmann::json resolve_options(const Bot& bot, const std::vector<std::string>& given_k_eq_v,
                               const nlohmann::json& overlay);

// A bot id's shape, as schemas/bot.schema.yaml has it: lower-case letters, digits and dashes,
// starting with a letter (what players type, and what names a bot's files).
bool is_bot_id(std::string_view id);

// What a bot folder holds, from one walk of it: the files a game reads, hashed, and its links.
struct BotFiles {
    // FNV-1a 64 (as 16 hex digits) over the sorted relative paths and contents of every file of
    // the bot folder but scenarios/, *.md and hidden (dot) files, and every Lua file of scripts/lib.
    std::string content_hash;
    // Every symbolic link under the folder (hidden and scenario folders too: the check follows
    // them all), a line each, sorted: its relative path, what it names and where it leads once
    // resolved; a last line if the walk could not read the folder.
    std::string links;
};
BotFiles scan_bot_files(const std::filesystem::path& dir, const Library& library);

// scan_bot_files' content hash.
std::string bot_content_hash(const std::filesystem::path& dir, const Library& library);

}  // namespace soloist
