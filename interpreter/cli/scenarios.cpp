// `soloist test`: scenario files, each a scripted game with expectations.
#include <algorithm>
#include <fstream>
#include <iostream>

#include "cli/commands.hpp"
#include "domain/file_access.hpp"
#include "domain/numbers.hpp"
#include "domain/schema_check.hpp"
#include "domain/yaml_json.hpp"

namespace soloist::cli {

namespace {

// Does `actual` have everything `expected` names? Strings match as substrings; numbers by
// value; objects by the keys given; arrays element by element; [] and {} are both empty.
bool matches(const nlohmann::json& expected, const nlohmann::json& actual) {
    // An empty table is recorded as []; a scenario may write it as {} too.
    const auto empty = [](const nlohmann::json& j) { return (j.is_array() || j.is_object()) && j.empty(); };
    if (empty(expected) && empty(actual)) return true;
    if (expected.is_object()) {
        if (!actual.is_object()) return false;
        for (const auto& [k, v] : expected.items())
            if (!actual.contains(k) || !matches(v, actual[k])) return false;
        return true;
    }
    if (expected.is_array()) {
        if (!actual.is_array() || actual.size() != expected.size()) return false;
        for (std::size_t i = 0; i < expected.size(); ++i)
            if (!matches(expected[i], actual[i])) return false;
        return true;
    }
    if (expected.is_string())
        return actual.is_string() && actual.get<std::string>().find(expected.get<std::string>()) != std::string::npos;
    if (expected.is_number() && actual.is_number()) return expected.get<double>() == actual.get<double>();
    return expected == actual;
}

// The bot a scenario belongs to: its `bot` field, else the bot folder holding scenarios/.
std::string scenario_bot(const nlohmann::json& s, const std::filesystem::path& file) {
    if (s.contains("bot")) return s["bot"];
    // From the absolute path: `scenarios/x.yaml` given inside the bot folder has its bot.yaml
    // above the relative path's first folder.
    std::error_code abs_ec;
    const auto whole = std::filesystem::absolute(file, abs_ec);
    for (auto dir = (abs_ec ? file : whole).parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
        std::error_code ec;
        if (std::filesystem::is_regular_file(dir / "bot.yaml", ec)) return dir.string();
    }
    throw GameError(file.string() + ": the scenario names no bot and is not inside a bot folder");
}

// The golden transcript beside `scenario`: --update-golden writes it (through a link, to the
// file it leads to), so it must stay in the scenario's folder, as written and resolved.
std::filesystem::path golden_path(const std::filesystem::path& scenario, const std::string& name) {
    const std::filesystem::path relative = std::filesystem::path(name).lexically_normal();
    const std::filesystem::path folder = scenario.parent_path().empty() ? "." : scenario.parent_path();
    if (name.empty() || relative.is_absolute() || *relative.begin() == "..")
        throw GameError(scenario.string() + ": golden '" + name + "' must be a relative path inside the scenario's folder");
    const auto golden = scenario.parent_path() / relative;
    if (const auto problem = outside_problem(golden, folder, name, "the scenario's folder"))
        throw GameError(scenario.string() + ": golden " + *problem + "; keep golden transcripts beside their scenarios");
    return golden;
}

// A golden transcript's contents; nothing when there is none yet.
std::optional<std::string> read_golden(const std::filesystem::path& golden) {
    try {
        return read_regular_file(golden);
    } catch (const FileReadError& e) {
        if (e.reason == FileReadError::Reason::missing) return std::nullopt;
        throw GameError(std::string("golden transcript ") + e.what());
    }
}

// Line `n` (1-based) of a text, without its newline; "(the end)" past the last line.
std::string line_of(const std::string& text, std::size_t n) {
    std::size_t start = 0;
    for (std::size_t i = 1; i < n; ++i) {
        start = text.find('\n', start);
        if (start == std::string::npos) return "(the end)";
        ++start;
    }
    if (start >= text.size()) return "(the end)";
    return text.substr(start, text.find('\n', start) - start);
}

// Why no event matched `want` from `from` on: an event that matches earlier (out of order),
// else the event from `from` on that shares the most fields with it.
std::string nearest_event(const nlohmann::json& want, const std::vector<nlohmann::json>& events, std::size_t from) {
    for (std::size_t i = 0; i < from && i < events.size(); ++i)
        if (matches(want, events[i]))
            return "; event " + std::to_string(i + 1) + " matches, but it comes before the previous expected event (order matters): " +
                   clipped(events[i].dump(), 300);
    std::size_t best = 0, best_at = events.size();
    for (std::size_t i = from; i < events.size(); ++i) {
        std::size_t shared = 0;
        for (const auto& [k, v] : want.items())
            if (events[i].contains(k) && matches(v, events[i][k])) shared += k == "event" ? 100 : 1;  // the same kind first
        if (shared > best) best = shared, best_at = i;
    }
    if (best_at == events.size())
        return from < events.size() ? "; no later event shares a field with it" : "; no events come after the previous one";
    return "; the nearest is event " + std::to_string(best_at + 1) + ": " + clipped(events[best_at].dump(), 300);
}

// Runs one scenario; returns the reasons it failed (empty: passed).
std::vector<std::string> run_scenario(const std::filesystem::path& file, const Common& common, bool update_golden) {
    const auto lib = common.library();
    const YamlDocument doc = parse_yaml(read_regular_file(file), file);  // a regular file of at most 16 MiB
    if (auto problems = check_schema(doc, lib.schemas_dir / "scenario.schema.yaml"); !problems.empty())
        throw ValidationError(std::move(problems));
    const auto& s = doc.data;
    GameRequest request;
    request.bot = scenario_bot(s, file);
    request.seed = 1;
    if (s.contains("seed")) {
        // As --seed: a float such as 1e30 passes the schema's "integer" but is no seed.
        request.seed = json_seed(s["seed"]);
        if (!request.seed)
            throw GameError(file.string() + ": seed must be " + std::string(kSeedRange) + ", not " + s["seed"].dump());
    }
    if (s.contains("rules")) request.rules_file = file.parent_path() / s["rules"].get<std::string>();
    const auto options = s.value("options", nlohmann::json::object());
    for (const auto& [k, v] : options.items())
        request.options.push_back(k + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
    std::vector<ForcedValue> forced;
    const auto forced_list = s.value("forced", nlohmann::json::array());
    for (const auto& f : forced_list) forced.push_back({f["stream"], f["value"]});
    Session session = new_session(request, common, forced);
    Game& game = *session.game;
    game.start();
    std::vector<std::string> failures;
    const auto answers = answers_from_json(s.value("answers", nlohmann::json::array()), file.string());
    const auto expect = s.value("expect", nlohmann::json::object());
    std::string problem = feed_answers(game, answers).value_or("");
    if (game.status() == Game::Status::failed) problem = game.error();

    if (expect.contains("error")) {
        if (problem.find(expect["error"].get<std::string>()) == std::string::npos)
            failures.push_back("expected an error containing \"" + expect["error"].get<std::string>() + "\", got " +
                               (problem.empty() ? "none" : "\"" + problem + "\""));
    } else if (!problem.empty()) {
        failures.push_back(problem);
    }
    const auto& events = game.transcript().events();
    if (expect.contains("end")) {
        if (game.status() != Game::Status::ended) failures.push_back("the game did not end");
        else if (!matches(expect["end"], game.ending()))
            failures.push_back("the end " + game.ending().dump() + " does not match " + expect["end"].dump());
    }
    if (expect.contains("question")) {
        if (game.status() != Game::Status::question) failures.push_back("the game is not waiting at a question");
        else if (!matches(expect["question"], game.question().to_json()))
            failures.push_back("the pending question " + game.question().to_json().dump() + " does not match " +
                               expect["question"].dump());
    }
    std::size_t at = 0;
    const auto wanted = expect.value("transcript", nlohmann::json::array());
    for (const auto& want : wanted) {
        const std::size_t from = at;
        while (at < events.size() && !matches(want, events[at])) ++at;
        if (at == events.size()) {
            failures.push_back("no event matching " + want.dump() + " (in order after the previous ones)" +
                               nearest_event(want, events, from));
            break;
        }
        ++at;
    }
    const auto unwanted_events = expect.value("not_transcript", nlohmann::json::array());
    for (const auto& unwanted : unwanted_events)
        for (const auto& e : events)
            if (matches(unwanted, e)) {
                failures.push_back("an event that must not happen did: " + e.dump());
                break;
            }
    if (expect.contains("final")) {
        nlohmann::json state = nlohmann::json::object();
        std::string error;
        const auto show = game.current_show(error);
        if (!error.empty()) failures.push_back("the bot's show failed at the end: " + error);
        const auto entries = show.is_object() ? show.value("entries", nlohmann::json::array()) : nlohmann::json::array();
        for (const auto& e : entries)
            if (e.is_object()) state[e.value("label", "")] = e.contains("grid") ? e["grid"] : e.value("value", nlohmann::json());
        if (!matches(expect["final"], state))
            failures.push_back("the last shown state " + state.dump() + " does not match " + expect["final"].dump());
    }
    for (const auto& f : game.unused_forced())
        failures.push_back("the forced value " + f.value.dump() + " for stream '" + f.stream + "' was never used");
    if (s.contains("golden")) {
        const auto golden = golden_path(file, s["golden"].get<std::string>());
        const auto text = game.transcript().to_jsonl();
        if (update_golden) write_output(golden, text);
        else if (const auto want = read_golden(golden); !want)
            failures.push_back("the golden transcript " + golden.string() +
                               " does not exist yet: record it with `soloist test --update-golden " + file.string() +
                               "`, then read it before committing it");
        else if (*want != text) {
            // Name the first line that differs, as it was and as it is.
            std::size_t line = 1, i = 0, column = 0;
            while (i < want->size() && i < text.size() && (*want)[i] == text[i]) {
                column = (*want)[i] == '\n' ? 0 : column + 1;
                line += (*want)[i++] == '\n';
            }
            // Both lines from a little before where they part.
            const auto excerpt = [column](const std::string& l) {
                const std::size_t from = column > 80 ? column - 80 : 0;
                return (from ? "..." : "") + clipped(l.substr(std::min(from, l.size())), 240);
            };
            failures.push_back("the transcript differs from " + golden.string() + " at line " + std::to_string(line) +
                               ", column " + std::to_string(column + 1) +
                               " (soloist test --update-golden rewrites it after a deliberate change)\n        golden: " +
                               excerpt(line_of(*want, line)) + "\n        now:    " + excerpt(line_of(text, line)));
        }
    }
    return failures;
}

void collect(const std::filesystem::path& p, std::vector<std::filesystem::path>& out) {
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec)) {
        for (const auto& e : std::filesystem::recursive_directory_iterator(p, ec))
            if (e.is_regular_file() && (e.path().extension() == ".yaml" || e.path().extension() == ".yml"))
                out.push_back(e.path());
    } else {
        out.push_back(p);
    }
}

}  // namespace

