// The Lua sandbox: what a bot can reach and what it cannot, the host's read-only tables,
// address-free and ordered output, and how every kind of script error ends the game.

#include <catch2/catch.hpp>

#include "lua_test_support.hpp"

using namespace soloist;
using soloist::test::lua_error;
using soloist::test::lua_value;
using soloist::test::Played;
using soloist::test::play_lua;
using soloist::test::summary_of;
using Catch::Contains;

namespace {

// The texts of the `say` events of a game, in order.
std::vector<std::string> said(const Played& p) {
    std::vector<std::string> out;
    for (const auto& e : p->transcript().events())
        if (e["event"] == "say") out.push_back(e["text"]);
    return out;
}

// A main.lua that pcalls each line of `attempts` and ends with the messages, one a line:
// "ok" or the error.
std::string attempt_each(const std::vector<std::string>& attempts, const std::string& after = "") {
    std::string lua = "local out = {}\nlocal function try(f) local ok, e = pcall(f); out[#out + 1] = ok and 'ok' or tostring(e) end\n";
    for (const auto& a : attempts) lua += "try(function() " + a + " end)\n";
    return lua + after + "\nreturn { result = 'win', summary = table.concat(out, '\\n') }\n";
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (;;) {
        const auto end = text.find('\n', start);
        out.push_back(text.substr(start, end - start));
        if (end == std::string::npos) return out;
        start = end + 1;
    }
}

}  // namespace

TEST_CASE("the libraries a bot must not reach are refused or nil", "[sandbox]") {
    // Names a script may expect from stock Lua are refused with a message saying what to do.
    for (const char* name : {"io", "os", "debug", "package", "dofile", "loadfile", "print", "collectgarbage", "_G.io",
                             "_ENV.os", "_G.debug"}) {
        INFO(name);
        CHECK(lua_value(name).find("is not allowed") != std::string::npos);
    }
    for (const char* name : {"string.dump", "math.random", "math.randomseed", "('').dump", "loadstring", "setfenv",
                             "module", "utf8.dump"}) {
        INFO(name);
        CHECK(lua_value(name) == "nil");
    }
}

TEST_CASE("the documented base functions and libraries are there", "[sandbox]") {
    for (const char* name : {"assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "rawequal", "rawget",
                             "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring",
                             "type", "load", "require", "ui.say", "ui.ask", "random.roll", "random.shuffle",
                             "game.step", "game.record", "string.format", "table.sort", "math.floor",
                             "utf8.char", "coroutine.wrap"}) {
        INFO(name);
        CHECK(lua_value("type(" + std::string(name) + ")") == "function");
    }
    CHECK(lua_value("_VERSION") == "Lua 5.4");
    CHECK(lua_value("rawequal(_G, _ENV)") == "true");
}

