#include "cli/commands.hpp"

#include <iostream>

#include <spdlog/spdlog.h>

namespace soloist::cli {

int list_bots(const Common& common, std::ostream& out) {
    const auto lib = common.library();
    const auto dirs = find_bots(lib, common.bot_dirs);
    if (dirs.empty()) out << "No bots found.\n";
    int broken = 0;
    for (const auto& dir : dirs) {
        try {
            const Bot bot = load_bot(dir, lib);
            out << bot.id << "  " << bot.name << " " << bot.version << " (" << bot.game << ")\n";
            out << "    " << bot.description << "\n";
            for (const auto& o : bot.options) {
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
        } catch (const std::exception& e) {
            ++broken;
            out << bot_id_of(dir) << "  (cannot be loaded: run soloist check " << dir.string() << ")\n";
        }
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
