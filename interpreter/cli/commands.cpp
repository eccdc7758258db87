#include "cli/commands.hpp"

#include <iostream>

#include <spdlog/spdlog.h>

namespace soloist::cli {

namespace {

// "    --option rounds=1..30  (default 16) Rounds before the final win check."
void print_option(const OptionSpec& o, std::ostream& out) {
    out << "    --option " << o.id << "=";
    if (o.type == "choice") {
        std::string allowed;
        for (const auto& a : o.allowed) allowed += (allowed.empty() ? "" : "|") + (a.is_string() ? a.get<std::string>() : a.dump());
        out << allowed;
    } else if (o.type == "integer") {
        out << (o.min ? std::to_string(*o.min) : "") << ".." << (o.max ? std::to_string(*o.max) : "");
    } else {
        out << o.type;
    }
    out << "  (default " << (o.default_value.is_string() ? o.default_value.get<std::string>() : o.default_value.dump())
        << ") " << o.description << "\n";
}

}  // namespace

int list_bots(const ListArgs& args, const Common& common, std::ostream& out) {
    const auto lib = common.library();
    std::vector<FoundBot> found;
    if (args.bots.empty()) found = search_bots(lib, common.bot_dirs);
    for (const auto& name : args.bots) {
        const auto dir = resolve_bot(name, lib, common.bot_dirs);
        found.push_back(FoundBot{bot_id_of(dir), dir, {}});
    }
    if (args.ids) {
        for (const auto& bot : found) out << bot.id << "\n";
        return exit_ok;
    }
    if (found.empty()) out << "No bots found.\n";
    int broken = 0;
    for (const auto& [id, dir, hidden] : found) {
        try {
            const Bot bot = load_bot(dir, lib);
            if (args.option_names) {
                for (const auto& o : bot.options) out << o.id << "\n";
                continue;
            }
            out << bot.id << "  " << bot.name << " " << bot.version << " (" << bot.game << ")\n";
            out << "    " << bot.description << "\n";
            for (const auto& o : bot.options) print_option(o, out);
        } catch (const std::exception& e) {
            ++broken;
            if (!args.option_names) out << id << "  (cannot be loaded: run soloist check " << dir.string() << ")\n";
        }
        if (!args.option_names)
            for (const auto& h : hidden) out << "    hides the bot of the same id in " << h.string() << "\n";
    }
    return broken ? exit_game_error : exit_ok;
}

// A journal's answers fit only its own game: its bot, seed, options and house rules. Another
// game would take them for answers to other questions (or fail at the first), so it is refused.
static void check_journal_fits(const JournalHeader& j, const JournalHeader& run, const std::filesystem::path& file) {
    auto rules_of = [](const nlohmann::json& r) { return r.is_object() ? r.value("hash", std::string("?")) : std::string(); };
    std::string differs;
    if (j.bot_id != run.bot_id) differs = "its bot is " + j.bot_id + ", not " + run.bot_id;
    else if (j.seed != run.seed) differs = "its seed is " + std::to_string(j.seed) + ", not " + std::to_string(run.seed);
    else if (j.options != run.options) differs = "its options are " + clipped(j.options.dump(), 300) + ", not " + clipped(run.options.dump(), 300);
    else if (rules_of(j.rules) != rules_of(run.rules))
        differs = j.rules.is_object() ? "it was played with the house rules " + j.rules.value("file", std::string("?")) +
                                            (run.rules.is_object() ? ", not these" : "")
                                      : "it was played without house rules";
    if (!differs.empty())
        throw UsageError(file.string() + " is a journal of another game: " + differs +
                         ". Replay it with soloist replay " + shell_word(file.string()) +
                         ", or give run the journal's bot, seed, options and house rules");
}

int run_headless(const RunArgs& args, const Common& common) {
    std::optional<JournalHeader> journal;
    const auto answers = load_answers(args.answers, &journal);
    Session s = new_session(args.request, common);
    if (journal) check_journal_fits(*journal, s.game->journal().header, args.answers);
    s.game->start();
    const auto problem = feed_answers(*s.game, answers);
    write_output(args.transcript, s.game->transcript().to_jsonl());
    if (problem) {
        // A bot that stopped with an error leaves answers over: its error comes first.
        if (s.game->status() == Game::Status::failed) std::cerr << "error: " << s.game->error() << "\n";
        std::cerr << "error: " << *problem << "\n";
        return exit_game_error;
    }
    switch (s.game->status()) {
        case Game::Status::ended: return exit_ok;
        case Game::Status::failed: std::cerr << "error: " << s.game->error() << "\n"; return exit_game_error;
        case Game::Status::question: {
            const auto& q = s.game->question();
            std::cerr << "error: the answers ran out at question " << q.number << " (\"" << q.prompt
                      << "\"); legal answers: " << q.legal_answers() << "\n";
            return exit_game_error;
        }
    }
    return exit_ok;
}

int replay_journal(const ReplayArgs& args, const Common& common) {
    const Journal journal = load_journal(args.journal);
    std::optional<std::string> divergence;
    Session s = session_from_journal(journal, common, args.force, args.until.value_or(journal.entries.size()), &divergence);
    write_output(args.transcript, s.game->transcript().to_jsonl());
    if (divergence) {
        std::cerr << "error: the game diverges from the journal at " << *divergence << "\n";
        return exit_game_error;
    }
    if (s.game->status() == Game::Status::failed) {
        std::cerr << "error: " << s.game->error() << "\n";
        return exit_game_error;
    }
    // --force on other files that still take every answer: say so, or silence reads as nothing checked.
    if (args.force && !same_bot_files(*s.bot, journal.header))
        std::cerr << "replayed with other files of bot '" << journal.header.bot_id << "': every answer of the journal still fits\n";
    return exit_ok;
}

}  // namespace soloist::cli
