#include "cli/common.hpp"

#include <cmath>
#include <iostream>
#include <random>

#include <spdlog/spdlog.h>

#include "domain/atomic_file.hpp"
#include "domain/checked_bots.hpp"
#include "domain/file_access.hpp"
#include "domain/hash.hpp"
#include "domain/numbers.hpp"
#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"
#include "lua/lua_runner.hpp"

namespace soloist::cli {

Limits Common::effective_limits() const {
    Limits l = limits;
    if (limits_mode == "count") l.mode = Limits::Mode::count;
    else if (limits_mode == "none") l.mode = Limits::Mode::none;
    else l.mode = Limits::Mode::watchdog;
    l.max_memory = static_cast<std::size_t>(max_memory_mib * 1024 * 1024);
    l.hard_stop = true;
    return l;
}

Bot load_bot_cached(const std::filesystem::path& dir, const Library& library, CacheUse* use) {
    return load_checked_bot(dir, library, checked_bots_dir(), use, [&](const Bot& bot) {
        return lua::compile_bot_scripts(bot, library.scripts_dir / "lib");
    });
}

Bot load_bot_named(const std::string& name, const Common& common) {
    const auto lib = common.library();
    std::optional<Bot> loaded;
    CacheUse use = CacheUse::off;
    // The usual case: loading the folder named as the bot reads its manifest once, where
    // asking resolve_bot first would read it twice.
    if (const auto dir = usual_bot_folder(name, lib, common.bot_dirs); !dir.empty()) {
        spdlog::debug("loading bot '{}' from {}", name, dir.string());
        loaded = load_bot_cached(dir, lib, &use);
        if (loaded->id != name) loaded.reset();
    }
    if (!loaded) {
        const auto dir = resolve_bot(name, lib, common.bot_dirs);
        spdlog::debug("loading bot '{}' from {}", name, dir.string());
        loaded = load_bot_cached(dir, lib, &use);
    }
    Bot bot = std::move(*loaded);
    spdlog::debug("bot {} {}: {} component files, files hash {}, {}", bot.id, bot.version, bot.component_files.size(),
                  bot.content_hash,
                  use == CacheUse::hit ? "checked before (from the cache of checked bots)" : "checked now");
    return bot;
}

// A YAML file the user names (answers, house rules, scenarios): a regular file of at most
// kMaxReadBytes; `what` names it in the message ("answers file").
static std::string read_named_file(const std::filesystem::path& file, const std::string& what, const std::string& advice) {
    try {
        return read_regular_file(file);
    } catch (const FileReadError& e) {
        if (e.reason == FileReadError::Reason::missing) throw UsageError(what + " not found: " + file.string());
        throw UsageError(what + " " + file.string() + " " + e.problem + "; " + advice);
    }
}

HouseRules load_house_rules(const std::filesystem::path& file) {
    const std::string text = read_named_file(file, "house rules file", "pass a YAML file of house rules");
    const auto lib = Library::in_use();
    const YamlDocument doc = parse_yaml(text, file);
    if (auto problems = check_schema(doc, lib.schemas_dir / "rules.schema.yaml"); !problems.empty())
        throw ValidationError(std::move(problems));
    const auto& data = doc.data;
    HouseRules rules;
    rules.file = file;
    if (data.contains("options")) rules.options = data["options"];
    std::string hashed = text;
    if (data.contains("script")) {
        // Beside the rules file, as written and once links are followed.
        const std::string script = data["script"].get<std::string>();
        const std::filesystem::path relative = std::filesystem::path(script).lexically_normal();
        const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
        if (relative.is_absolute() || (!relative.empty() && *relative.begin() == ".."))
            throw GameError(file.string() + ": the house rule's script '" + script +
                            "' must be a relative path inside the folder of the rules file");
        rules.script = file.parent_path() / relative;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(rules.script, ec)) {
            const std::string kind = file_kind(rules.script);
            throw GameError(file.string() + ": the house rule's script " + rules.script.string() +
                            (kind.empty() ? " does not exist" : " is not a regular file (it is " + kind + ")"));
        }
        if (const auto problem = outside_problem(rules.script, folder, script, "the folder of the rules file"))
            throw GameError(file.string() + ": the house rule's script " + *problem +
                            "; keep the script beside the rules file");
        try {
            hashed += read_regular_file(rules.script);
        } catch (const FileReadError& e) {
            throw GameError(file.string() + ": the house rule's script " + e.what());
        }
    }
    rules.hash = hex64(fnv1a64(hashed));
    return rules;
}