int run_scenarios(const TestArgs& args, const Common& common, std::ostream& out) {
    std::vector<std::filesystem::path> files;
    if (args.scenarios.empty()) {
        const auto lib = common.library();
        for (const auto& dir : find_bots(lib, common.bot_dirs)) collect(dir / "scenarios", files);
        // The component library's own test bots.
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(lib.scripts_dir / "lib" / "tests", ec))
            if (std::filesystem::is_regular_file(e.path() / "bot.yaml", ec)) collect(e.path() / "scenarios", files);
    } else {
        for (const auto& p : args.scenarios) {
            // A bot's id stands for all of its scenarios.
            std::error_code ec;
            if (!std::filesystem::exists(p, ec) && p.generic_string().find('/') == std::string::npos)
                collect(resolve_bot(p.string(), common.library(), common.bot_dirs) / "scenarios", files);
            else if (std::filesystem::is_regular_file(p / "bot.yaml", ec))  // a bot folder: its scenarios
                collect(p / "scenarios", files);
            else
                collect(p, files);
        }
    }
    std::sort(files.begin(), files.end());
    std::size_t passed = 0, failed = 0;
    const auto here = std::filesystem::current_path();
    for (const auto& f : files) {
        const auto relative = f.lexically_relative(here);
        const std::string shown = !relative.empty() && *relative.begin() != ".." ? relative.string() : f.string();
        std::vector<std::string> failures;
        try {
            failures = run_scenario(f, common, args.update_golden);
        } catch (const std::exception& e) {
            failures.push_back(e.what());
        }
        if (failures.empty()) {
            ++passed;
            out << "ok    " << shown << "\n";
        } else {
            ++failed;
            out << "FAIL  " << shown << "\n";
            for (const auto& r : failures) out << "      " << r << "\n";
        }
    }
    out << passed << " passed, " << failed << " failed\n";
    return failed ? exit_game_error : exit_ok;
}

}  // namespace soloist::cli
