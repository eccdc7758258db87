#include "cli/results.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <ostream>
#include <vector>

#include "cli/failures.hpp"
#include "cli/sweep.hpp"
#include "domain/diagnostics.hpp"
#include "domain/file_access.hpp"

namespace soloist::cli {

using nlohmann::json;

ResultsWriter::ResultsWriter(std::filesystem::path file, const json& header, std::size_t first_part)
    : file_(std::move(file)), partial_(file_.string() + ".partial"), csv_(file_.extension() == ".csv"), next_(first_part) {
    out_.open(partial_, std::ios::binary | std::ios::trunc);
    if (!out_) throw UsageError("--results: cannot write " + partial_.string() + ": " + std::strerror(errno));
    if (!csv_) out_ << header.dump() << "\n";
    for (const auto& c : header["cells"]) labels_.push_back(c.value("label", ""));
}

void ResultsWriter::add(std::size_t part, std::vector<GameRecord>&& games) {
    std::lock_guard guard(lock_);
    pending_[part] = std::move(games);
    for (auto it = pending_.find(next_); it != pending_.end(); it = pending_.find(++next_)) {
        for (const auto& g : it->second) write(g);
        pending_.erase(it);
    }
}

void ResultsWriter::finish() {
    out_.close();
    if (!out_) throw GameError("--results: writing " + partial_.string() + " failed");
    std::filesystem::rename(partial_, file_);
}

namespace {

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (const char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace

void ResultsWriter::write(const GameRecord& g) {
    if (!csv_) {
        json j = {{"game", g.index}, {"cell", g.cell + 1}, {"seed", g.seed}, {"questions", g.questions}};
        if (g.error.empty()) {
            j["result"] = g.result;
            j["scores"] = g.scores.is_object() ? g.scores : json::object();
            if (g.rounds) j["rounds"] = *g.rounds;
        } else {
            j["error"] = g.error;
            if (g.answers.is_array()) j["answers"] = g.answers;
        }
        out_ << j.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
        return;
    }
    if (!header_written_) {  // the score columns: those of the first game that has scores
        if (g.scores.is_object())
            for (const auto& [k, v] : g.scores.items()) score_names_.push_back(k);
        out_ << "game,cell,cell label,seed,result,questions,rounds,error";
        for (const auto& k : score_names_) out_ << "," << csv_field("score " + k);
        out_ << "\n";
        header_written_ = true;
    }
    out_ << g.index << "," << g.cell + 1 << "," << csv_field(labels_.at(g.cell)) << "," << g.seed << "," << csv_field(g.result) << "," << g.questions << ","
         << (g.rounds ? std::to_string(*g.rounds) : std::string()) << "," << csv_field(g.error);
    for (const auto& k : score_names_) {
        out_ << ",";
        if (g.scores.is_object() && g.scores.contains(k) && g.scores[k].is_number()) out_ << g.scores[k].dump();
    }
    out_ << "\n";
}

namespace {

// What makes two results files parts of the same run.
// What makes two results files one run, each with what a message calls it. Files written
// before "soloist" was kept have none (null): they still merge with each other.
const std::pair<const char*, const char*> kRunKeys[] = {
    {"bot", "bot"},           {"version", "bot version"},   {"files", "bot files' hash"},
    {"soloist", "Soloist version"}, {"cells", "cells"}, {"answers", "answers"},
    {"first_seed", "first seed"}, {"games", "games"},
    // a game ending as endless, or a fault only the narration meets, differs with these
    {"answer_limit", "answer limit (--answer-limit)"}, {"narrate", "--narrate"}};

struct Shard {
    std::filesystem::path file;
    json header;
    std::size_t from = 0, to = 0;
};

[[noreturn]] void refuse(const std::filesystem::path& file, std::size_t line, const std::string& what) {
    throw GameError(file.string() + (line ? ":" + std::to_string(line) : std::string()) + ": " + what);
}

// The lines of a results file, one at a time, each at most kMaxLine bytes: a stranger's file of
// one endless line must not take all the memory there is (std::getline would try).
class LineReader {
public:
    static constexpr std::size_t kMaxLine = std::size_t{16} << 20;
    static constexpr std::size_t kBuffer = std::size_t{64} << 10;
    explicit LineReader(const std::filesystem::path& file) : file_(file), in_(file, std::ios::binary) {}
    bool open() const { return static_cast<bool>(in_); }
    std::size_t number() const { return number_; }  // of the last line read, from 1
    // The next line without its newline; false at the end of the file.
    bool next(std::string& line) {
        line.clear();
        bool any = false;
        for (;;) {
            if (pos_ == end_) {
                in_.read(buffer_.get(), static_cast<std::streamsize>(kBuffer));
                end_ = static_cast<std::size_t>(in_.gcount());
                pos_ = 0;
                if (end_ == 0) {
                    if (any) ++number_;
                    return any;
                }
            }
            any = true;
            const char* from = buffer_.get() + pos_;
            const auto* newline = static_cast<const char*>(std::memchr(from, '\n', end_ - pos_));
            const std::size_t n = newline ? static_cast<std::size_t>(newline - from) : end_ - pos_;
            if (line.size() + n > kMaxLine)
                refuse(file_, number_ + 1, "a line longer than " + std::to_string(kMaxLine >> 20) +
                                               " MiB: not a results file of soloist sim --results");
            line.append(from, n);
            pos_ += n;
            if (newline) {
                ++pos_;
                ++number_;
                return true;
            }
        }
    }

private:
    std::filesystem::path file_;
    std::ifstream in_;
    std::unique_ptr<char[]> buffer_{new char[kBuffer]};  // not zeroed: read() fills what is used
    std::size_t pos_ = 0, end_ = 0, number_ = 0;
};

std::size_t whole(const json& j, const char* key, const std::filesystem::path& file) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) refuse(file, 1, std::string("the header has no whole number '") + key + "'");
    return it->get<std::size_t>();
}

}  // namespace

ResultsRun read_results(const std::vector<std::filesystem::path>& files,
                        const std::function<void(std::size_t part, std::vector<GameRecord>&& games)>& each_part) {
    if (files.empty()) throw UsageError("no results files given: name the --results files of a run (or of its shards)");
    // Headers first: one run, and its games each in one file.
    std::vector<Shard> shards;
    for (const auto& f : files) {
        LineReader in(f);
        std::error_code ec;
        if (!std::filesystem::is_regular_file(f, ec) || !in.open()) refuse(f, 0, "cannot read it (not a results file of soloist sim --results?)");
        std::string line;
        in.next(line);
        json h = json::parse(line, nullptr, false);
        if (h.is_discarded() || !h.is_object() || h["soloist_results"] != 1)
            refuse(f, 1, "not a Soloist results file: its first line must be the header soloist sim --results writes "
                         "(CSV results cannot be read back; write JSON Lines)");
        Shard s{f, h, 0, whole(h, "games", f)};
        if (h.contains("from")) {
            s.from = whole(h, "from", f);
            s.to = whole(h, "to", f);
        }
        if (s.from > s.to || s.to > whole(h, "games", f)) refuse(f, 1, "its games from/to do not fit its run");
        whole(h, "first_seed", f);
        for (const char* key : {"bot", "version", "files", "answers"})
            if (!h.contains(key) || !h[key].is_string()) refuse(f, 1, std::string("the header has no text '") + key + "'");
        // A bot id names the answers files merge writes: lower-case letters, digits and dashes.
        if (const std::string id = h["bot"].get<std::string>(); id.size() > 100 || !is_bot_id(id))
            refuse(f, 1, "the header's bot is not a bot id (lower-case letters, digits and dashes, starting with a letter)");
        if (h.contains("bots") && !(h["bots"].is_array() && std::all_of(h["bots"].begin(), h["bots"].end(),
                                                                         [](const json& d) { return d.is_string(); })))
            refuse(f, 1, "the header's bots is not a list of folders");
        // How the run named its bot, options and house rules, for the commands that replay a game.
        if (h.contains("replay")) {
            const json& r = h["replay"];
            auto texts = [](const json& list) {
                return list.is_array() && std::all_of(list.begin(), list.end(), [](const json& t) { return t.is_string(); });
            };
            const bool fine = r.is_object() && r.contains("bot") && r["bot"].is_string() && r.contains("cells") &&
                              r["cells"].is_array() &&
                              std::all_of(r["cells"].begin(), r["cells"].end(), [&](const json& c) {
                                  return c.is_object() && c.contains("options") && texts(c["options"]) && c.contains("rules") &&
                                         c["rules"].is_string();
                              });
            if (!fine) refuse(f, 1, "the header's replay is not the bot, and each cell's options and house rules file");
        }
        const auto cells = h.find("cells");
        if (cells == h.end() || !cells->is_array() || cells->empty() || cells->size() > kMaxCells)
            refuse(f, 1, "the header has no list of cells (1 to " + std::to_string(kMaxCells) + ")");
        for (const auto& c : *cells) {
            if (!c.is_object() || !c.contains("label") || !c["label"].is_string()) refuse(f, 1, "a cell of the header has no label");
            if (!c.contains("options") || !c["options"].is_object()) refuse(f, 1, "a cell of the header has no options");
            if (!c.contains("rules") || !(c["rules"].is_null() || (c["rules"].is_object() && c["rules"].contains("file") &&
                                                                   c["rules"]["file"].is_string())))
                refuse(f, 1, "a cell of the header has no house rules (null, or the rules file)");
        }
        for (const auto& [key, what] : kRunKeys)
            if (!shards.empty() && shards.front().header.value(key, json()) != h.value(key, json()))
                refuse(f, 1, std::string("another run than ") + shards.front().file.string() + ": its " + what + " is " +
                                 clipped(h.value(key, json()).dump(), 80) + ", not " +
                                 clipped(shards.front().header.value(key, json()).dump(), 80) +
                                 "; results of different runs are never mixed");
        shards.push_back(std::move(s));
    }
    std::sort(shards.begin(), shards.end(), [](const Shard& a, const Shard& b) { return a.from < b.from; });
    const std::size_t games = whole(shards.front().header, "games", shards.front().file);
    std::size_t covered = 0;
    for (const auto& s : shards) {
        if (s.from < covered)
            refuse(s.file, 1, "its games " + std::to_string(s.from) + " to " + std::to_string(s.to - 1) +
                                  " overlap another file's (the same shard twice?)");
        if (s.from > covered)
            throw GameError("games " + std::to_string(covered) + " to " + std::to_string(s.from - 1) +
                            " of the run are in no file: a shard is missing");
        covered = s.to;
    }
    if (covered < games)
        throw GameError("games " + std::to_string(covered) + " to " + std::to_string(games - 1) +
                        " of the run are in no file: a shard is missing");

    ResultsRun run;
    run.header = shards.front().header;
    for (const char* key : {"shard", "from", "to"}) run.header.erase(key);
    run.first_seed = run.header["first_seed"].get<std::uint64_t>();
    run.games = games;
    for (const auto& c : run.header["cells"]) run.labels.push_back(c["label"].get<std::string>());
    const std::size_t ncells = run.labels.size();

    // Then the games, in order, handed on in the parts a single run sums them in.
    std::vector<GameRecord> part;
    std::size_t part_index = 0;
    for (const auto& s : shards) {
        LineReader in(s.file);
        std::string line;
        in.next(line);  // the header
        std::size_t n = 1;
        for (std::size_t want = s.from; want < s.to; ++want) {
            if (want / kPart != part_index) {
                if (!part.empty()) each_part(part_index, std::move(part));
                part.clear();
                part_index = want / kPart;
            }
            for (std::size_t cell = 0; cell < ncells; ++cell) {
                ++n;
                if (!in.next(line))
                    refuse(s.file, n, "the file ends before game " + std::to_string(want) + " (cut short?)");
                const json r = json::parse(line, nullptr, false);
                const auto bad = [&](const std::string& what) { refuse(s.file, n, "a damaged record: " + what); };
                if (r.is_discarded() || !r.is_object()) bad("not a JSON object");
                if (!r.contains("game") || r["game"] != want) bad("game " + std::to_string(want) + " was expected here");
                if (!r.contains("cell") || r["cell"] != cell + 1) bad("cell " + std::to_string(cell + 1) + " was expected here");
                if (!r.contains("seed") || r["seed"] != run.first_seed + want) bad("its seed is not the run's first seed + its game");
                if (!r.contains("questions") || !r["questions"].is_number_unsigned()) bad("no questions count");
                GameRecord g;
                g.index = want;
                g.cell = cell;
                g.seed = run.first_seed + want;
                g.questions = r["questions"].get<std::size_t>();
                if (r.contains("error")) {
                    if (!r["error"].is_string()) bad("its error is not a text");
                    g.error = r["error"].get<std::string>();
                    if (g.error.empty()) bad("its error is empty");
                    if (r.contains("answers")) {
                        if (!r["answers"].is_array()) bad("its answers are not a list");
                        for (const auto& a : r["answers"])
                            if (!(a.is_string() || a.is_boolean() || a.is_number_integer() || a.is_null()))
                                bad("an answer is not a text, a yes/no or a whole number");
                        g.answers = std::move(r["answers"]);
                    }
                } else {
                    if (!r.contains("result") || !r["result"].is_string()) bad("neither a result nor an error");
                    g.result = r["result"].get<std::string>();
                    if (r.contains("rounds")) {
                        if (!r["rounds"].is_number_unsigned()) bad("its rounds are not a whole number");
                        g.rounds = r["rounds"].get<std::size_t>();
                    }
                    if (r.contains("scores")) {
                        if (!r["scores"].is_object()) bad("its scores are not an object");
                        g.scores = r["scores"];
                    }
                }
                part.push_back(std::move(g));
            }
        }
        // Nothing may follow the last record, not even after a blank line.
        while (in.next(line))
            if (!line.empty())
                refuse(s.file, in.number(), "more records than its games " + std::to_string(s.from) + " to " +
                                                std::to_string(s.to - 1));
    }
    if (!part.empty()) each_part(part_index, std::move(part));
    return run;
}

void add_records(SimRun& run, const std::vector<GameRecord>& games) {
    std::size_t cells = 0;  // every game of a part is there in every cell
    for (const auto& g : games) cells = std::max(cells, g.cell + 1);
    std::vector<SimReport> part(cells);
    for (const auto& g : games) {
        SimReport& r = part[g.cell];
        ++r.games;
        if (!g.error.empty())
            r.errors.push_back({g.seed, g.error, g.answers.is_array() ? g.answers : json::array()});
        else
            tally(r, g.result, g.scores, g.questions, g.rounds);
    }
    run.cells.resize(std::max(run.cells.size(), cells));
    run.against_first.resize(run.cells.size());
    // Answers kept for as many errors as a single run keeps them.
    for (std::size_t c = 0; c < cells; ++c) merge_into(run.cells[c], std::move(part[c]), SimSettings{}.answers_kept);
    std::vector<Paired> paired;
    pair_part(paired, games, cells);
    for (std::size_t c = 1; c < paired.size(); ++c) merge_into(run.against_first[c], paired[c]);
}

int merge_results(const std::vector<std::filesystem::path>& files, const std::filesystem::path& failures_dir, std::ostream& out) {
    SimRun sums;
    const auto run = read_results(files, [&sums](std::size_t, std::vector<GameRecord>&& games) { add_records(sums, games); });
    sums.cells.resize(run.labels.size());
    sums.against_first.resize(run.labels.size());
    std::size_t errors = 0;
    for (const auto& c : sums.cells) errors += c.errors.size();
    print_heading(out, run.games, run.labels.size(), run.first_seed, run.header.value("answers", "?"), errors);
    // Each error as the run listed it: its answers written again, with the command that replays it.
    FailureFolder failures(failures_dir);
    const json& replay = run.header.value("replay", json::object());
    std::vector<std::filesystem::path> bot_dirs;
    for (const auto& d : run.header.value("bots", json::array())) bot_dirs.emplace_back(d.get<std::string>());
    print_cells(sums, run.labels, out, [&](std::size_t c, const SimReport& r) {
        std::vector<std::string> options;
        std::string rules;
        if (const json& cells = replay.value("cells", json::array()); c < cells.size()) {
            for (const auto& o : cells[c].value("options", json::array())) options.push_back(o.get<std::string>());
            rules = cells[c].value("rules", "");
        }
        const std::string bot = run.header.value("bot", "?");
        print_errors(r, replay_of(bot_dirs, replay.value("bot", bot), bot, options, rules), failures, out,
                     SimSettings{}.answers_kept);
    });
    return errors == 0 ? 0 : 1;
}

}  // namespace soloist::cli