std::uint64_t fresh_seed() {
    std::random_device rd;
    // Seeds a player types back in: keep them short.
    return (static_cast<std::uint64_t>(rd()) << 8 ^ rd()) % 1'000'000'000ull;
}

std::unique_ptr<Game> make_game(const Bot& bot, GameSetup setup) {
    setup.bot = &bot;
    if (setup.lib_dir.empty()) setup.lib_dir = Library::in_use().scripts_dir / "lib";
    return std::make_unique<Game>(std::move(setup), lua::make_runner);
}

static Session make_session(std::unique_ptr<Bot> bot, GameSetup setup) {
    Session s;
    s.bot = std::move(bot);
    s.game = make_game(*s.bot, std::move(setup));
    return s;
}

Session new_session(const GameRequest& request, const Common& common, const std::vector<ForcedValue>& forced) {
    auto bot = std::make_unique<Bot>(load_bot_named(request.bot, common));
    GameSetup setup;
    if (!request.rules_file.empty()) setup.rules = load_house_rules(request.rules_file);
    setup.options = resolve_options(*bot, request.options, setup.rules ? setup.rules->options : nlohmann::json());
    setup.seed = request.seed ? *request.seed : fresh_seed();
    spdlog::debug("new game of {} with seed {} and options {}", bot->id, setup.seed, setup.options.dump());
    setup.limits = common.effective_limits();
    setup.forced = forced;
    return make_session(std::move(bot), std::move(setup));
}

bool same_bot_files(const Bot& bot, const JournalHeader& h) {
    return bot.content_hash == h.bot_hash && bot.version == h.bot_version;
}

Session session_from_journal(const Journal& journal, const Common& common, bool force, std::size_t limit,
                             std::optional<std::string>* divergence) {
    const auto& h = journal.header;
    // By id, as the player's bots are now; else from the folder the game was played with.
    std::unique_ptr<Bot> bot;
    try {
        bot = std::make_unique<Bot>(load_bot_named(h.bot_id, common));
    } catch (const UsageError&) {
        std::error_code ec;
        if (h.bot_dir.empty() || !std::filesystem::is_regular_file(std::filesystem::path(h.bot_dir) / "bot.yaml", ec)) throw;
        bot = std::make_unique<Bot>(load_bot_cached(h.bot_dir, common.library()));
    }
    if (!same_bot_files(*bot, h) && !force) {
        // Found by id in another folder than the game's (a bot of --bots, replayed without it)?
        std::string elsewhere;
        if (!h.bot_dir.empty() && h.bot_dir != bot->journal_dir)
            elsewhere = " It was played with the bot in " + h.bot_dir + ", not the one in " + bot->journal_dir +
                        ": give --bots " + shell_word(std::filesystem::path(h.bot_dir).parent_path().string()) +
                        " to replay it with that folder.";
        throw GameError("this journal was played with other files of bot '" + h.bot_id + "' (version " + h.bot_version +
                        ", files " + h.bot_hash + "; now version " + bot->version + ", files " + bot->content_hash +
                        ")." + elsewhere + " Its answers may not fit the bot any more. Replay it anyway with --force, which reports "
                        "the first step where the game differs.");
    }
    GameSetup setup;
    if (h.rules.is_object()) {
        setup.rules = load_house_rules(h.rules.value("file", ""));
        if (setup.rules->hash != h.rules.value("hash", "") && !force)
            throw GameError("the house rules file " + setup.rules->file.string() +
                            " changed since this game was played; replay with --force to try anyway");
    }
    setup.options = h.options;
    setup.seed = h.seed;
    setup.created = h.created;
    setup.limits = common.effective_limits();
    Session s = make_session(std::move(bot), std::move(setup));
    s.game->start();
    std::vector<JournalEntry> entries(journal.entries.begin(),
                                      journal.entries.begin() + static_cast<std::ptrdiff_t>(std::min(limit, journal.entries.size())));
    auto diverged = s.game->replay(entries);
    if (diverged && !force)
        throw GameError("the journal does not replay: " + *diverged);
    if (divergence) *divergence = diverged;
    return s;
}

