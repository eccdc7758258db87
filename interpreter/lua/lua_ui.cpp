// Module `ui`: how a bot talks to the player. Narration goes to the transcript; a
// question suspends the bot's coroutine until the player answers.
#include <string_view>
#include <unordered_map>
#include <vector>

#include "domain/diagnostics.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_convert.hpp"
#include "lua/lua_door.hpp"
#include "lua/lua_modules.hpp"

namespace soloist::lua {

// The text of ui.say/ui.why: the text itself, or with more arguments a string.format
// pattern and its values, formatted only when someone will read it.
static const char* narration(lua_State* L) {
    luaL_checkstring(L, 1);
    if (lua_gettop(L) == 1) return lua_tostring(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "string");
    lua_getfield(L, -1, "format");
    lua_replace(L, -3);
    lua_pop(L, 1);
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return lua_tostring(L, -1);
}

static int ui_say(lua_State* L) {
    if (!recording(L)) return luaL_checkstring(L, 1), 0;
    const char* text = narration(L);
    return guarded(L, [&] {
        emit(L, {{"event", "say"}, {"text", text}});
        return 0;
    });
}

static int ui_why(lua_State* L) {
    if (!recording(L)) return luaL_checkstring(L, 1), 0;
    const char* text = narration(L);
    return guarded(L, [&] {
        emit(L, {{"event", "why"}, {"text", text}});
        return 0;
    });
}

// Checks the show entries at index 2 (an array of {label =, value =}).
static void check_show_entries(lua_State* L) {
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n; ++i) {
        if (lua_rawgeti(L, 2, i) != LUA_TTABLE) luaL_error(L, "ui.show: entry %d must be a table {label =, value =}", (int)i);
        if (lua_getfield(L, -1, "label") != LUA_TSTRING) luaL_error(L, "ui.show: entry %d has no label string", (int)i);
        lua_pop(L, 2);
    }
}

// The show event of the title at 1 and the checked entries at 2.
static nlohmann::json show_event(lua_State* L) {
    nlohmann::json entries;
    std::string error;
    if (!to_json(L, 2, entries, error, "the entries of ui.show")) throw std::runtime_error("ui.show: " + error);
    if (!entries.is_array()) entries = nlohmann::json::array();
    // What a player can read: a word, a number, yes/no or a list of words (or a grid). A table
    // of the bot's (a bag, a card) would be shown as raw data.
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].contains("grid") && entries[i]["grid"].is_object()) continue;  // a board, drawn
        static const nlohmann::json none;  // (no copy of the value to look at it)
        const nlohmann::json& v = entries[i].contains("value") ? entries[i]["value"] : none;
        bool readable = v.is_string() || v.is_number() || v.is_boolean();
        if (v.is_array()) {
            readable = true;
            for (const auto& item : v) readable = readable && item.is_string();
        }
        if (!readable)
            throw std::runtime_error("ui.show: entry " + std::to_string(i + 1) + " ('" + entries[i].value("label", "") +
                                     "') must have a value that is a string, a number, true/false or an array of strings, not " +
                                     (v.is_null() ? std::string("nil") : v.is_array() ? "an array holding " + clipped(v.dump(), 80) : clipped(v.dump(), 80)));
    }
    return {{"event", "show"}, {"title", lua_tostring(L, 1)}, {"entries", std::move(entries)}};
}

// ui.show(title, entries): entries is an array of {label =, value =}, or a function that
// returns one, called only when someone will see it. The last one shown is the bot's view:
// the `show` command builds it again at any prompt (current_view), so it says what holds now.
static int ui_show(lua_State* L) {
    refuse_while_viewing(L, "ui.show");
    luaL_checkstring(L, 1);
    if (lua_type(L, 2) != LUA_TFUNCTION) check_show_entries(L);
    if (!recording(L)) return 0;
    lua_settop(L, 2);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, 2);
    lua_rawseti(L, -2, 2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &VIEW_TAG);
    if (lua_type(L, 2) == LUA_TFUNCTION) {
        lua_call(L, 0, 1);  // the builder's entries take its place at 2
        check_show_entries(L);
    }
    return guarded(L, [&] {
        emit(L, show_event(L));
        return 0;
    });
}

void refuse_while_viewing(lua_State* L, const char* what) {
    if (context(L).viewing)
        luaL_error(L, "the show builder may only read the game's state: %s would change the game", what);
}

