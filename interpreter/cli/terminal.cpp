#include "cli/terminal.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <sstream>

#include <spdlog/spdlog.h>

#include "cli/grid_text.hpp"
#include "cli/table.hpp"
#include "domain/data_root.hpp"
#include "domain/numbers.hpp"

namespace soloist::cli {

std::filesystem::path saved_games_dir() { return user_data_dir(); }

static std::string value_text(const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string s;
        for (const auto& item : v) s += (s.empty() ? "" : ", ") + value_text(item);
        return v.empty() ? "none" : s;
    }
    if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
    if (v.is_null()) return "-";
    return v.dump();
}

std::string describe_show(const nlohmann::json& show) {
    if (!show.is_object()) return "The bot has shown nothing yet.\n";
    std::string s = "== " + show.value("title", std::string("state")) + " ==\n";
    for (const auto& e : show.value("entries", nlohmann::json::array())) {
        if (!e.is_object()) continue;
        if (e.contains("grid")) s += "  " + e.value("label", std::string()) + ":\n" + grid_text(e["grid"], "    ");
        else s += "  " + e.value("label", std::string()) + ": " + value_text(e.contains("value") ? e["value"] : nlohmann::json()) + "\n";
    }
    return s;
}

std::string describe_event(const nlohmann::json& e) {
    const std::string kind = e.value("event", "");
    if (kind == "say") return e.value("text", "") + "\n";
    if (kind == "why") return "  (why: " + e.value("text", "") + ")\n";
    if (kind == "show") return describe_show(e);
    if (kind == "roll") {
        const auto sides = e.contains("sides") ? "d" + e["sides"].dump() : e["min"].dump() + "-" + e["max"].dump();
        return "  [" + e.value("stream", "") + ": rolled " + e["result"].dump() + " on " + sides + "]\n";
    }
    if (kind == "pick") return "  [" + e.value("stream", "") + ": drew " + value_text(e["item"]) + "]\n";
    if (kind == "correct") return "  [corrected " + e.value("target", "") + " to " + e["value"].dump() + "]\n";
    if (kind == "end") {
        std::string s = "\n*** The game is over: " + e.value("result", "") + " ***\n";
        if (e.contains("summary")) s += value_text(e["summary"]) + "\n";
        if (e.contains("scores") && e["scores"].is_object())
            for (const auto& [k, v] : e["scores"].items()) s += "  " + k + ": " + value_text(v) + "\n";
        return s;
    }
    if (kind == "error") return "\nThe bot stopped with an error:\n" + e.value("message", "") + "\n";
    return "";
}

std::string describe_question(const Question& q) {
    std::string s = "\n[" + std::to_string(q.number) + "] " + q.prompt + "\n";
    switch (q.kind) {
        case Question::Kind::ask:
            for (std::size_t i = 0; i < q.choices.size(); ++i)
                s += "  " + std::to_string(i + 1) + ") " + q.choices[i].label +
                     (q.choices[i].label != q.choices[i].id ? "  [" + q.choices[i].id + "]" : "") + "\n";
            break;
        case Question::Kind::confirm: s += "  (yes or no)\n"; break;
        case Question::Kind::number: s += "  (" + std::to_string(q.min) + " to " + std::to_string(q.max) + ")\n"; break;
    }
    return s + "> ";
}

static const char* const help_text =
    "Answer with an option's number or its name (yes/no, or a number, where asked).\n"
    "At any prompt:\n"
    "  undo           take back your last answer (the dice and draws stay as they were)\n"
    "  show           the bot's state\n"
    "  why            the reasons for the bot's last decisions\n"
    "  set NAME N     correct one of the bot's values (type `set` to list them)\n"
    "  help           this text\n"
    "  quit           save and leave; resume with soloist play --journal FILE\n";

namespace {

class TerminalGame {
public:
    TerminalGame(const PlayArgs& args, const Common& common, std::istream& in, std::ostream& out)
        : args_(args), common_(common), in_(in), out_(out) {}

    int run() {
        if (!open()) return exit_game_error;
        for (;;) {
            if (game().status() == Game::Status::ended) {
                out_ << "The game is saved in " << table_->path().string() << "\n";
                return exit_ok;
            }
            if (game().status() == Game::Status::failed) {
                out_ << "Your answers so far are saved in " << table_->path().string() << "\n";
                return exit_game_error;
            }
            out_ << describe_question(game().question()) << std::flush;
            std::string line;
            if (!std::getline(in_, line)) return quit("\n");
            if (!handle(line)) return quit("");
        }
    }

private:
    Game& game() { return table_->game(); }
    // ", house rules gentler.yaml" when the game is played with some: the player is told.
    std::string rules_text() {
        const auto& rules = game().setup().rules;
        return rules ? ", house rules " + rules->file.filename().string() : std::string();
    }

