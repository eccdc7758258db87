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

int run_headless(const RunArgs& args, const Common& common) {
    const auto answers = load_answers(args.answers);
    Session s = new_session(args.request, common);
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
        std::cerr << "the game diverges from the journal at " << *divergence << "\n";
        return exit_game_error;
    }
    if (s.game->status() == Game::Status::failed) {
        std::cerr << "error: " << s.game->error() << "\n";
        return exit_game_error;
    }
    return exit_ok;
}

}  // namespace soloist::cli