int current_view(lua_State* L) {
    auto* out = static_cast<nlohmann::json*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &VIEW_TAG) != LUA_TTABLE) return 0;
    lua_rawgeti(L, 1, 1);
    lua_rawgeti(L, 1, 2);
    lua_remove(L, 1);
    if (lua_type(L, 2) == LUA_TFUNCTION) lua_call(L, 0, 1);
    check_show_entries(L);
    return guarded(L, [&] {
        *out = show_event(L);
        return 0;
    });
}

// The upvalues of the ui functions: the keys of an option table (no string to hash per use),
// and the table whose one slot holds the prompt function of the waiting question.
constexpr int ID_KEY = 1, LABEL_KEY = 2, PROMPT_SLOT = 3;

// The prompt at 1: a string, or a function that returns one, called now and again after each
// correction while the question waits (current_prompt), so that a prompt naming a corrected
// value says the new one. The builder is kept until the next question, in PROMPT_SLOT (also
// at PROMPT_TAG in the registry): setting it is an array store, not a registry insertion.

static const char* question_prompt(lua_State* L) {
    auto& ctx = context(L);
    if (lua_type(L, 1) == LUA_TFUNCTION) {
        lua_pushvalue(L, 1);
        lua_rawseti(L, lua_upvalueindex(PROMPT_SLOT), 1);
        ctx.prompt_builder = true;
        lua_pushvalue(L, 1);
        lua_call(L, 0, 1);
        if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "a question's prompt function must return a string");
        lua_replace(L, 1);
    } else if (ctx.prompt_builder) {
        lua_pushnil(L);
        lua_rawseti(L, lua_upvalueindex(PROMPT_SLOT), 1);
        ctx.prompt_builder = false;
    }
    return luaL_checkstring(L, 1);
}

int current_prompt(lua_State* L) {
    auto* out = static_cast<std::string*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &PROMPT_TAG) != LUA_TTABLE) return 0;
    if (lua_rawgeti(L, 1, 1) != LUA_TFUNCTION) return 0;
    lua_call(L, 0, 1);
    if (lua_type(L, -1) != LUA_TSTRING) luaL_error(L, "a question's prompt function must return a string");
    const char* text = lua_tostring(L, -1);
    return guarded(L, [&] {
        out->assign(text);
        return 0;
    });
}

// Questions may only come from the bot's own flow, which the host resumes.
static void check_can_ask(lua_State* L, const char* fn) {
    if (L != context(L).bot_thread)
        luaL_error(L, "ui.%s: questions can only be asked from the bot's own flow, not from a coroutine "
                      "the bot created or a correction handler", fn);
    if (!lua_isyieldable(L))
        luaL_error(L, "ui.%s: a question cannot be asked here (while a module is loading, or inside a "
                      "callback such as a table.sort comparator)", fn);
}

// The question in ctx.pending, filled in again with `choices` options: assigning keeps the
// strings' buffers, and options dropped wait in ctx.spare_choices with theirs, so a bot that
// asks with one option and then with three allocates nothing. Only what a simulated player
// reads (the kind, the options' ids, the range) is set here; the prompt, the labels and the
// step follow in complete_question when the question waits for its answer.
static Question& new_question(lua_State* L, Question::Kind kind, std::size_t choices = 0) {
    auto& ctx = context(L);
    auto& q = ctx.pending;
    q.kind = kind;
    q.min = q.max = 0;
    auto& spare = ctx.spare_choices;
    for (; q.choices.size() > choices; q.choices.pop_back()) spare.push_back(std::move(q.choices.back()));
    for (; q.choices.size() < choices && !spare.empty(); spare.pop_back()) q.choices.push_back(std::move(spare.back()));
    q.choices.resize(choices);
    return q;
}

// Poses the question built in ctx.pending: numbers it. True when a simulated player answered
// it at once (Game::play_by) with `pick`: the bot goes on without being suspended, and the
// budgets start again as at a resume; nobody reads its prompt, labels or step, so they are
// not copied. Never at the warm point, which must suspend the bot, nor when someone reads the
// transcript.
static bool pose(lua_State* L, long long& pick) {
    auto& ctx = context(L);
    ctx.pending.number = ++ctx.questions_asked;
    InlineAnswers* answers = ctx.setup->inline_answers;
    if (!answers || ctx.warm_pending || recording(L)) return false;
    bool answered = false;
    guarded(L, [&] {
        answered = answers->answer_inline(ctx.pending, pick);
        return 0;
    });
    if (answered) restart_slice(L);
    return answered;
}

// A question that waits for its answer: its prompt and the step that asks it.
static void complete_question(lua_State* L, const char* prompt) {
    auto& q = context(L).pending;
    q.prompt.assign(prompt);
    if (const char* step = current_step(L)) q.step.assign(step);
    else q.step.clear();
}

