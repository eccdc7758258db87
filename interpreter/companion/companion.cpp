#include "companion/companion.hpp"

#include <algorithm>

#include "cli/terminal.hpp"
#include "domain/file_access.hpp"
#include "domain/numbers.hpp"
#include "domain/yaml_json.hpp"

namespace soloist::companion {

using nlohmann::json;

Reply refused(int status, const std::string& message, json extra) {
    extra["error"] = message;
    return {status, std::move(extra)};
}

namespace {

// A bot id or a house rule's name as a page may send it: never a path.
bool plain_name(const std::string& s) {
    return !s.empty() && s.size() <= 100 && s[0] != '.' &&
           std::all_of(s.begin(), s.end(), [](char c) {
               return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
           });
}

json option_json(const OptionSpec& o) {
    json j = {{"id", o.id}, {"type", o.type}, {"description", o.description}, {"default", o.default_value}};
    if (!o.allowed.empty()) j["allowed"] = o.allowed;
    if (o.min) j["min"] = *o.min;
    if (o.max) j["max"] = *o.max;
    return j;
}

// The house rules a bot ships (rules/*.yaml), by name.
std::vector<std::pair<std::string, std::filesystem::path>> house_rules_of(const std::filesystem::path& dir) {
    std::vector<std::pair<std::string, std::filesystem::path>> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir / "rules", ec))
        if (e.path().extension() == ".yaml" && plain_name(e.path().stem().string()) && out.size() < 100)
            out.emplace_back(e.path().stem().string(), e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::filesystem::path journal_of(const std::string& id) { return cli::saved_games_dir() / (id + ".journal"); }

}  // namespace

bool Companion::valid_id(const std::string& id) { return id.size() <= 200 && plain_name(id); }

Reply Companion::bots() const {
    json list = json::array();
    const auto lib = common_.library();
    for (const auto& dir : find_bots(lib, common_.bot_dirs)) {
        try {
            const Bot bot = cli::load_bot_cached(dir, lib);
            json b = {{"id", bot.id}, {"name", bot.name}, {"game", bot.game}, {"version", bot.version},
                      {"description", bot.description}, {"options", json::array()}, {"rules", json::array()}};
            for (const auto& o : bot.options) b["options"].push_back(option_json(o));
            for (const auto& [name, file] : house_rules_of(dir)) {
                std::string title = name;
                try {
                    title = parse_yaml(read_regular_file(file), file).data.value("name", name);
                } catch (const std::exception&) {
                }
                b["rules"].push_back({{"id", name}, {"name", title}});
            }
            list.push_back(std::move(b));
        } catch (const std::exception& e) {
            list.push_back({{"id", bot_id_of(dir)}, {"broken", e.what()}});
        }
    }
    return {200, {{"bots", list}}};
}

Reply Companion::saved_games() const {
    json list = json::array();
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(cli::saved_games_dir(), ec))
        if (e.path().extension() == ".journal" && valid_id(e.path().stem().string())) files.push_back(e.path());
    for (const auto& f : files) {
        json g = {{"id", f.stem().string()}};
        try {
            const auto j = load_journal(f);
            g.update({{"bot", j.header.bot_id}, {"version", j.header.bot_version}, {"seed", std::to_string(j.header.seed)},
                      {"answers", j.entries.size()}, {"created", j.header.created}});
        } catch (const std::exception& e) {
            g["broken"] = e.what();
        }
        list.push_back(std::move(g));
    }
    std::sort(list.begin(), list.end(),
              [](const json& a, const json& b) { return a.value("created", "") > b.value("created", ""); });
    return {200, {{"saved", list}}};
}

std::shared_ptr<Companion::Open> Companion::find(const std::string& id) {
    std::lock_guard guard(games_lock_);
    const auto it = games_.find(id);
    return it == games_.end() ? nullptr : it->second;
}

void Companion::add_show(Open& g) {
    std::string error;
    json show = g.table->show(error);
    if (show.is_object()) {
        show["event"] = "show";
        if (!error.empty()) show["stale"] = error;
        g.events.push_back(std::move(show));
    }
}