std::vector<JournalEntry> answers_from_json(const nlohmann::json& list, const std::string& where) {
    if (!list.is_array()) throw GameError(where + ": the answers must be a list");
    std::vector<JournalEntry> out;
    int n = 0;
    for (const auto& a : list) {
        ++n;
        JournalEntry e;
        // Integers through json_integer: 18446744073709551615 is refused, not read as -1.
        // (YAML keeps a whole number too large for 64 bits as a float.)
        const nlohmann::json& number = a.is_object() && a.contains("value") ? a["value"] : a;
        const bool huge = number.is_number_float() && std::abs(number.get<double>()) >= 9223372036854775808.0;
        if ((number.is_number_integer() && !json_integer(number)) || huge)
            throw GameError(where + ": answer " + std::to_string(n) + ": " + number.dump() +
                            " is out of range: a whole number is from " + std::string(kInt64Range));
        if (a.is_object()) {
            if (!a.contains("correct") || !a["correct"].is_string() || !a.contains("value") || !a["value"].is_number_integer())
                throw GameError(where + ": answer " + std::to_string(n) + " must be a value or {correct: id, value: number}");
            e.kind = JournalEntry::Kind::correction;
            e.target = a["correct"];
            e.value = a["value"];
        } else if (a.is_string() || a.is_boolean() || a.is_number_integer()) {
            e.value = a;
        } else {
            throw GameError(where + ": answer " + std::to_string(n) + " must be a string, a whole number, true/false or {correct: id, value: number}");
        }
        out.push_back(std::move(e));
    }
    return out;
}

std::string counted(std::size_t n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::vector<JournalEntry> load_answers(const std::filesystem::path& file, std::optional<JournalHeader>* journal) {
    // Read once: a journal or a YAML list, told apart by the first line.
    const std::string text = read_named_file(file, "answers file", "pass a YAML list of answers or a journal");
    if (text.rfind("{\"soloist_journal\"", 0) == 0) {
        Journal j = parse_journal(text, file);
        if (journal) *journal = std::move(j.header);
        return std::move(j.entries);
    }
    return answers_from_json(parse_yaml(text, file).data, file.string());
}

std::optional<std::string> feed_answers(Game& game, const std::vector<JournalEntry>& answers) {
    for (std::size_t i = 0; i < answers.size(); ++i) {
        if (game.status() != Game::Status::question)
            return "answer " + std::to_string(i + 1) + " is left over: the game " +
                   (game.status() == Game::Status::ended ? "ended" : "stopped") + " before it";
        const auto& a = answers[i];
        try {
            if (a.kind == JournalEntry::Kind::correction) game.correct(a.target, a.value.get<long long>());
            else game.answer(a.value);
        } catch (const IllegalAnswer& e) {
            return std::string("answer ") + std::to_string(i + 1) + ": " + e.what();
        } catch (const GameError& e) {
            return std::string("answer ") + std::to_string(i + 1) + ": " + e.what();
        }
    }
    return std::nullopt;
}

// What was given, cut short so that a 300-digit number does not flood the message.
static std::string given(const std::string& text) {
    return "'" + (text.size() > 40 ? text.substr(0, 37) + "..." : text) + "'";
}

std::uint64_t seed_option(const std::string& option, const std::string& text) {
    if (const auto n = parse_unsigned(text)) return *n;
    throw UsageError(option + " expects " + std::string(kSeedRange) + " (decimal digits only), got " + given(text));
}

std::uint64_t count_option(const std::string& option, const std::string& text, std::uint64_t min, std::uint64_t max,
                           const std::string& unit) {
    if (const auto n = parse_unsigned(text); n && *n >= min && *n <= max) return *n;
    throw UsageError(option + " expects a whole number " + (unit.empty() ? "" : "of " + unit + " ") + "from " +
                     std::to_string(min) + " to " + std::to_string(max) + ", got " + given(text));
}

double seconds_option(const std::string& option, const std::string& text) {
    if (const auto x = parse_decimal(text); x && *x > 0 && *x <= kMaxSeconds) return *x;
    throw UsageError(option + " expects a number of seconds above 0 and at most " + std::to_string(static_cast<int>(kMaxSeconds)) +
                     " (like 2 or 0.5), got " + given(text));
}

void write_output(const std::filesystem::path& path, const std::string& text) {
    if (path.empty() || path == "-") {
        std::cout << text << std::flush;
        return;
    }
    write_file_atomically(path, text);
}

std::string shell_word(const std::string& word) {
    const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                "0123456789_-+=.,/:@%") == std::string::npos;
    if (plain) return word;
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace soloist::cli
