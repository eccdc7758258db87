// `soloist new BOT-ID [--dir DIR]`: a starting bot folder, copied from the data root's
// scripts/templates/new-bot with the bot's id, name and the schemas' folder filled in.
#include <stdio.h>  // renameat2
#include <fcntl.h>  // AT_FDCWD

#include <algorithm>
#include <iostream>
#include <random>

#include "cli/commands.hpp"
#include "domain/atomic_file.hpp"
#include "domain/data_root.hpp"
#include "domain/file_access.hpp"

namespace soloist::cli {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxIdLength = 64;

// "my-bot" -> "My Bot".
std::string name_of(const std::string& id) {
    std::string name;
    bool word_start = true;
    for (const char c : id) {
        if (c == '-') {
            name += ' ';
            word_start = true;
            continue;
        }
        name += word_start && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
        word_start = false;
    }
    return name;
}

std::string replaced(std::string text, const std::vector<std::pair<std::string, std::string>>& fills) {
    for (const auto& [mark, value] : fills)
        for (std::size_t at = text.find(mark); at != std::string::npos; at = text.find(mark, at + value.size()))
            text.replace(at, mark.size(), value);
    return text;
}

// The template's files, relative to it, sorted.
std::vector<fs::path> template_files(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::recursive_directory_iterator(dir, ec))
        if (e.is_regular_file()) files.push_back(e.path().lexically_relative(dir));
    if (ec || files.empty())
        throw GameError("the bot template " + dir.string() + " is missing or empty (" +
                        (ec ? ec.message() : "no files") + "); install Soloist again");
    std::sort(files.begin(), files.end());
    return files;
}

// How commands name the new bot in `parent`: by id in the player's bots folder or in a --bots
// folder given (then with --bots), else by its path. Global options first, then the bot.
std::pair<std::string, std::string> bot_words(const fs::path& parent, const fs::path& target, const std::string& id,
                                              const Common& common) {
    const auto same = [&](const fs::path& other) {
        std::error_code ec;
        return fs::equivalent(parent, other, ec);
    };
    if (same(user_bots_dir())) return {"", id};
    if (std::any_of(common.bot_dirs.begin(), common.bot_dirs.end(), same)) return {"--bots " + parent.string() + " ", id};
    return {"", target.string()};
}

}  // namespace

int new_bot(const NewBotArgs& args, const Common& common, std::ostream& out) {
    if (!is_bot_id(args.id) || args.id.size() > kMaxIdLength)
        throw UsageError("'" + clipped(args.id, 80) + "' is not a bot id: an id is lower-case letters, digits and dashes, " +
                         "starting with a letter, at most " + std::to_string(kMaxIdLength) + " characters (like my-bot)");
    const fs::path parent = args.dir.empty() ? user_bots_dir() : args.dir;
    const fs::path target = parent / args.id;
    std::error_code ec;
    if (fs::exists(fs::symlink_status(target, ec)))
        throw UsageError(target.string() + " already exists; nothing was written (choose another id or --dir)");
    if (fs::exists(parent, ec) && !fs::is_directory(parent, ec))
        throw UsageError("--dir: " + parent.string() + " is not a folder");
    const Library lib = common.library();
    for (const auto& found : search_bots(lib, common.bot_dirs))
        if (found.id == args.id)
            throw UsageError("there is already a bot '" + args.id + "' (" + found.dir.string() +
                             "); choose another id, as two bots of one id hide each other");

    const fs::path from = data_root().dir / "scripts" / "templates" / "new-bot";
    const auto files = template_files(from);
    const std::vector<std::pair<std::string, std::string>> fills = {
        {"@BOT_ID@", args.id},
        {"@BOT_NAME@", name_of(args.id)},
        {"@SCHEMAS@", fs::absolute(lib.schemas_dir).lexically_normal().generic_string()},
    };

    // Written in a hidden folder beside the target, then renamed into place unless something
    // took the name meanwhile: a bot folder appears whole, or not at all.
    fs::create_directories(parent, ec);
    if (ec) throw GameError("cannot create " + parent.string() + ": " + ec.message());
    const fs::path staging = parent / ("." + args.id + ".new-" + std::to_string(std::random_device{}()));
    try {
        for (const auto& file : files) {
            fs::create_directories((staging / file).parent_path());
            write_file_atomically(staging / file, replaced(read_regular_file(from / file), fills));
        }
        if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0)
            throw GameError("cannot create " + target.string() + ": " + std::error_code(errno, std::generic_category()).message() +
                            "; nothing was written");
    } catch (...) {
        fs::remove_all(staging, ec);
        throw;
    }

    out << "A new bot '" << args.id << "' in " << target.string() << ":\n";
    for (const auto& file : files) out << "  " << file.generic_string() << "\n";
    const auto [global, bot] = bot_words(parent, target, args.id, common);
    out << "Try it, then make it your game's (docs/authoring.md starts from this bot):\n";
    for (const char* verb : {"check", "test", "play"}) out << "  soloist " << global << verb << " " << bot << "\n";
    return exit_ok;
}

}  // namespace soloist::cli