TEST_CASE("load refuses binary chunks and runs text in the bot's environment", "[sandbox]") {
    const auto out = lines_of(summary_of(play_lua(R"lua(
local f, e = load("\27Lua\84\0\25\147\13\10\26\10")
local g, e2 = load("return 1", "named", "b")
X = 41
local h = load("return X + 1")
local k = load("return y", "chunk", "t", { y = 5 })
local ok, e3 = pcall(load, function() return nil end)
local bad, e4 = load("return +", "=oops")
return { result = "win", summary = table.concat({ tostring(f), e, tostring(g), e2, h(), k(), e3, tostring(bad), e4 }, "\n") }
)lua")));
    REQUIRE(out.size() == 9);
    CHECK(out[0] == "nil");
    CHECK(out[1] == "not allowed: binary chunks cannot be loaded; Soloist runs Lua text only");
    CHECK(out[2] == "nil");
    CHECK(out[3] == "not allowed: binary chunks cannot be loaded; Soloist runs Lua text only");
    CHECK(out[4] == "42");
    CHECK(out[5] == "5");
    CHECK(out[6] == "load: not allowed: Soloist's load takes a string of Lua text only");
    CHECK(out[7] == "nil");
    CHECK(out[8] == "oops:1: unexpected symbol near '+'");
}

TEST_CASE("require reaches the bot's folder and scripts/lib, and nothing else", "[sandbox]") {
    Played p = play_lua(attempt_each({"require 'os'", "require '../outside'", "require 'lib/../../outside'",
                                      "require 'sub..deep'", "require '.hidden'", "require ''",
                                      "require 'io'", "require 'debug'"},
                                     R"lua(
local helper = require "helper"
local deep = require "sub.deep"
local deck = require "deck"
out[#out + 1] = helper.name .. " " .. deep.name .. " " .. type(deck.new) .. " " .. tostring(rawequal(helper, require "helper"))
out[#out + 1] = tostring(helper.loads)
)lua"),
                        {{"helper.lua", "LOADS = (LOADS or 0) + 1\nreturn { name = 'helper', loads = LOADS }\n"},
                         {"sub/deep.lua", "return { name = 'deep' }\n"},
                         {"../outside.lua", "return { name = 'outside' }\n"},
                         {".hidden.lua", "return {}\n"}});
    const auto out = lines_of(summary_of(p));
    REQUIRE(out.size() == 10);
    for (int i = 0; i < 8; ++i) {
        INFO(out[i]);
        CHECK_THAT(out[i], Contains("not allowed: a bot can require only the modules of its own folder"));
    }
    CHECK_THAT(out[0], Contains("require 'os': not allowed"));
    CHECK_THAT(out[1], Contains("require '../outside': not allowed"));
    CHECK_THAT(out[2], Contains("require 'lib/../../outside': not allowed"));
    CHECK(out[8] == "helper deep function true");
    CHECK(out[9] == "1");  // a module runs once
}

TEST_CASE("a script assigning one of the host's names is refused when it compiles", "[sandbox]") {
    for (const char* line : {"ui = nil", "local function f() string = {} end", "pairs, x = nil, 1"}) {
        INFO(line);
        Played p = play_lua(std::string("local x = 1\n") + line + "\nreturn { result = 'win', summary = 'ran' }\n");
        REQUIRE(p.game->status() == Game::Status::failed);
        CHECK_THAT(p.game->error(), Contains("tiny/main.lua:2: not allowed: '"));
        CHECK_THAT(p.game->error(), Contains("' is one of Soloist's globals and cannot be replaced"));
    }
    // A local of the same name is the script's own.
    Played own = play_lua("local ui = 3\nui = ui + 1\nreturn { result = 'win', summary = tostring(ui) }\n");
    REQUIRE(own.game->status() == Game::Status::ended);
    CHECK(own.game->ending()["summary"] == "4");
}

TEST_CASE("the host's globals and tables are read-only, and stay intact", "[sandbox]") {
    // A script's own lines cannot even compile an assignment to a host name (see below), so
    // these go through load, whose chunks meet the sandbox's refusal at run time.
    Played p = play_lua(attempt_each({"_G = {}", "load('ui = {}')()", "string.format = nil", "load('game = 1')()", "ui.say = nil",
                                      "_G.string = 1", "random.roll = nil", "game.options = {}", "table.insert = 1",
                                      "rawset(_G, 'ui', 1)", "rawset(string, 'x', 1)", "rawset(ui, 'say', 1)",
                                      "setmetatable(_G, nil)", "setmetatable(string, {})",
                                      "setmetatable({}, { __gc = function() end })", "mine = 3",
                                      "rawset(_G, 'own', 4)", "setmetatable({}, { __mode = 'k' })"},
                                     "ui.say(string.format('still %s: %d %d', 'here', mine, own))"));
    const auto out = lines_of(summary_of(p));
    REQUIRE(out.size() == 18);
    CHECK_THAT(out[0], Contains("tiny/main.lua:3: not allowed: '_G' is one of Soloist's globals and cannot be replaced"));
    CHECK_THAT(out[1], Contains("not allowed: 'ui' is one of Soloist's globals and cannot be replaced"));
    CHECK_THAT(out[2], Contains("not allowed: string.format is part of Soloist and cannot be changed"));
    CHECK_THAT(out[3], Contains("not allowed: 'game' is one of Soloist's globals and cannot be replaced"));
    CHECK_THAT(out[4], Contains("not allowed: ui.say is part of Soloist and cannot be changed"));
    CHECK_THAT(out[5], Contains("not allowed: 'string' is one of Soloist's globals and cannot be replaced"));
    CHECK_THAT(out[6], Contains("not allowed: random.roll is part of Soloist and cannot be changed"));
    CHECK_THAT(out[7], Contains("not allowed: game.options is part of Soloist and cannot be changed"));
    CHECK_THAT(out[8], Contains("not allowed: table.insert is part of Soloist and cannot be changed"));
    CHECK_THAT(out[9], Contains("not allowed: 'ui' is one of Soloist's globals"));
    CHECK_THAT(out[10], Contains("not allowed: this table belongs to Soloist and is read-only"));
    CHECK_THAT(out[11], Contains("not allowed: this table belongs to Soloist and is read-only"));
    CHECK(out[12] == "cannot change a protected metatable");
    CHECK(out[13] == "cannot change a protected metatable");
    CHECK_THAT(out[14], Contains("not allowed: __gc finalizers would run after the game, outside Soloist's limits"));
    CHECK(out[15] == "ok");
    CHECK(out[16] == "ok");
    CHECK_THAT(out[17], Contains("not allowed: weak tables (__mode) depend on garbage collection timing"));
    CHECK(said(p) == std::vector<std::string>{"still here: 3 4"});
}

TEST_CASE("pairs over a host table does not hand out the real table", "[sandbox]") {
    Played p = play_lua(attempt_each({"local _, t = pairs(string); t.rep = function() return 'hacked' end",
                                      "local _, t = pairs(ui); rawset(t, 'say', function() end)",
                                      "local _, t = pairs(game); t.seed = 99"},
                                     R"lua(
ui.say("heard " .. string.rep("a", 2) .. " " .. ("b"):rep(2) .. " " .. game.seed)
local names = {}
for name in pairs(string) do names[#names + 1] = name end
out[#out + 1] = table.concat(names, ",")
)lua"));
    const auto out = lines_of(summary_of(p));
    REQUIRE(out.size() == 4);
    CHECK_THAT(out[0], Contains("not allowed"));
    CHECK_THAT(out[1], Contains("not allowed"));
    CHECK_THAT(out[2], Contains("not allowed"));
    CHECK(out[3] == "byte,char,find,format,gmatch,gsub,len,lower,match,pack,packsize,rep,reverse,sub,unpack,upper");
    CHECK(said(p) == std::vector<std::string>{"heard aa bb 1"});
}

TEST_CASE("metatables of the host are hidden", "[sandbox]") {
    CHECK(lua_value("getmetatable('')") == "locked");
    CHECK(lua_value("getmetatable(string)") == "locked");
    CHECK(lua_value("getmetatable(_G)") == "locked");
    CHECK(lua_value("getmetatable(ui)") == "locked");
    CHECK(lua_value("('x'):rep(3)") == "xxx");  // string methods still work
}

TEST_CASE("nothing prints a memory address", "[sandbox]") {
    CHECK(lua_value("{}") == "table");
    CHECK(lua_value("function() end") == "function");
    CHECK(lua_value("coroutine.create(function() end)") == "thread");
    CHECK(lua_value("setmetatable({}, { __name = 'Deck' })") == "Deck");
    CHECK(lua_value("setmetatable({}, { __name = 7 })") == "table");
    CHECK(lua_value("setmetatable({}, { __tostring = function() return 'mine' end })") == "mine");
    CHECK(lua_value("string.format('%s', {})") == "table");
    CHECK(lua_value("string.format('%s|%s|%s|%s', {}, function() end, 3, true)") == "table|function|3|true");
    CHECK(lua_value("string.format('%s %s', setmetatable({}, { __name = 7 }), 'after')") == "table after");
    CHECK(lua_value("string.format('%5.2s|%-6s|', {}, {})") == "   ta|table |");
    CHECK(lua_value("string.format('100%% %s', {})") == "100% table");
    CHECK_THAT(lua_value("select(2, pcall(string.format, '%p', {}))"),
               Contains("string.format: '%p' would print a memory address, which Soloist does not allow"));
    CHECK_THAT(lua_value("select(2, pcall(string.format, '%5p', 'x'))"), Contains("'%p' would print a memory address"));
}

TEST_CASE("string.format formats %s and %d as Lua's own does", "[sandbox]") {
    // Plain %s of strings and %d of integers are formatted by Soloist; the rest by Lua.
    CHECK(lua_value("string.format('%s-%d%%|%s', 'a', 5, '')") == "a-5%|");
    CHECK(lua_value("string.format('%d %d %d', 0, -7, math.mininteger)") == "0 -7 -9223372036854775808");
    CHECK(lua_value("string.format('%d', math.maxinteger)") == "9223372036854775807");
    CHECK(lua_value("#string.format('a%sb', 'x\\0y')") == "5");  // embedded zeros kept
    CHECK(lua_value("string.format('%d|%s|%s', 3.0, 2.5, 7)") == "3|2.5|7");  // numbers: Lua's path
    CHECK(lua_value("string.format('%5d|%-3s|%x', 42, 'ab', 255)") == "   42|ab |ff");
    CHECK(lua_value("string.format('%s and %s', 'only one', nil)") == "only one and nil");
    CHECK_THAT(lua_value("select(2, pcall(string.format, '%d', 'x'))"), Contains("number expected"));
    CHECK_THAT(lua_value("select(2, pcall(string.format, '%d'))"), Contains("no value"));
    CHECK_THAT(lua_value("select(2, pcall(string.format, '%d', 1.5))"), Contains("number has no integer representation"));
    CHECK_THAT(lua_value("select(2, pcall(string.format, 'x%', 1))"), Contains("invalid conversion"));
}

TEST_CASE("pairs and next visit keys in a fixed order", "[sandbox]") {
    const auto out = lines_of(summary_of(play_lua(R"lua(
local t = { b = 1, a = 2, [3] = "x", [1] = "y", [2.5] = "z", [true] = 1, [false] = 0, ab = 3, [-1] = 4, B = 5, [""] = 6 }
local ks = {}
for k in pairs(t) do ks[#ks + 1] = tostring(k) end
local ns = {}
local k = next(t)
while k ~= nil do ns[#ns + 1] = tostring(k); k = next(t, k) end
local big = {}
big[9007199254740993] = 1; big[9007199254740992] = 2; big[9007199254740994] = 3; big[-9007199254740993] = 4
local bs = {}
for k in pairs(big) do bs[#bs + 1] = tostring(k) end
local removed = { a = 1, b = 2, c = 3 }
local seen = {}
for k in pairs(removed) do seen[#seen + 1] = k; removed.b = nil end
return { result = "win", summary = table.concat({ table.concat(ks, ","), table.concat(ns, ","), tostring(next(t)),
  tostring(next({})), table.concat(bs, ","), table.concat(seen, ",") }, "\n") }
)lua")));
    REQUIRE(out.size() == 6);
    CHECK(out[0] == "-1,1,2.5,3,,B,a,ab,b,false,true");
    CHECK(out[1] == out[0]);
    CHECK(out[2] == "-1");
    CHECK(out[3] == "nil");
    CHECK(out[4] == "-9007199254740993,9007199254740992,9007199254740993,9007199254740994");
    CHECK(out[5] == "a,c");  // a key set to nil meanwhile is skipped
}

TEST_CASE("pairs orders tables of every size, arrays and near-arrays, and long string keys", "[sandbox]") {
    const auto out = lines_of(summary_of(play_lua(R"lua(
local function keys(t) local ks = {} for k in pairs(t) do ks[#ks + 1] = tostring(k) end return table.concat(ks, ",") end
local many = {}  -- more keys than pairs describes on its own frame: mixed, inserted backwards
for i = 100, 1, -1 do many["k" .. i] = i; many[i * 2] = i end
many[true] = 1
local array, gap, from_zero = {}, {}, {}
for i = 1, 70 do array[i] = i; gap[i] = i; from_zero[i - 1] = i end
gap[35] = nil
local long = { [string.rep("b", 60)] = 1, [string.rep("a", 60)] = 2, short = 3 }
local seen = 0
for k, v in pairs(long) do seen = seen + v end
local ks = keys(many)
return { result = "win", summary = table.concat({ select(2, ks:gsub(",", ",")) + 1, ks:sub(1, 12), ks:sub(-12),
  keys(array):sub(-8), keys(gap):sub(88, 99), keys(from_zero):sub(1, 6), keys(long):sub(1, 3), seen }, "\n") }
)lua")));
    REQUIRE(out.size() == 8);
    CHECK(out[0] == "201");              // 100 numbers, 100 strings, true
    CHECK(out[1] == "2,4,6,8,10,1");     // numbers ascending first
    CHECK(out[2] == "k98,k99,true");     // then strings bytewise, then booleans
    CHECK(out[3] == "68,69,70");
    CHECK(out[4] == "33,34,36,37,");     // 35 missing: not an array, still in order
    CHECK(out[5] == "0,1,2,");
    CHECK(out[6] == "aaa");
    CHECK(out[7] == "6");                // every long key's value found again
}

TEST_CASE("pairs and next refuse keys that have no order", "[sandbox]") {
    const std::string why = "has no fixed order; Soloist visits keys in a fixed order so games replay identically";
    CHECK_THAT(lua_value("select(2, pcall(pairs, { [{}] = 1 }))"), Contains("a table key of type table " + why));
    CHECK_THAT(lua_value("select(2, pcall(next, { [{}] = 1 }))"), Contains("a table key of type table " + why));
    CHECK_THAT(lua_value("select(2, pcall(pairs, { [function() end] = 1 }))"),
               Contains("a table key of type function " + why));
    // Not caught: the game ends with the error, the traceback naming the bot's line.
    const auto e = lua_error("local t = { [{}] = true }\nfor k in pairs(t) do end\n");
    CHECK_THAT(e, Contains("a table key of type table " + why));
    CHECK_THAT(e, Contains("tiny/main.lua:2: in main chunk"));
}

TEST_CASE("a table with keys of several unorderable types is refused alike in every state", "[sandbox][determinism]") {
    // The keys are met in the order of the state's hashes and addresses; the message names
    // the first type in alphabetical order, whichever key comes first.
    const std::string main = "local t = {}\nfor i = 1, 20 do t[{}] = i; t[function() end] = i; t[coroutine.create(function() "
                             "end)] = i end\nt.a = 1\nlocal _, p = pcall(pairs, t)\nlocal _, n = pcall(next, t)\n"
                             "local _, m = pcall(next, t, 'a')\nreturn { result = 'win', summary = p .. '|' .. n .. '|' .. m }\n";
    const std::string refused = "a table key of type function has no fixed order; Soloist visits keys in a fixed order so "
                                "games replay identically: use numbers, strings or booleans as keys";
    for (int game = 0; game < 12; ++game) {
        INFO("game " << game);
        CHECK(summary_of(play_lua(main)) == refused + "|" + refused + "|" + refused);
    }
}

TEST_CASE("any error value ends the game with a readable message", "[sandbox]") {
    const auto in_step = [](const std::string& body) {
        return lua_error("ui.say('begin')\nlocal f = game.step('setup', function()\n  " + body + "\nend)\nf()\n");
    };
    SECTION("nil") {
        const auto e = in_step("error(nil)");
        CHECK_THAT(e, Catch::StartsWith("(error object is a nil value)\n  (in step 'setup')\nstack traceback:"));
        CHECK_THAT(e, Contains("tiny/main.lua:3: in"));
    }
    SECTION("a table") {
        const auto e = in_step("error({})");
        CHECK_THAT(e, Catch::StartsWith("(error object is a table value)\n  (in step 'setup')"));
        CHECK_THAT(e, Contains("tiny/main.lua:3: in"));
    }
    SECTION("a table whose __tostring fails") {
        const auto e = in_step("error(setmetatable({}, { __tostring = function() error('x') end }))");
        CHECK_THAT(e, Catch::StartsWith("(error object whose __tostring failed)\n  (in step 'setup')"));
        CHECK_THAT(e, Contains("tiny/main.lua:3: in"));
    }
    SECTION("a table whose __tostring returns a table") {
        const auto e = in_step("error(setmetatable({}, { __tostring = function() return {} end }))");
        CHECK_THAT(e, Catch::StartsWith("(error object is a table value)"));
    }
    SECTION("a table with a __tostring") {
        CHECK_THAT(in_step("error(setmetatable({}, { __tostring = function() return 'custom' end }))"),
                   Catch::StartsWith("custom\n  (in step 'setup')"));
    }
    SECTION("a number") {
        CHECK_THAT(in_step("error(42)"), Catch::StartsWith("42\n  (in step 'setup')"));
    }
    SECTION("a string without position") {
        CHECK_THAT(in_step("error('plain', 0)"), Catch::StartsWith("plain\n  (in step 'setup')"));
    }
}

TEST_CASE("a syntax error names the file and line", "[sandbox]") {
    Played p = play_lua("local x = 1\nx = = 2\n");
    REQUIRE(p->status() == Game::Status::failed);
    CHECK_THAT(p->error(), Contains("tiny/main.lua:2: unexpected symbol near '='"));
    CHECK_THAT(p->error(), Contains("(while loading the bot)"));
    const auto& last = p->transcript().events().back();
    CHECK(last["event"] == "error");
    CHECK(last["message"] == p->error());
}

TEST_CASE("a syntax error in a module names the module's file and line", "[sandbox]") {
    Played p = play_lua("local ok = true\nrequire 'broken'\n", {{"broken.lua", "return {\n  a = ,\n}\n"}});
    REQUIRE(p->status() == Game::Status::failed);
    CHECK_THAT(p->error(), Contains("tiny/broken.lua:2: unexpected symbol near ','"));
    CHECK_THAT(p->error(), Contains("tiny/main.lua:2: in main chunk"));
}

TEST_CASE("a runtime error names file:line, the step and a traceback", "[sandbox]") {
    Played p = play_lua(R"lua(local turn = game.step("turn", function(n)
  local x = nil
  return x.field + n
end)
ui.say("before")
turn(1)
)lua");
    REQUIRE(p->status() == Game::Status::failed);
    const auto& e = p->error();
    CHECK_THAT(e, Catch::StartsWith("/"));
    CHECK_THAT(e, Contains("tiny/main.lua:3: attempt to index a nil value (local 'x')\n  (in step 'turn')\nstack traceback:"));
    CHECK_THAT(e, Contains("tiny/main.lua:3: in"));
    CHECK_THAT(e, Contains("tiny/main.lua:6: in main chunk"));
    CHECK(said(p) == std::vector<std::string>{"before"});
}

TEST_CASE("a library function held by a bot's globals keeps its one name in errors", "[sandbox][determinism]") {
    // Lua names a function in a traceback, and in an argument error when no call site names
    // it, by the first package.loaded table holding it, in the order of that state's string
    // hashes. Were the bots' environment there, `a7 = string.rep` would give string.rep
    // several names, and each state would pick one: the transcript would differ between
    // processes (fuzz_lua finding). A bot's own global function is named as the script calls it.
    std::string main = "function blow_up() error('boom') end\n";
    for (int i = 1; i <= 30; ++i) main += "a" + std::to_string(i) + " = string.rep\n";
    main += "local ok, e = pcall(a7, {}, 1)\nui.say(e)\n"
            "if pcall(blow_up) then return end\n"
            "a12({}, 1)\n";
    for (int game = 0; game < 12; ++game) {
        INFO("game " << game);
        Played p = play_lua(main);
        REQUIRE(p->status() == Game::Status::failed);
        CHECK(said(p) == std::vector<std::string>{"bad argument #1 to 'string.rep' (string expected, got table)"});
        CHECK_THAT(p->error(), Contains("tiny/main.lua:") && Contains("bad argument #1 to 'a12' (string expected, got table)"));
        CHECK_THAT(p->error(), Contains("[C]: in function 'string.rep'\n"));
        CHECK_THAT(p->error(), !Contains("soloist.sandbox"));
    }
    // A bot's global function: named from its call (Lua's "global 'blow_up'" wording), never
    // as a field of a host table.
    Played p = play_lua("function blow_up(n) error('it blew up at ' .. n) end\nblow_up(3)\n");
    REQUIRE(p->status() == Game::Status::failed);
    CHECK_THAT(p->error(), Contains("tiny/main.lua:1: in global 'blow_up'\n"));
}

TEST_CASE("the step and the question number are named after a question", "[sandbox]") {
    Played p = play_lua(R"lua(local turn = game.step("turn", function()
  if ui.confirm("Go on?") then error("it broke") end
end)
turn()
)lua");
    REQUIRE(p->status() == Game::Status::question);
    p->answer("yes");
    REQUIRE(p->status() == Game::Status::failed);
    CHECK_THAT(p->error(), Contains("tiny/main.lua:2: it broke\n  (in step 'turn', after question 1)\nstack traceback:"));
}

TEST_CASE("questions cannot be asked from a coroutine the bot created", "[sandbox]") {
    const auto out = lines_of(summary_of(play_lua(R"lua(
local co = coroutine.create(function() return ui.ask("Which?", { "a", "b" }) end)
local ok, e = coroutine.resume(co)
local w = coroutine.wrap(function() ui.confirm("Sure?") end)
local ok2, e2 = pcall(w)
local ok3, e3 = pcall(function() table.sort({ 3, 1, 2 }, function(a, b) ui.number("n?", 1, 2) return a < b end) end)
local ok4, e4 = coroutine.resume(coroutine.running())
return { result = "win", summary = table.concat({ tostring(ok), e, tostring(ok2), e2, e3, tostring(ok4), e4 }, "\n") }
)lua")));
    REQUIRE(out.size() == 7);
    const std::string refused = "questions can only be asked from the bot's own flow, not from a coroutine the bot created";
    CHECK(out[0] == "false");
    CHECK_THAT(out[1], Contains("tiny/main.lua:2: ui.ask: " + refused));
    CHECK(out[2] == "false");
    CHECK_THAT(out[3], Contains("tiny/main.lua:4: ui.confirm: " + refused));
    CHECK_THAT(out[4], Contains("tiny/main.lua:6: ui.number: a question cannot be asked here"));
    CHECK(out[5] == "false");
    CHECK(out[6] == "cannot resume the bot's own flow");
}

TEST_CASE("coroutine.yield in the bot's own flow is a clear error", "[sandbox]") {
    Played p = play_lua("ui.say('one')\ncoroutine.yield(1)\nreturn { result = 'win' }\n");
    REQUIRE(p->status() == Game::Status::failed);
    CHECK(p->error() == "the bot yielded without asking a question (coroutine.yield in the bot's own flow?)");
    // The bot's coroutines still yield as usual.
    CHECK(lua_value("coroutine.wrap(function() coroutine.yield(5) end)()") == "5");
}

TEST_CASE("the entry script must return the end of the game", "[sandbox]") {
    CHECK_THAT(lua_error("return 5\n"),
               Contains("tiny/main.lua: the entry script must end by returning { result = \"win\""));
    CHECK_THAT(lua_error("return { summary = 'no result' }\n"), Contains("the entry script must end by returning"));
    CHECK_THAT(lua_error("return { result = 'win', f = function() end }\n"),
               Contains("(a function value, which cannot be recorded (at f))"));
    // What simulations sum and print must be of its kind, not quietly left out.
    CHECK_THAT(lua_error("return { result = 'win', scores = { player = 'many' } }\n"),
               Contains("tiny/main.lua: the end it returned: score 'player' must be a number, not \"many\""));
    CHECK_THAT(lua_error("return { result = 'win', scores = 7 }\n"), Contains("scores must be a table of names and numbers"));
    CHECK(play_lua("return { result = 'win', scores = {} }\n")->status() == Game::Status::ended);  // no scores
    CHECK_THAT(lua_error("return { result = 'win', rounds = 2.5 }\n"), Contains("rounds must be a whole number, not 2.5"));
    CHECK_THAT(lua_error("return { result = 'win', summary = {} }\n"), Contains("summary must be a string"));
}

TEST_CASE("ui.say formats its arguments and ui.show takes entries or a builder", "[sandbox]") {
    Played p = play_lua(R"lua(
local calls = 0
ui.say("Round %d of %d: %s", 2, 16, {})
ui.show("Table", { { label = "Gold", value = 3 } })
ui.show("Built", function()
  calls = calls + 1
  return { { label = "Wood", value = 2 }, { label = "Tags", value = { "a", "b" } } }
end)
return { result = "win", summary = tostring(calls) }
)lua");
    REQUIRE(p->status() == Game::Status::ended);
    CHECK(p->ending()["summary"] == "1");
    CHECK(said(p) == std::vector<std::string>{"Round 2 of 16: table"});
    std::vector<nlohmann::json> shows;
    for (const auto& e : p->transcript().events())
        if (e["event"] == "show") shows.push_back(e);
    REQUIRE(shows.size() == 2);
    CHECK(shows[0] == nlohmann::json::parse(R"({"event":"show","title":"Table","entries":[{"label":"Gold","value":3}]})"));
    CHECK(shows[1] == nlohmann::json::parse(
                          R"({"event":"show","title":"Built","entries":[{"label":"Wood","value":2},{"label":"Tags","value":["a","b"]}]})"));
    CHECK(p->transcript().last_show() == shows[1]);

    // A builder must return the entries.
    CHECK_THAT(lua_error("ui.show('Bad', function() return 5 end)\n"),
               Contains("tiny/main.lua:1: bad argument #2 to 'show' (table expected, got number)"));
    // A value a player can read: a table of the bot's is refused, not printed as raw data.
    CHECK_THAT(lua_error("ui.show('Bag', { { label = 'Gold', value = 1 }, { label = 'Bag', value = { tokens = { 'red' } } } })\n"),
               Contains("ui.show: entry 2 ('Bag') must have a value that is a string, a number, true/false or an array of "
                        "strings, not {\"tokens\":[\"red\"]}"));
    CHECK_THAT(lua_error("ui.show('List', { { label = 'Dice', value = { 1, 2 } } })\n"),
               Contains("entry 1 ('Dice') must have a value that is a string, a number, true/false or an array of strings, "
                        "not an array holding [1,2]"));
    CHECK_THAT(lua_error("ui.show('None', { { label = 'Gold' } })\n"), Contains("entry 1 ('Gold') must have a value"));
}

TEST_CASE("a builder is not called when nobody will see the show", "[sandbox]") {
    test::TempDir tmp;
    tmp.write("tiny/bot.yaml", test::tiny_manifest());
    tmp.write("tiny/main.lua", "local calls = 0\nui.show('Built', function() calls = calls + 1 return {} end)\n"
                               "ui.say('%s', 'unseen')\nreturn { result = 'win', summary = tostring(calls) }\n");
    Bot bot = load_bot(tmp.path() / "tiny", Library::in_use());
    GameSetup setup;
    setup.limits = test::test_limits();
    auto game = cli::make_game(bot, setup);
    game->keep_transcript(false);
    game->start();
    REQUIRE(game->status() == Game::Status::ended);
    CHECK(game->ending()["summary"] == "0");
    CHECK(game->transcript().events().empty());
}

TEST_CASE("xpcall and coroutine.close behave as in Lua", "[sandbox]") {
    const auto out = lines_of(summary_of(play_lua(R"lua(
local r = {}
local ok, e = xpcall(function() error("inner", 0) end, function(m) return "handled " .. m end)
r[#r + 1] = tostring(ok) .. " " .. e
r[#r + 1] = table.concat({ tostring(select(1, xpcall(function(a, b) return a + b end, error, 2, 3))),
                           tostring(select(2, xpcall(function(a, b) return a + b end, error, 2, 3))) }, " ")
local closed = {}
local co = coroutine.create(function()
  local guard <close> = setmetatable({}, { __close = function() closed[#closed + 1] = "closed" end })
  coroutine.yield()
end)
coroutine.resume(co)
r[#r + 1] = tostring(coroutine.close(co)) .. " " .. coroutine.status(co) .. " " .. table.concat(closed, ",")
local failing = coroutine.create(function() error("died", 0) end)
coroutine.resume(failing)
local ok2, e2 = coroutine.close(failing)
r[#r + 1] = tostring(ok2) .. " " .. tostring(e2)
local ok3, e3 = pcall(coroutine.close, coroutine.running())
r[#r + 1] = tostring(ok3) .. " " .. tostring(e3)
local ok4, e4 = pcall(coroutine.close, 5)
r[#r + 1] = tostring(ok4) .. " " .. tostring(e4)
return { result = "win", summary = table.concat(r, "\n") }
)lua")));
    CHECK(out == std::vector<std::string>{"false handled inner", "true 5", "true dead closed", "false died",
                                          "false cannot close a running coroutine",
                                          "false bad argument #1 to 'coroutine.close' (coroutine expected, got number)"});
}

TEST_CASE("ui.ask refuses options with the same id", "[sandbox]") {
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', { id = 'b' }, { id = 'a', label = 'A again' } })\n"),
               Contains("tiny/main.lua:1: ui.ask: options 1 and 3 have the same id"));
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', 'b', 'c', 'b' })\n"),
               Contains("tiny/main.lua:1: ui.ask: options 2 and 4 have the same id"));
    // Past 16 options the ids are checked through a set instead of pairwise.
    CHECK_THAT(lua_error("local o = {} for i = 1, 20 do o[i] = 'x' .. i end o[19] = 'x3'\nui.ask('Which?', o)\n"),
               Contains("tiny/main.lua:2: ui.ask: options 3 and 19 have the same id"));
    CHECK_THAT(lua_error("local o = {} for i = 1, 100001 do o[i] = 'x' .. i end\nui.ask('Which?', o)\n"),
               Contains("tiny/main.lua:2: ui.ask: a question can have at most 100000 options"));
    CHECK_THAT(lua_error("ui.ask('Which?', {})\n"), Contains("ui.ask: a question needs at least one option"));
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', 5 })\n"),
               Contains("ui.ask: option 2 must be a string or a table {id =, label =}"));
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', 'b', { label = 'C' } })\n"), Contains("ui.ask: option 3 has no id string"));
    CHECK_THAT(lua_error("ui.ask('Which?', { { id = 7 } })\n"), Contains("ui.ask: option 1 has no id string"));
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', { id = 'b', label = 5 } })\n"),
               Contains("ui.ask: option 2's label must be a string"));
    // The first fault in the options' order is named, before any two ids are compared.
    CHECK_THAT(lua_error("ui.ask('Which?', { 'a', 'a', true })\n"),
               Contains("ui.ask: option 3 must be a string or a table {id =, label =}"));
    // Options are read raw: a metatable on an option table gives it no id.
    CHECK_THAT(lua_error("ui.ask('Which?', { setmetatable({}, { __index = { id = 'x' } }) })\n"),
               Contains("ui.ask: option 1 has no id string"));
}