json Companion::state_of(const std::string& id, Open& g, std::size_t after) const {
    const cli::Table& t = *g.table;
    json j = {{"game", id}, {"bot", t.bot().id}, {"name", t.bot().name}, {"seed", std::to_string(t.game().setup().seed)},
              {"answers", t.game().journal().entries.size()}, {"step", t.game().step_json()}, {"next", g.events.size()}};
    json events = json::array();
    for (std::size_t i = std::min(after, g.events.size()); i < g.events.size(); ++i) {
        json e = g.events[i];
        e["n"] = i + 1;
        events.push_back(std::move(e));
    }
    j["events"] = std::move(events);
    json corrections = json::array();
    if (t.game().status() == Game::Status::question)
        for (const auto& c : t.game().correctables()) {
            json cj = {{"id", c.id}, {"label", c.label}, {"min", c.min}, {"max", c.max}};
            if (c.value) cj["value"] = *c.value;
            corrections.push_back(std::move(cj));
        }
    j["correctables"] = std::move(corrections);
    return j;
}

Reply Companion::start(const json& request) {
    if (!request.is_object()) return refused(400, "send a JSON object: {\"bot\": id, \"options\": {...}}");
    const auto bot_it = request.find("bot");
    if (bot_it == request.end() || !bot_it->is_string() || !plain_name(bot_it->get<std::string>()))
        return refused(400, "\"bot\" must be a bot's id (see GET /api/bots)");
    cli::GameRequest r;
    r.bot = bot_it->get<std::string>();
    // By id only: the bundled bots and the --bots folders, never a path.
    const auto lib = common_.library();
    std::filesystem::path dir;
    for (const auto& d : find_bots(lib, common_.bot_dirs))
        if (bot_id_of(d) == r.bot) {
            dir = d;
            break;
        }
    if (dir.empty()) return refused(404, "no bot '" + r.bot + "' (see GET /api/bots)");
    if (const auto o = request.find("options"); o != request.end() && !o->is_null()) {
        if (!o->is_object()) return refused(400, "\"options\" must be an object of option ids to values");
        for (const auto& [k, v] : o->items()) r.options.push_back(k + "=" + (v.is_string() ? v.get<std::string>() : v.dump()));
    }
    if (const auto rules = request.find("rules"); rules != request.end() && !rules->is_null()) {
        if (!rules->is_string() || !plain_name(rules->get<std::string>()))
            return refused(400, "\"rules\" must be the name of one of the bot's house rules");
        for (const auto& [name, file] : house_rules_of(dir))
            if (name == rules->get<std::string>()) r.rules_file = file;
        if (r.rules_file.empty()) return refused(404, "bot '" + r.bot + "' has no house rule '" + rules->get<std::string>() + "'");
    }
    if (const auto seed = request.find("seed"); seed != request.end() && !seed->is_null() && *seed != "") {
        r.seed = seed->is_string() ? parse_unsigned(seed->get<std::string>()) : json_seed(*seed);
        if (!r.seed) return refused(400, "\"seed\" must be " + std::string(kSeedRange));
    }
    auto g = std::make_shared<Open>();
    std::string id;
    try {
        cli::Table table = cli::Table::create(r, common_, {}, [raw = g.get()](const json& e) { raw->events.push_back(e); });
        id = table.path().stem().string();
        // Two games started in the same second with the same seed: the second gets its own file.
        for (int k = 2; std::filesystem::exists(table.path()) || find(id); ++k) {
            table = cli::Table::create(r, common_, journal_of(table.path().stem().string() + "-" + std::to_string(k)),
                                       [raw = g.get()](const json& e) { raw->events.push_back(e); });
            id = table.path().stem().string();
        }
        std::lock_guard guard(g->lock);
        g->table.emplace(std::move(table));
        g->table->begin();
    } catch (const std::exception& e) {
        return refused(422, e.what());
    }
    {
        std::lock_guard guard(games_lock_);
        games_[id] = g;
    }
    std::lock_guard guard(g->lock);
    return {201, state_of(id, *g, 0)};
}

