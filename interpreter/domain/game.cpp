#include "domain/game.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>

#include <spdlog/spdlog.h>

#include "domain/diagnostics.hpp"

namespace soloist {

nlohmann::json HouseRules::to_json() const {
    return {{"file", file.generic_string()}, {"script", script.empty() ? "" : script.generic_string()},
            {"options", options}, {"hash", hash}};
}

std::string now_iso() {
    const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Game::Game(GameSetup setup, RunnerFactory factory) : setup_(std::move(setup)), random_(setup_.seed) {
    for (const auto& f : setup_.forced) random_.force(f);
    auto& s = script_setup_;
    s.bot = setup_.bot;
    s.options = &setup_.options;
    s.seed = setup_.seed;
    s.lib_dir = setup_.lib_dir;
    s.limits = setup_.limits;
    s.random = &random_;
    s.transcript = &transcript_;
    s.cache = setup_.cache;
    if (setup_.rules) s.rules_script = setup_.rules->script;
    runner_ = factory(s);

    auto& h = journal_.header;
    h.bot_id = setup_.bot->id;
    h.bot_version = setup_.bot->version;
    h.bot_hash = setup_.bot->content_hash;
    h.bot_dir = setup_.bot->journal_dir;
    h.options = setup_.options;
    h.seed = setup_.seed;
    h.rules = setup_.rules ? setup_.rules->to_json() : nlohmann::json();
    h.created = setup_.created.empty() ? now_iso() : setup_.created;
}

void Game::start() {
    if (transcript_.recording()) emit_start();
    take(runner_->start());
}

void Game::emit_start() {
    nlohmann::json start = {{"event", "start"},        {"bot", setup_.bot->id}, {"version", setup_.bot->version},
                            {"seed", setup_.seed},     {"options", setup_.options}};
    if (setup_.rules) start["rules"] = setup_.rules->file.filename().string();
    transcript_.emit(std::move(start));
}

nlohmann::json Game::step_json() const {
    switch (status_) {
        case Status::question: return {{"status", "question"}, {"question", question_.to_json()}};
        case Status::ended: return {{"status", "ended"}, {"end", ending_}};
        case Status::failed: break;
    }
    return {{"status", "failed"}, {"error", error_}};
}

void Game::take(ScriptOutcome& outcome) {
    switch (outcome.kind) {
        case ScriptOutcome::Kind::question:
            status_ = Status::question;
            std::swap(question_, outcome.question);
            if (transcript_.recording()) transcript_.emit(question_.to_json());
            break;
        case ScriptOutcome::Kind::end: {
            status_ = Status::ended;
            ending_ = std::move(outcome.end);
            if (transcript_.recording()) {
                nlohmann::json e = ending_;
                e["event"] = "end";
                transcript_.emit(std::move(e));
            }
            break;
        }
        case ScriptOutcome::Kind::error:
            status_ = Status::failed;
            error_ = std::move(outcome.error);
            transcript_.emit({{"event", "error"}, {"message", error_}});
            break;
    }
}

// Adds an entry to the journal and saves it; if the save fails, the entry is taken back, so
// the game, the journal in memory and the file on disk stay in step.
void Game::record(JournalEntry entry) {
    journal_.entries.push_back(std::move(entry));
    if (!autosave_) return;
    try {
        save_journal(*autosave_, journal_);
        spdlog::debug("saved the journal ({} entries) to {}", journal_.entries.size(), autosave_->string());
    } catch (const std::exception& e) {
        journal_.entries.pop_back();
        throw GameError(std::string("could not save the game: ") + e.what() +
                        "\nNothing was recorded: the journal as it was before is intact. Answer again once the "
                        "problem is solved, or quit.");
    }
}

void Game::answer(const nlohmann::json& given) {
    if (status_ != Status::question) throw GameError("the game is not waiting for an answer");
    const auto accepted = question_.accept(given);
    if (!accepted) {
        const std::string shown = given.is_string() ? given.get<std::string>() : given.dump();
        throw IllegalAnswer("question " + std::to_string(question_.number) + " (\"" + question_.prompt +
                            "\"): '" + shown + "' is not a legal answer; legal answers: " + question_.legal_answers());
    }
    JournalEntry entry;
    entry.kind = JournalEntry::Kind::answer;
    entry.question = question_.number;
    entry.value = std::move(*accepted);
    record(std::move(entry));
    const auto& value = journal_.entries.back().value;
    if (transcript_.recording())
        transcript_.emit({{"event", "answer"}, {"question", question_.number}, {"value", value}});
    take(runner_->resume(value));
}

void Game::play_by(AutoPlayer& player, std::size_t max_answers) {
    player_ = &player;
    max_inline_answers_ = max_answers;
    journal_.entries.reserve(std::min<std::size_t>(max_answers, 64));  // most games' answers, without regrowing
    script_setup_.inline_answers = this;
}

bool Game::answer_inline(const Question& q, long long& pick) {
    if (journal_.entries.size() >= max_inline_answers_) return false;
    pick = player_->pick(q);
    auto value = q.answer_for(pick);
    if (!value)
        throw GameError("question " + std::to_string(q.number) + ": the simulated player's pick " + std::to_string(pick) +
                        " is not a legal answer; legal answers: " + q.legal_answers());
    JournalEntry entry;
    entry.kind = JournalEntry::Kind::answer;
    entry.question = q.number;
    entry.value = std::move(*value);
    record(std::move(entry));
    return true;
}

std::vector<Correctable> Game::correctables() const { return runner_->correctables(); }

nlohmann::json Game::current_show(std::string& error) const {
    error.clear();
    auto view = runner_->view(error);
    return view.is_object() ? view : transcript_.last_show();
}

void Game::correct(const std::string& id, long long value) {
    if (status_ != Status::question) throw GameError("corrections are made while the game waits for an answer");
    std::vector<std::string> ids;
    const Correctable* found = nullptr;
    const auto all = runner_->correctables();
    for (const auto& c : all) {
        ids.push_back(c.id);
        if (c.id == id) found = &c;
    }
    if (!found)
        throw GameError("nothing called '" + id + "' can be corrected" + did_you_mean(id, ids) +
                        (ids.empty() ? "; this bot has no correctable values" : "; correctable: " + join(ids)));
    if (value < found->min || value > found->max)
        throw GameError(found->label + " must be from " + std::to_string(found->min) + " to " + std::to_string(found->max));
    JournalEntry entry;
    entry.kind = JournalEntry::Kind::correction;
    entry.question = question_.number;
    entry.target = id;
    entry.value = value;
    record(std::move(entry));  // saved first: a failed save changes nothing
    transcript_.emit({{"event", "correct"}, {"question", question_.number}, {"target", id}, {"value", value}});
    std::optional<std::string> problem = runner_->correct(id, value);
    if (!problem) {
        // A prompt that names the corrected value says the new one.
        std::string error;
        if (auto prompt = runner_->prompt(error)) question_.prompt = std::move(*prompt);
        else if (!error.empty()) problem = "building the question's prompt again after correcting " + id + ": " + error;
    }
    if (problem) {
        status_ = Status::failed;
        error_ = *problem;
        transcript_.emit({{"event", "error"}, {"message", error_}});
    }
}

std::optional<std::string> Game::replay(const std::vector<JournalEntry>& entries) {
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const std::string where = "entry " + std::to_string(i + 1) + " of the journal";
        if (status_ != Status::question)
            return where + ": the game " + (status_ == Status::ended ? "already ended" : "stopped with an error") +
                   " before it";
        if (e.question != question_.number)
            return where + " answers question " + std::to_string(e.question) + ", but the bot is at question " +
                   std::to_string(question_.number) + " (\"" + question_.prompt + "\")";
        try {
            if (e.kind == JournalEntry::Kind::answer) answer(e.value);
            else correct(e.target, e.value.get<long long>());
        } catch (const IllegalAnswer& err) {
            return where + ": " + err.what();
        } catch (const GameError& err) {
            return where + ": " + err.what();
        }
    }
    return std::nullopt;
}

}  // namespace soloist