// Suspends the bot until the answer to ctx.pending, which resuming returns. No C++ object
// lives on this frame: lua_yield unwinds it.
static int wait_for_answer(lua_State* L) {
    context(L).asked = true;
    return lua_yield(L, 0);
}

// What is wrong with an ask's options, found while the host reads them and raised after, as
// no C++ object may live across a Lua error.
struct OptionProblem {
    enum class Kind { none, not_option, no_id, bad_label, same_id, no_room } kind = Kind::none;
    lua_Integer option = 0;  // the option at fault (for same_id, the later one)
    lua_Integer first = 0;   // same_id: the earlier option with that id
};

// Reads option i of the options at 2, raw (an option table's metatable cannot run code behind
// the host's back): a string is its own id and label; a table has an id string and maybe a
// label string (the id when it has none). Pushes nothing; the texts stay valid while no Lua
// code runs, as the options table holds them and nothing here allocates.
static OptionProblem::Kind read_option(lua_State* L, lua_Integer i, OptionView& option) {
    using Kind = OptionProblem::Kind;
    std::size_t size = 0;
    const int type = lua_rawgeti(L, 2, i);
    if (type == LUA_TSTRING) {
        const char* text = lua_tolstring(L, -1, &size);
        option.id = option.label = {text, size};
        lua_pop(L, 1);
        return Kind::none;
    }
    if (type != LUA_TTABLE) return lua_pop(L, 1), Kind::not_option;
    lua_pushvalue(L, lua_upvalueindex(ID_KEY));
    if (lua_rawget(L, -2) != LUA_TSTRING) return lua_pop(L, 2), Kind::no_id;
    const char* id = lua_tolstring(L, -1, &size);
    option.id = {id, size};
    lua_pushvalue(L, lua_upvalueindex(LABEL_KEY));
    const int label = lua_rawget(L, -3);
    if (label == LUA_TNIL) {
        option.label = option.id;
    } else if (label == LUA_TSTRING) {
        const char* text = lua_tolstring(L, -1, &size);
        option.label = {text, size};
    } else {
        return lua_pop(L, 3), Kind::bad_label;
    }
    lua_pop(L, 3);
    return Kind::none;
}

// Options with the same id: a pairwise check for a few, a set for many. The first option
// whose id came before is the one named, with the earliest that had it.
static OptionProblem find_same_ids(const std::vector<OptionView>& options) {
    OptionProblem problem;
    const std::size_t n = options.size();
    auto found = [&](std::size_t first, std::size_t later) {
        problem = {OptionProblem::Kind::same_id, static_cast<lua_Integer>(later + 1), static_cast<lua_Integer>(first + 1)};
        return problem;
    };
    if (n <= 16) {
        for (std::size_t i = 1; i < n; ++i)
            for (std::size_t j = 0; j < i; ++j)
                if (options[i].id == options[j].id) return found(j, i);
        return problem;
    }
    std::unordered_map<std::string_view, std::size_t> seen;
    seen.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        if (const auto [at, added] = seen.emplace(options[i].id, i); !added) return found(at->second, i);
    return problem;
}

// Reads and checks the n options at 2 into ctx.option_views: every option well formed, no two
// with one id, and room within the memory limit for what the host holds of them: its views of
// the options, the question's choices, the set of ids past 16 options, and the copies of their
// ids and labels (many options sharing one long label are small for Lua and huge for the host).
// Each is counted before it is made.
static OptionProblem read_options(lua_State* L, lua_Integer n) {
    constexpr std::size_t id_set_entry = 64;  // a node of the set and its bucket, at most
    const std::size_t count = static_cast<std::size_t>(n);
    std::size_t bytes = count * (sizeof(OptionView) + sizeof(Choice) + (count > 16 ? id_set_entry : 0));
    auto no_room = [&] {
        trip(limit_state(L), memory_reason(limit_state(L), "the options of ui.ask"));
        return OptionProblem{OptionProblem::Kind::no_room, 0, 0};
    };
    if (bytes > host_room(limit_state(L))) return no_room();
    auto& views = context(L).option_views;
    views.resize(count);
    for (lua_Integer i = 1; i <= n; ++i)
        if (const auto kind = read_option(L, i, views[static_cast<std::size_t>(i - 1)]); kind != OptionProblem::Kind::none)
            return {kind, i, 0};
    if (const auto same = find_same_ids(views); same.kind != OptionProblem::Kind::none) return same;
    for (const auto& option : views) bytes += option.id.size() + option.label.size();
    if (bytes > host_room(limit_state(L))) return no_room();
    return {};
}