Reply Companion::resume(const std::string& id) {
    if (!valid_id(id)) return refused(400, "not a saved game's id: '" + clipped(id, 80) + "'");
    if (auto open = find(id)) {
        std::lock_guard guard(open->lock);
        return {200, state_of(id, *open, 0)};
    }
    const auto path = journal_of(id);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return refused(404, "no saved game '" + id + "' (see GET /api/games)");
    auto g = std::make_shared<Open>();
    try {
        std::lock_guard guard(g->lock);
        g->table.emplace(cli::Table::resume(path, common_, false, [raw = g.get()](const json& e) { raw->events.push_back(e); }));
        // The page starts from what led to the question, then the state as it is now.
        json last;
        for (auto& e : g->table->since_last_answer(last)) {
            e["recap"] = true;
            g->events.push_back(std::move(e));
        }
        add_show(*g);
    } catch (const std::exception& e) {
        return refused(422, e.what());
    }
    std::lock_guard guard(games_lock_);
    auto& slot = games_[id];
    if (!slot) slot = g;  // another request may have opened it meanwhile: one game, one table
    std::lock_guard game_guard(slot->lock);
    return {200, state_of(id, *slot, 0)};
}

Reply Companion::state(const std::string& id, std::size_t after, std::chrono::milliseconds wait) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "': start it, or resume it (POST /api/games/ID/resume)");
    std::unique_lock guard(g->lock);
    if (wait.count() > 0) g->changed.wait_for(guard, wait, [&] { return g->events.size() > after; });
    return {200, state_of(id, *g, after)};
}

// After a change: the events it made, and anyone waiting is woken.
Reply Companion::changed(const std::string& id, Open& g, std::size_t before) {
    g.changed.notify_all();
    return {200, state_of(id, g, before)};
}

Reply Companion::answer(const std::string& id, const json& request) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "'");
    if (!request.is_object() || !request.contains("value"))
        return refused(400, "send {\"value\": the answer} (an option's id, true or false, or a number)");
    std::lock_guard guard(g->lock);
    Game& game = g->table->game();
    if (game.status() != Game::Status::question) return refused(409, "the game is over: there is no question to answer");
    const std::size_t before = g->events.size();
    json value = request["value"];
    if (value.is_number_integer() || value.is_boolean()) value = value.is_boolean() ? json(value.get<bool>() ? "yes" : "no") : json(value.dump());
    if (!value.is_string()) return refused(400, "the answer must be a string, a whole number or true/false");
    try {
        g->table->answer(value);
    } catch (const IllegalAnswer&) {
        return refused(422, "'" + clipped(value.get<std::string>(), 80) + "' is not an answer here. Legal: " + game.question().legal_answers(),
                       {{"question", game.question().to_json()}});
    } catch (const GameError& e) {
        return refused(500, e.what());
    }
    return changed(id, *g, before);
}

Reply Companion::undo(const std::string& id) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "'");
    std::lock_guard guard(g->lock);
    const std::size_t before = g->events.size();
    try {
        g->table->undo();
    } catch (const GameError& e) {
        return refused(409, e.what());
    }
    g->events.push_back({{"event", "undone"}, {"question", g->table->game().question().number}});
    add_show(*g);
    return changed(id, *g, before);
}

Reply Companion::correct(const std::string& id, const json& request) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "'");
    if (!request.is_object() || !request.contains("id") || !request["id"].is_string() || !request.contains("value") ||
        !request["value"].is_number_integer())
        return refused(400, "send {\"id\": a correctable value's name, \"value\": a whole number}");
    std::lock_guard guard(g->lock);
    const std::size_t before = g->events.size();
    try {
        g->table->correct(request["id"].get<std::string>(), request["value"].get<long long>());
    } catch (const GameError& e) {
        return refused(422, e.what());
    }
    add_show(*g);
    return changed(id, *g, before);
}

Reply Companion::show(const std::string& id) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "'");
    std::lock_guard guard(g->lock);
    std::string error;
    json j = {{"show", g->table->show(error)}};
    if (!error.empty()) j["stale"] = error;
    return {200, j};
}

Reply Companion::why(const std::string& id) {
    auto g = find(id);
    if (!g) return refused(404, "no open game '" + clipped(id, 80) + "'");
    std::lock_guard guard(g->lock);
    return {200, {{"reasons", g->table->reasons()}}};
}

}  // namespace soloist::companion