    bool open() {
        auto print = [this](const nlohmann::json& e) { out_ << describe_event(e); };
        std::error_code ec;
        if (!args_.journal.empty() && std::filesystem::exists(args_.journal, ec)) {
            try {
                table_.emplace(Table::resume(args_.journal, common_, args_.force, print));
            } catch (const std::exception& e) {
                out_ << e.what() << "\n";
                return false;
            }
            const auto& h = game().journal().header;
            out_ << "Resuming " << h.bot_id << " (seed " << h.seed << rules_text() << ") after "
                 << counted(game().journal().entries.size(), "answer") << ".\n";
            recap();
            show();
            // Replayed silently: a bot that stops with an error must still say why.
            if (game().status() == Game::Status::failed)
                out_ << describe_event({{"event", "error"}, {"message", game().error()}});
            return true;
        }
        table_.emplace(Table::create(args_.request, common_, args_.journal, print));
        out_ << "Soloist: " << table_->bot().name << " (" << table_->bot().id << " " << table_->bot().version << "), seed "
             << game().setup().seed << rules_text() << ". Type help at any prompt.\n";
        try {
            table_->begin();
        } catch (const GameError& e) {
            out_ << e.what() << "\n";
            return false;
        }
        return true;
    }

    // The bot's state as it is now (its view built again), or the last one it showed.
    void show() {
        std::string error;
        const auto state = table_->show(error);
        if (!error.empty()) out_ << "(the bot's show failed, so this is the last state it showed: " << error << ")\n";
        out_ << describe_show(state);
    }

    // A resumed game: what the bot said and did since the player's last answer, which led to
    // the question waiting now (the whole game so far when nothing was answered yet).
    void recap() {
        nlohmann::json last;
        std::string told;
        for (const auto& e : table_->since_last_answer(last)) told += describe_event(e);
        if (told.empty()) return;
        out_ << (last.is_null() ? "The game so far:\n" : "Since your last answer (" + last.dump() + "):\n") << told;
    }

    int quit(const char* prefix) {
        try {
            table_->ensure_saved();
        } catch (const GameError& e) {
            out_ << prefix << e.what() << "\n";
            return exit_game_error;
        }
        out_ << prefix << "Saved. Resume with: soloist play --journal " << table_->path().string() << "\n";
        return exit_ok;
    }

    // Returns false to quit.
    bool handle(const std::string& raw) {
        std::istringstream words(raw);
        std::string command;
        words >> command;
        if (command == "quit" || command == "exit") return false;
        if (command == "help" || command == "?") {
            out_ << help_text;
            return true;
        }
        if (command == "show") {
            show();
            return true;
        }
        if (command == "why") {
            const auto& reasons = table_->reasons();
            if (reasons.empty()) out_ << "The bot gave no reasons for its last decisions.\n";
            for (const auto& r : reasons) out_ << "  - " << r << "\n";
            return true;
        }
        if (command == "undo") {
            try {
                table_->undo();
            } catch (const GameError& e) {
                out_ << e.what() << "\n";
                return true;
            }
            out_ << "Undone. Back at question " << game().question().number << ".\n";
            show();
            return true;
        }
        if (command == "set") {
            correct(words);
            return true;
        }
        try {
            table_->answer(nlohmann::json(raw));
        } catch (const IllegalAnswer&) {
            out_ << "'" << raw << "' is not an answer here. Legal: " << game().question().legal_answers()
                 << " (or type help)\n";
        } catch (const GameError& e) {
            out_ << e.what() << "\n";
        }
        return true;
    }

    void correct(std::istringstream& words) {
        std::string id, number, extra;
        words >> id >> number;
        if (!number.empty()) {
            // The whole word, range-checked: "5x" and 99999999999999999999 are not numbers.
            const auto value = parse_signed(number);
            if (!value || (words >> extra)) {
                out_ << "'" << number << (extra.empty() ? "" : " " + extra) << "' is not a whole number. Usage: set NAME NUMBER\n";
                return;
            }
            try {
                table_->correct(id, *value);
            } catch (const GameError& e) {
                out_ << e.what() << "\n";
            }
            return;
        }
        const auto list = game().correctables();
        if (list.empty()) out_ << "This bot has no values to correct.\n";
        else out_ << "Usage: set NAME NUMBER. Correctable values:\n";
        for (const auto& c : list)
            out_ << "  " << c.id << "  " << c.label << ": " << (c.value ? std::to_string(*c.value) : "?") << " ("
                 << c.min << " to " << c.max << ")\n";
    }

    const PlayArgs& args_;
    const Common& common_;
    std::istream& in_;
    std::ostream& out_;
    std::optional<Table> table_;
};

}  // namespace

int play(const PlayArgs& args, const Common& common, std::istream& in, std::ostream& out) {
    return TerminalGame(args, common, in, out).run();
}

int list_games(std::ostream& out) {
    const auto dir = saved_games_dir();
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(dir, ec))
        for (const auto& e : std::filesystem::directory_iterator(dir, ec))
            if (e.path().extension() == ".journal") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        out << "No saved games in " << dir.string() << "\n";
        return exit_ok;
    }
    for (const auto& f : files) {
        try {
            const auto j = load_journal(f);
            out << f.string() << "\n    " << j.header.bot_id << " " << j.header.bot_version << ", seed " << j.header.seed
                << ", " << counted(j.entries.size(), "answer") << ", started " << j.header.created << "\n";
        } catch (const std::exception& e) {
            out << f.string() << "\n    cannot be resumed: " << e.what() << "\n";
        }
    }
    out << "Resume one with: soloist play --journal FILE\n";
    return exit_ok;
}

}  // namespace soloist::cli
