#include "cli/common.hpp"

#include <fstream>
#include <iostream>
#include <random>

#include <spdlog/spdlog.h>

#include "domain/atomic_file.hpp"
#include "domain/hash.hpp"
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

Bot load_bot_named(const std::string& name, const Common& common) {
    const auto lib = common.library();
    std::optional<Bot> loaded;
    // The usual case: loading the folder named as the bot reads its manifest once, where
    // asking resolve_bot first would read it twice.
    if (const auto dir = usual_bot_folder(name, lib, common.bot_dirs); !dir.empty()) {
        spdlog::debug("loading bot '{}' from {}", name, dir.string());
        loaded = load_bot(dir, lib);
        if (loaded->id != name) loaded.reset();
    }
    if (!loaded) {
        const auto dir = resolve_bot(name, lib, common.bot_dirs);
        spdlog::debug("loading bot '{}' from {}", name, dir.string());
        loaded = load_bot(dir, lib);
    }
    Bot bot = std::move(*loaded);
    spdlog::debug("bot {} {}: {} component files, files hash {}", bot.id, bot.version, bot.component_files.size(),
                  bot.content_hash);
    return bot;
}

HouseRules load_house_rules(const std::filesystem::path& file) {
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) throw UsageError("house rules file not found: " + file.string());
    const auto lib = Library::from_source_tree();
    const auto data = load_checked(file, lib.schemas_dir / "rules.schema.yaml");
    HouseRules rules;
    rules.file = file;
    if (data.contains("options")) rules.options = data["options"];
    std::string hashed = read_file(file).value_or("");
    if (data.contains("script")) {
        rules.script = file.parent_path() / data["script"].get<std::string>();
        if (!std::filesystem::is_regular_file(rules.script, ec))
            throw GameError(file.string() + ": the house rule's script " + rules.script.string() + " does not exist");
        hashed += read_file(rules.script).value_or("");
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
    if (setup.lib_dir.empty()) setup.lib_dir = Library::from_source_tree().scripts_dir / "lib";
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
        bot = std::make_unique<Bot>(load_bot(h.bot_dir, common.library()));
    }
    const bool same = bot->content_hash == h.bot_hash && bot->version == h.bot_version;
    if (!same && !force)
        throw GameError("this journal was played with other files of bot '" + h.bot_id + "' (version " + h.bot_version +
                        ", files " + h.bot_hash + "; now version " + bot->version + ", files " + bot->content_hash +
                        "). Its answers may not fit the bot any more. Replay it anyway with --force, which reports "
                        "the first step where the game differs.");
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

std::vector<JournalEntry> load_answers(const std::filesystem::path& file) {
    std::error_code ec;
    // Read twice (its first line, then as a journal or YAML): it must be a regular file.
    if (!std::filesystem::is_regular_file(file, ec)) throw UsageError("answers file not found: " + file.string());
    std::string first;
    {
        std::ifstream in(file);
        std::getline(in, first);
    }
    if (first.rfind("{\"soloist_journal\"", 0) == 0) return load_journal(file).entries;
    return answers_from_json(load_yaml(file).data, file.string());
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
            return std::string("step ") + std::to_string(i + 1) + ": " + e.what();
        } catch (const GameError& e) {
            return std::string("step ") + std::to_string(i + 1) + ": " + e.what();
        }
    }
    return std::nullopt;
}

void write_output(const std::filesystem::path& path, const std::string& text) {
    if (path.empty() || path == "-") {
        std::cout << text << std::flush;
        return;
    }
    write_file_atomically(path, text);
}

}  // namespace soloist::cli