static int raise_option_problem(lua_State* L, const OptionProblem& p) {
    using Kind = OptionProblem::Kind;
    const int i = static_cast<int>(p.option);
    switch (p.kind) {
        case Kind::not_option: return luaL_error(L, "ui.ask: option %d must be a string or a table {id =, label =}", i);
        case Kind::no_id: return luaL_error(L, "ui.ask: option %d has no id string", i);
        case Kind::bad_label: return luaL_error(L, "ui.ask: option %d's label must be a string", i);
        case Kind::same_id: return luaL_error(L, "ui.ask: options %d and %d have the same id", static_cast<int>(p.first), i);
        case Kind::no_room: return luaL_error(L, "ui.ask: %s", limit_state(L).tripped_reason.c_str());
        case Kind::none: break;
    }
    return 0;
}

static int ui_ask(lua_State* L) {
    check_can_ask(L, "ask");
    const char* prompt = question_prompt(L);
    luaL_checktype(L, 2, LUA_TTABLE);
    const lua_Integer n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    if (n < 1) return luaL_error(L, "ui.ask: a question needs at least one option");
    if (n > 100000) return luaL_error(L, "ui.ask: a question can have at most 100000 options");
    lua_settop(L, 2);
    OptionProblem problem;
    guarded(L, [&] {
        problem = read_options(L, n);
        if (problem.kind != OptionProblem::Kind::none) return 0;
        // Only the ids now: a question answered inline is never shown.
        auto& q = new_question(L, Question::Kind::ask, static_cast<std::size_t>(n));
        const auto& views = context(L).option_views;
        for (std::size_t i = 0; i < views.size(); ++i) q.choices[i].id.assign(views[i].id);
        return 0;
    });
    if (problem.kind != OptionProblem::Kind::none) return raise_option_problem(L, problem);
    long long pick = 0;
    if (pose(L, pick)) {
        if (auto& views = context(L).option_views; views.capacity() > 64) views = {};  // as below
        // The chosen option's id, as the bot gave it (no new string).
        if (lua_rawgeti(L, 2, static_cast<lua_Integer>(pick) + 1) == LUA_TTABLE) {
            lua_pushvalue(L, lua_upvalueindex(ID_KEY));
            lua_rawget(L, -2);
        }
        return 1;
    }
    // No Lua code ran since the options were read: their texts are still in place.
    guarded(L, [&] {
        complete_question(L, prompt);
        auto& views = context(L).option_views;
        auto& choices = context(L).pending.choices;
        for (std::size_t i = 0; i < views.size(); ++i) choices[i].label.assign(views[i].label);
        if (views.capacity() > 64) views = {};  // a long list is not kept for the rest of the game
        return 0;
    });
    return wait_for_answer(L);
}

static int ui_confirm(lua_State* L) {
    check_can_ask(L, "confirm");
    const char* prompt = question_prompt(L);
    guarded(L, [&] {
        new_question(L, Question::Kind::confirm);
        return 0;
    });
    long long pick = 0;
    if (pose(L, pick)) {
        lua_pushboolean(L, pick != 0);
        return 1;
    }
    guarded(L, [&] {
        complete_question(L, prompt);
        return 0;
    });
    return wait_for_answer(L);
}

static int ui_number(lua_State* L) {
    check_can_ask(L, "number");
    const char* prompt = question_prompt(L);
    const lua_Integer min = luaL_checkinteger(L, 2);
    const lua_Integer max = luaL_checkinteger(L, 3);
    if (min > max) return luaL_error(L, "ui.number: min %I is greater than max %I", min, max);
    guarded(L, [&] {
        auto& q = new_question(L, Question::Kind::number);
        q.min = min;
        q.max = max;
        return 0;
    });
    long long pick = 0;
    if (pose(L, pick)) {
        lua_pushinteger(L, pick);
        return 1;
    }
    guarded(L, [&] {
        complete_question(L, prompt);
        return 0;
    });
    return wait_for_answer(L);
}

static const luaL_Reg ui_functions[] = {
    {"say", ui_say},       {"why", ui_why},         {"show", ui_show},     {"ask", ui_ask},
    {"confirm", ui_confirm}, {"number", ui_number}, {nullptr, nullptr},
};

int luaopen_ui(lua_State* L) {
    luaL_newlibtable(L, ui_functions);
    lua_pushliteral(L, "id");     // ID_KEY
    lua_pushliteral(L, "label");  // LABEL_KEY
    lua_createtable(L, 1, 0);     // PROMPT_SLOT
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PROMPT_TAG);
    luaL_setfuncs(L, ui_functions, 3);
    return 1;
}

}  // namespace soloist::lua
