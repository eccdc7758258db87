// Bot folders: loading and checking manifests and components, finding and naming bots,
// resolving options, and the content hash.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "domain/bot.hpp"
#include "domain/data_root.hpp"
#include "domain/hash.hpp"
#include "test_support.hpp"

using namespace soloist;
using soloist::test::TempDir;
using soloist::test::diagnostics_of;
using Lines = std::vector<std::string>;
using nlohmann::json;

namespace {

const std::filesystem::path bots_dir = test::fixtures() / "bots";

// The fixture bots stand in for the bundled ones; bots/lib for the Lua library.
Library fixture_library() { return Library{bots_dir, test::source_dir() / "schemas"}; }

Lines load_errors(const std::filesystem::path& dir, const Library& library = fixture_library()) {
    return diagnostics_of([&] { load_bot(dir, library); }, dir.parent_path());
}

// The message of the UsageError `f` throws.
template <typename F>
std::string usage_error(F&& f) {
    try {
        f();
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(no UsageError)";
}

// A copy of the fixture bot `name` and of bots/lib in a temporary library.
struct BotCopy {
    TempDir tmp;
    Library library{tmp.path() / "scripts", test::source_dir() / "schemas"};
    std::filesystem::path dir = library.scripts_dir / "bot";

    explicit BotCopy(const std::string& name) {
        namespace fs = std::filesystem;
        fs::create_directories(library.scripts_dir);
        fs::copy(bots_dir / name, dir, fs::copy_options::recursive);
        fs::copy(bots_dir / "lib", library.scripts_dir / "lib", fs::copy_options::recursive);
    }
    std::string hash() const { return bot_content_hash(dir, library); }
    void write(const std::filesystem::path& file, const std::string& text) const { std::ofstream(file, std::ios::binary) << text; }
};

std::string minimal_manifest(const std::string& id) {
    return "id: " + id + "\nname: N\ngame: G\nversion: 1.0.0\ndescription: D\nentry: main.lua\n";
}

}  // namespace

TEST_CASE("a valid bot loads with its options, steps and checked components", "[bot]") {
    const Bot bot = load_bot(bots_dir / "good-bot", fixture_library());
    CHECK(bot.id == "good-bot");
    CHECK(bot.name == "Good Bot");
    CHECK(bot.game == "Test Game");
    CHECK(bot.version == "1.0.0");
    CHECK(bot.entry == "main.lua");
    CHECK(bot.dir == bots_dir / "good-bot");

    REQUIRE(bot.options.size() == 5);
    CHECK(bot.options[0].id == "difficulty");
    CHECK(bot.options[0].type == "choice");
    CHECK(bot.options[0].default_value == "normal");
    CHECK(bot.options[0].allowed == std::vector<json>{"easy", "normal", "hard"});
    CHECK(bot.options[0].description == "How hard the bot plays.");
    CHECK(bot.options[1].min == 1);
    CHECK(bot.options[1].max == 30);
    CHECK(bot.options[1].default_value == 16);
    CHECK_FALSE(bot.options[2].min.has_value());
    CHECK(bot.options[2].default_value == false);
    CHECK(bot.options[4].allowed == std::vector<json>{2, 3, 4});

    REQUIRE(bot.steps.size() == 2);
    CHECK(bot.steps[0].id == "place marker");
    CHECK(bot.steps[1].description == "The bot draws a card.");

    REQUIRE(bot.component_files.size() == 3);
    CHECK(bot.component_files[0].name == "cards");
    CHECK(bot.component_files[0].file == bots_dir / "good-bot" / "cards.yaml");
    CHECK(bot.component_files[0].schema == test::source_dir() / "schemas" / "cards.schema.yaml");
    CHECK(bot.component_files[2].schema == bots_dir / "good-bot" / "schemas" / "spaces.schema.yaml");
    CHECK(bot.components["deck"]["cards"] == json::array({"c1", "c2", "c12", "c1"}));
    CHECK(bot.components["spaces"]["spaces"][1]["next"] == "I");

    CHECK(bot.content_hash.size() == 16);
    CHECK(bot.content_hash.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(bot.content_hash == bot_content_hash(bots_dir / "good-bot", fixture_library()));
}

TEST_CASE("every problem in the manifest and its components is reported at once", "[bot]") {
    CHECK(load_errors(bots_dir / "many-errors") ==
          Lines{
              "many-errors/bot.yaml:2:1: missing required field 'entry'",
              "many-errors/bot.yaml:2:5: at /id: 'Many Errors' does not match the pattern ^[a-z][a-z0-9-]*$",
              "many-errors/bot.yaml:5:10: at /version: expected string, got number 1.0 (put it in quotes to make it a string)",
              "many-errors/bot.yaml:7:1: at /colr: unknown field 'colr'; expected one of: components, description, entry, "
              "game, id, name, options, steps, version",
              "many-errors/bot.yaml:11:14: at /options/0/default: the default of option 'rounds' must be from 1 to 30, got 40",
              "many-errors/bot.yaml:17:14: at /options/1/default: the default of option 'level' does not allow 'hrad' "
              "(did you mean 'hard'?); allowed: easy, hard",
              "many-errors/bot.yaml:21:11: at /options/2/type: 'int' is not allowed; expected one of: choice, integer, boolean, string",
              "many-errors/bot.yaml:24:9: at /options/3/id: option 'rounds' is declared twice (first at line 9)",
              "many-errors/bot.yaml:28:5: at /options/4: missing required field 'allowed'",
              "many-errors/bot.yaml:35:13: at /components/deck/schema: unknown schema 'dek' (did you mean 'deck'?); "
              "library schemas: bag, board, cards, deck, dice, tiles, track",
              "many-errors/bot.yaml:37:11: at /components/cards/file: component file 'missing.yaml' not found in the bot folder",
              "many-errors/bot.yaml:43:5: at /steps/0: missing required field 'description'",
              "many-errors/dice.yaml:4:12: at /dice/0/sides: expected integer, got string '6' (remove the quotes to make it a number)",
              "many-errors/dice.yaml:5:5: at /dice/1: missing a required field: 'sides' or 'faces'",
              "many-errors/dice.yaml:7:12: at /dice/2/faces: expected at least 2 items, got 1",
          });
}

TEST_CASE("references to unknown cards and spaces are reported with a did-you-mean", "[bot][refs]") {
    // The deck's cards are found in the component named `cards`; the `map` component follows
    // the board schema, so its adjacency refers to its own spaces.
    CHECK(load_errors(bots_dir / "bad-refs") == Lines{
                                                    "bad-refs/deck.yaml:5:5: at /cards/1: unknown card 'c13' (did you mean 'c12'?)",
                                                    "bad-refs/deck.yaml:7:5: at /cards/3: unknown card 'joker'",
                                                    "bad-refs/map.yaml:4:19: at /spaces/0/adjacent/1: unknown space 'D'",
                                                });
}

TEST_CASE("a deck finds the component that follows the cards schema, whatever its name", "[bot][refs]") {
    BotCopy copy("bad-refs");
    std::filesystem::rename(copy.dir / "cards.yaml", copy.dir / "hand.yaml");
    copy.write(copy.dir / "bot.yaml", minimal_manifest("renamed") +
                                          "components:\n  hand: {file: hand.yaml, schema: cards}\n"
                                          "  deck: {file: deck.yaml, schema: deck}\n");
    CHECK(load_errors(copy.dir, copy.library) ==
          Lines{"bot/deck.yaml:5:5: at /cards/1: unknown card 'c13' (did you mean 'c12'?)",
                "bot/deck.yaml:7:5: at /cards/3: unknown card 'joker'"});
}

TEST_CASE("YAML errors, anchors and a missing entry script are reported with the rest", "[bot]") {
    CHECK(load_errors(bots_dir / "broken-yaml") == Lines{"broken-yaml/cards.yaml:4:15: illegal map value"});
    CHECK(load_errors(bots_dir / "anchor-bot") ==
          Lines{"anchor-bot/bot.yaml:7:8: at /entry: entry script 'missing.lua' not found in the bot folder",
                "anchor-bot/tiles.yaml:3:5: anchors (&plain) and aliases are not allowed in bot data; write the value out in full"});
}

TEST_CASE("a broken or missing manifest stops loading with its own diagnostic", "[bot]") {
    TempDir tmp;
    tmp.write("broken/bot.yaml", "id: broken\nname: [unclosed\n");
    CHECK(load_errors(tmp.path() / "broken") == Lines{"broken/bot.yaml:3:1: end of sequence flow not found"});
    std::filesystem::create_directories(tmp.path() / "empty");
    CHECK(load_errors(tmp.path() / "empty") == Lines{"empty/bot.yaml: no bot.yaml: this folder is not a bot"});
}

TEST_CASE("paths in the manifest must stay inside the bot folder", "[bot]") {
    TempDir tmp;
    tmp.write("outside.yaml", "cards: [{id: c1}]\n");
    tmp.write("bot/bot.yaml", "id: escape\nname: N\ngame: G\nversion: 1.0.0\ndescription: D\nentry: ../main.lua\n"
                              "components:\n  cards: {file: ../outside.yaml, schema: /etc/cards.schema.yaml}\n");
    CHECK(load_errors(tmp.path() / "bot") ==
          Lines{"bot/bot.yaml:6:8: at /entry: '../main.lua' must be a relative path inside the bot folder",
                "bot/bot.yaml:8:17: at /components/cards/file: '../outside.yaml' must be a relative path inside the bot folder",
                "bot/bot.yaml:8:42: at /components/cards/schema: '/etc/cards.schema.yaml' must be a relative path inside the bot folder"});
}

TEST_CASE("files linked out of the bot folder are refused, resolved, wherever the manifest names them", "[bot][links]") {
    // Every path below reads as inside the bot folder; each is a link to a file outside it.
    TempDir tmp;
    const auto outside = tmp.path() / "outside";
    tmp.write("outside/secret.yaml", "cards: [{id: stolen}]\n");
    tmp.write("outside/own.schema.yaml", "type: object\n");
    tmp.write("outside/main.lua", "return {}\n");
    tmp.write("outside/helper.lua", "return {}\n");
    tmp.write("bot/bot.yaml", minimal_manifest("links") +
                                  "components:\n"
                                  "  cards: {file: cards.yaml, schema: cards}\n"
                                  "  own: {file: own.yaml, schema: schemas/own.schema.yaml}\n");
    tmp.write("bot/own.yaml", "a: 1\n");
    std::filesystem::create_symlink(outside / "secret.yaml", tmp.path() / "bot/cards.yaml");
    std::filesystem::create_directories(tmp.path() / "bot/schemas");
    std::filesystem::create_symlink(outside / "own.schema.yaml", tmp.path() / "bot/schemas/own.schema.yaml");
    std::filesystem::create_symlink(outside / "main.lua", tmp.path() / "bot/main.lua");
    std::filesystem::create_symlink(outside, tmp.path() / "bot/parts");  // a folder: require checks it
    std::filesystem::create_symlink("../outside/helper.lua", tmp.path() / "bot/helper.lua");
    const std::string real = std::filesystem::canonical(outside).string();
    const std::string bot = std::filesystem::canonical(tmp.path() / "bot").string();
    const std::string tail = " (through a symbolic link), outside the bot folder (" + bot +
                             "): a bot may use only the files inside its own folder; copy the file there instead of linking to it";
    CHECK(load_errors(tmp.path() / "bot") ==
          Lines{"bot/bot.yaml:6:8: at /entry: 'main.lua' leads to " + real + "/main.lua" + tail,
                "bot/bot.yaml:8:17: at /components/cards/file: 'cards.yaml' leads to " + real + "/secret.yaml" + tail,
                "bot/bot.yaml:9:33: at /components/own/schema: 'schemas/own.schema.yaml' leads to " + real +
                    "/own.schema.yaml" + tail,
                "bot/helper.lua: 'helper.lua' leads to " + real + "/helper.lua" + tail});

    // bot.yaml itself.
    tmp.write("other/main.lua", "return {}\n");
    std::filesystem::create_symlink(tmp.path() / "bot/bot.yaml", tmp.path() / "other/bot.yaml");
    CHECK(load_errors(tmp.path() / "other") ==
          Lines{"other/bot.yaml: 'bot.yaml' leads to " + bot + "/bot.yaml (through a symbolic link), outside the bot folder (" +
                std::filesystem::canonical(tmp.path() / "other").string() +
                "): a bot may use only the files inside its own folder; copy the file there instead of linking to it"});
}

TEST_CASE("links that stay inside the bot folder are fine; the entry is the path that was checked", "[bot][links]") {
    TempDir tmp;
    tmp.write("bot/bot.yaml", minimal_manifest("inside") + "components:\n  cards: {file: cards.yaml, schema: cards}\n");
    tmp.write("bot/data/cards.yaml", "cards: [{id: c1}]\n");
    tmp.write("bot/code/real.lua", "return {}\n");
    tmp.write("bot/main.lua", "return {}\n");
    std::filesystem::create_symlink("data/cards.yaml", tmp.path() / "bot/cards.yaml");
    std::filesystem::create_symlink("code/real.lua", tmp.path() / "bot/alias.lua");
    std::filesystem::create_symlink("code", tmp.path() / "bot/more");
    CHECK(load_errors(tmp.path() / "bot") == Lines{});

    // "more/../main.lua" reads as main.lua; the system would walk more/ first. The runner opens
    // the normal form, which is the file that was checked.
    tmp.write("bot/bot.yaml", minimal_manifest("inside").replace(minimal_manifest("inside").find("main.lua"), 8,
                                                                  "more/../main.lua"));
    const Bot b = load_bot(tmp.path() / "bot", fixture_library());
    CHECK(b.entry == "main.lua");
}

TEST_CASE("find_bots lists bundled bots and those in --bots folders, sorted by id", "[bot]") {
    TempDir tmp;
    tmp.write("extra/aardvark/bot.yaml", minimal_manifest("aardvark"));
    tmp.write("extra/folder-name/bot.yaml", minimal_manifest("zebra"));
    tmp.write("extra/not-a-bot/readme.txt", "no bot.yaml here");
    tmp.write("single/bot.yaml", minimal_manifest("middle"));

    const auto found = find_bots(fixture_library(), {tmp.path() / "extra", tmp.path() / "single"});
    std::vector<std::string> ids;
    for (const auto& dir : found) ids.push_back(bot_id_of(dir));
    // bots/lib has no bot.yaml, and would be skipped if it had one.
    // Sorted bytewise: the malformed id "Many Errors" comes first.
    CHECK(ids == std::vector<std::string>{"Many Errors", "aardvark", "anchor-bot", "bad-refs", "broken-yaml", "good-bot",
                                          "middle", "zebra"});
    CHECK(found.back() == tmp.path() / "extra" / "folder-name");

    CHECK(usage_error([&] { find_bots(fixture_library(), {tmp.path() / "nope"}); }) ==
          "--bots: '" + (tmp.path() / "nope").string() + "' is not a folder");
}

TEST_CASE("resolve_bot takes an id or a folder, and names the bots it knows", "[bot]") {
    const Library lib = fixture_library();
    CHECK(resolve_bot("good-bot", lib, {}) == bots_dir / "good-bot");
    CHECK(resolve_bot((bots_dir / "bad-refs").string(), lib, {}) == bots_dir / "bad-refs");
    CHECK(usage_error([&] { resolve_bot("goodbot", lib, {}); }) ==
          "unknown bot 'goodbot' (did you mean 'good-bot'?); bots: Many Errors, anchor-bot, bad-refs, broken-yaml, good-bot");
    CHECK(usage_error([&] { resolve_bot("chess", lib, {}); }) ==
          "unknown bot 'chess'; bots: Many Errors, anchor-bot, bad-refs, broken-yaml, good-bot");
    CHECK(usage_error([&] { resolve_bot("./no/such/dir", lib, {}); }) == "no bot at './no/such/dir': no such folder");
    CHECK(usage_error([&] { resolve_bot((bots_dir / "lib").string(), lib, {}); }) ==
          "no bot at '" + (bots_dir / "lib").string() + "': the folder has no bot.yaml");

    TempDir tmp;
    CHECK(usage_error([&] { resolve_bot("x", Library{tmp.path(), tmp.path()}, {}); }) ==
          "unknown bot 'x'; no bots found in " + tmp.path().string());
    tmp.write("mine/bot.yaml", minimal_manifest("my-bot"));
    CHECK(resolve_bot("my-bot", lib, {tmp.path()}) == tmp.path() / "mine");
}

TEST_CASE("resolve_options applies defaults, then house rules, then --option", "[bot][options]") {
    const Bot bot = load_bot(bots_dir / "good-bot", fixture_library());
    CHECK(resolve_options(bot, {}, nullptr) ==
          json{{"difficulty", "normal"}, {"rounds", 16}, {"solo_variant", false}, {"player_name", "You"}, {"players", 2}});

    const json overlay = {{"rounds", 20}, {"difficulty", "hard"}};
    const json options = resolve_options(
        bot, {"rounds=25", "solo_variant=yes", "player_name=Ada = Lovelace", "players=3", "difficulty=easy"}, overlay);
    CHECK(options["rounds"] == 25);  // --option wins over the house rules
    CHECK(options["solo_variant"] == true);
    CHECK(options["player_name"] == "Ada = Lovelace");
    CHECK(options["players"] == 3);  // the allowed value itself, an integer
    CHECK(options["difficulty"] == "easy");
    CHECK(resolve_options(bot, {}, overlay)["difficulty"] == "hard");
    CHECK(resolve_options(bot, {"solo_variant=no", "rounds=+7"}, nullptr)["solo_variant"] == false);
    CHECK(resolve_options(bot, {"rounds=+7"}, nullptr)["rounds"] == 7);

    auto error = [&](std::vector<std::string> given, const json& rules = nullptr) {
        return usage_error([&] { resolve_options(bot, given, rules); });
    };
    CHECK(error({"rouns=3"}) ==
          "unknown option 'rouns' (did you mean 'rounds'?); options of good-bot: difficulty, rounds, solo_variant, player_name, players");
    CHECK(error({"rounds=31"}) == "option 'rounds' must be from 1 to 30, got 31");
    CHECK(error({"rounds=0"}) == "option 'rounds' must be from 1 to 30, got 0");
    CHECK(error({"rounds=many"}) == "option 'rounds' expects an integer, got 'many'");
    CHECK(error({"rounds=3.5"}) == "option 'rounds' expects an integer, got '3.5'");
    CHECK(error({"rounds="}) == "option 'rounds' expects an integer, got ''");
    CHECK(error({"solo_variant=maybe"}) == "option 'solo_variant' expects true, false, yes or no, got 'maybe'");
    CHECK(error({"difficulty=hrad"}) == "option 'difficulty' does not allow 'hrad' (did you mean 'hard'?); allowed: easy, normal, hard");
    CHECK(error({"players=5"}) == "option 'players' does not allow '5'; allowed: 2, 3, 4");
    CHECK(error({"rounds"}) == "--option expects id=value, got 'rounds'");
    CHECK(error({"=3"}) == "--option expects id=value, got '=3'");
    CHECK(error({}, json{{"rounds", 99}}) == "house rules: option 'rounds' must be from 1 to 30, got 99");
    // Text in a rules file reads as on the command line.
    CHECK(error({}, json{{"rounds", "nine"}}) == "house rules: option 'rounds' expects an integer, got 'nine'");
    CHECK(error({}, json{{"solo_variant", "maybe"}}) == "house rules: option 'solo_variant' expects true, false, yes or no, got 'maybe'");
    CHECK(resolve_options(bot, {}, json{{"rounds", "9"}, {"solo_variant", "yes"}})["rounds"] == 9);
    CHECK(resolve_options(bot, {}, json{{"rounds", "9"}, {"solo_variant", "yes"}})["solo_variant"] == true);
    CHECK(error({}, json{{"colour", "red"}}).rfind("house rules: unknown option 'colour'", 0) == 0);
    CHECK(error({}, json::array()) == "house rules: options must be a mapping of option ids to values");

    Bot plain = bot;
    plain.options.clear();
    CHECK(usage_error([&] { resolve_options(plain, {"x=1"}, nullptr); }) == "unknown option 'x': bot good-bot has no options");
}

TEST_CASE("the content hash covers the bot's files and the Lua library, nothing else", "[bot][hash]") {
    BotCopy copy("good-bot");
    const std::string original = copy.hash();
    CHECK(original == copy.hash());

    // Not covered: scenarios, Markdown, hidden files, non-Lua library files.
    copy.write(copy.dir / "README.md", "changed");
    copy.write(copy.dir / "scenarios" / "basic.yaml", "changed: true\n");
    copy.write(copy.dir / "scenarios" / "new.yaml", "name: new\n");
    copy.write(copy.dir / ".main.lua.swp", "editor junk");
    copy.write(copy.library.scripts_dir / "lib" / "notes.txt", "changed");
    std::filesystem::create_directories(copy.dir / ".git" / "objects");
    copy.write(copy.dir / ".git" / "objects" / "main.lua", "hidden folder");
    std::filesystem::create_directories(copy.dir / "scenarios" / "more");
    copy.write(copy.dir / "scenarios" / "more" / "deep.yaml", "name: deep\n");
    CHECK(copy.hash() == original);

    // Covered: the bot's scripts and data (in subfolders too) and every library .lua.
    auto changes_hash = [&](const std::filesystem::path& file) {
        std::ifstream in(file);
        const std::string before((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        copy.write(file, before + "-- changed\n");
        const bool changed = copy.hash() != original;
        copy.write(file, before);
        return changed && copy.hash() == original;
    };
    CHECK(changes_hash(copy.dir / "main.lua"));
    CHECK(changes_hash(copy.dir / "cards.yaml"));
    CHECK(changes_hash(copy.dir / "schemas" / "spaces.schema.yaml"));
    CHECK(changes_hash(copy.library.scripts_dir / "lib" / "deck.lua"));
    CHECK(changes_hash(copy.library.scripts_dir / "lib" / "extra" / "counter.lua"));

    // A renamed file changes it too.
    std::filesystem::rename(copy.dir / "main.lua", copy.dir / "game.lua");
    CHECK(copy.hash() != original);
}

TEST_CASE("one walk of a bot folder finds its links everywhere, hidden and scenario folders too", "[bot][hash]") {
    namespace fs = std::filesystem;
    BotCopy copy("good-bot");
    const BotFiles before = scan_bot_files(copy.dir, copy.library);
    CHECK(before.links.empty());
    CHECK(before.content_hash == copy.hash());
    fs::create_directories(copy.dir / ".hidden");
    fs::create_directory_symlink("/etc", copy.dir / ".hidden" / "etc");
    fs::create_symlink("../main.lua", copy.dir / "scenarios" / "main.lua");
    const BotFiles after = scan_bot_files(copy.dir, copy.library);
    CHECK(after.content_hash == before.content_hash);  // neither folder is a game's file
    CHECK(after.links == ".hidden/etc -> /etc = /etc\nscenarios/main.lua -> ../main.lua = " +
                             fs::weakly_canonical(copy.dir / "main.lua").string() + "\n");
}

TEST_CASE("the content hash is FNV-1a 64 over sorted 'path\\nsize\\n' + contents", "[bot][hash]") {
    TempDir tmp;
    const Library lib{tmp.path() / "scripts", tmp.path() / "schemas"};
    tmp.write("scripts/lib/a.lua", "A");
    tmp.write("scripts/b/z.lua", "zz");
    tmp.write("scripts/b/data/y.yaml", "y: 1\n");
    std::uint64_t h = fnv1a64("bot/data/y.yaml\n5\n");
    h = fnv1a64("y: 1\n", h);
    h = fnv1a64("bot/z.lua\n2\nzz", h);
    h = fnv1a64("lib/a.lua\n1\nA", h);
    CHECK(bot_content_hash(tmp.path() / "scripts" / "b", lib) == hex64(h));
    CHECK(hex64(fnv1a64("")) == "cbf29ce484222325");
    CHECK(hex64(fnv1a64("a")) == "af63dc4c8601ec8c");
}

TEST_CASE("the data root: $SOLOIST_HOME, else installed beside the program, else the build's source tree", "[bot][data]") {
    TempDir tmp;
    const auto data = [&](const std::string& dir) {
        tmp.write(dir + "/scripts/lib/deck.lua", "return {}\n");
        tmp.write(dir + "/schemas/bot.schema.yaml", "{}\n");
        return tmp.path() / dir;
    };
    const auto installed = data("usr/share/soloist");
    const auto source = data("src");
    std::filesystem::create_directories(tmp.path() / "usr/bin");
    std::filesystem::create_directories(tmp.path() / "src/build");
    std::filesystem::create_directories(tmp.path() / "elsewhere/bin");
    const auto found = [](DataSearch s) {
        const DataRoot root = find_data_root(s);
        return root.dir.lexically_normal().string() + " (" + root.found_by + ")";
    };
    const auto refused = [](DataSearch s) -> std::string {
        try {
            find_data_root(s);
        } catch (const DataNotFound& e) {
            return e.what();
        }
        return "(found)";
    };

    // Installed: PREFIX/bin/soloist finds PREFIX/share/soloist, wherever PREFIX is.
    DataSearch s{"", tmp.path() / "usr/bin/soloist", tmp.path() / "src/build", source};
    CHECK(found(s) == installed.string() + " (installed beside the program)");
    // From its build folder: the source tree.
    s.program = tmp.path() / "src/build/soloist";
    CHECK(found(s) == source.string() + " (the source tree of this build)");
    // SOLOIST_HOME first, and only it when set.
    s.soloist_home = installed.string();
    CHECK(found(s) == installed.string() + " (SOLOIST_HOME)");
    s.soloist_home = (tmp.path() / "elsewhere").string();
    CHECK(refused(s) == "SOLOIST_HOME is " + s.soloist_home +
                            ", which does not hold Soloist's data (scripts/ with the bundled bots and the component "
                            "library, and schemas/); set it to the folder that does (an installed Soloist's "
                            "PREFIX/share/soloist, or a source tree), or unset it");
    // A program copied elsewhere finds nothing, and says where it looked and what to set.
    s.soloist_home = "";
    s.program = tmp.path() / "elsewhere/bin/soloist";
    const std::string message = refused(s);
    CHECK_THAT(message, Catch::Matchers::StartsWith("Soloist cannot find its data"));
    CHECK_THAT(message, Catch::Matchers::Contains((tmp.path() / "elsewhere/share/soloist").string() +
                                                  " (beside the program " + s.program.string() + ")"));
    CHECK_THAT(message, Catch::Matchers::Contains("set SOLOIST_HOME to the folder that holds scripts/ and schemas/"));
    // From a build folder whose source tree is gone: both places named.
    std::filesystem::rename(source, tmp.path() / "moved");
    s.program = tmp.path() / "moved/build/soloist";
    s.build_dir = tmp.path() / "moved/build";
    CHECK_THAT(refused(s), Catch::Matchers::Contains(source.string() + " (the source tree of the build folder"));

    // This test program runs from the build folder: the source tree.
    CHECK(Library::in_use().schemas_dir == test::source_dir() / "schemas");
}

TEST_CASE("soloist serve's program: beside soloist in a build folder, else PREFIX/libexec/soloist", "[bot][data]") {
    TempDir tmp;
    const auto executable = [&](const std::string& path, bool runnable) {
        tmp.write(path, "#!/bin/sh\n");
        std::filesystem::permissions(tmp.path() / path, runnable ? std::filesystem::perms::owner_all
                                                                 : std::filesystem::perms::owner_read);
        return tmp.path() / path;
    };
    const auto refused = [](const std::filesystem::path& program) -> std::string {
        try {
            return "(found " + find_companion_program(program).string() + ")";
        } catch (const DataNotFound& e) {
            return e.what();
        }
    };
    const auto installed = executable("usr/libexec/soloist/soloist-companion", true);
    CHECK(find_companion_program(tmp.path() / "usr/bin/soloist") == installed);
    const auto built = executable("build/soloist-companion", true);
    CHECK(find_companion_program(tmp.path() / "build/soloist") == built);
    // Not executable, or missing: both places named, and what to do.
    executable("other/bin/soloist-companion", false);
    const std::string message = refused(tmp.path() / "other/bin/soloist");
    CHECK_THAT(message, Catch::Matchers::StartsWith("soloist serve runs the table companion's program"));
    CHECK_THAT(message, Catch::Matchers::Contains((tmp.path() / "other/bin/soloist-companion").string()));
    CHECK_THAT(message, Catch::Matchers::Contains((tmp.path() / "other/libexec/soloist/soloist-companion").string()));
    CHECK_THAT(message, Catch::Matchers::Contains("Install Soloist again"));
}

TEST_CASE("bots found twice: --bots folders in order, then the player's, then the bundled", "[bot]") {
    TempDir tmp;
    tmp.write("first/good/bot.yaml", minimal_manifest("good-bot"));
    tmp.write("second/good/bot.yaml", minimal_manifest("good-bot"));
    tmp.write("mine/a/bot.yaml", minimal_manifest("good-bot"));
    tmp.write("mine/b/bot.yaml", minimal_manifest("good-bot"));
    tmp.write("mine/own/bot.yaml", minimal_manifest("own-bot"));
    Library lib = fixture_library();
    lib.user_bots_dir = tmp.path() / "mine";

    const auto found = search_bots(lib, {tmp.path() / "second", tmp.path() / "first"});
    const auto good = std::find_if(found.begin(), found.end(), [](const FoundBot& b) { return b.id == "good-bot"; });
    REQUIRE(good != found.end());
    CHECK(good->dir == tmp.path() / "second" / "good");
    CHECK(good->hidden == std::vector<std::filesystem::path>{tmp.path() / "first" / "good", tmp.path() / "mine" / "a",
                                                              tmp.path() / "mine" / "b", bots_dir / "good-bot"});
    CHECK(resolve_bot("good-bot", lib, {tmp.path() / "first", tmp.path() / "second"}) == tmp.path() / "first" / "good");
    // Without --bots, the player's bots hide the bundled ones; within one folder, by folder name.
    CHECK(resolve_bot("good-bot", lib, {}) == tmp.path() / "mine" / "a");
    CHECK(resolve_bot("own-bot", lib, {}) == tmp.path() / "mine" / "own");
    CHECK(find_bots(lib, {}).size() == 6);  // the 5 fixture bots and own-bot, each id once
}
