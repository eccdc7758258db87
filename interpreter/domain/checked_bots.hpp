#pragma once
// The cache of checked bots: a bot that load_bot() has read and checked, kept on disk so the
// next game of the same files starts without parsing its YAML and schemas again.
//
// An entry is found by a key hashed from everything the check depends on: the bot folder's
// path, its files and the library's Lua files (bot_content_hash), every symbolic link under
// the folder and where it leads, every schema file of the library, and this program's build
// (its file's size and time). A changed byte anywhere gives another key, hence a miss.
// An entry is never trusted blindly: its header names its format, key, length and checksum,
// and one that does not match, cannot be read or decoded is ignored and written again. Only a
// bot that passed every check is written; a bot with problems is checked in full each time, so
// its messages never come from the cache. Nothing is made durable (it can always be rebuilt).
//
// The folder keeps at most kMaxCheckedBots entries and kMaxCheckedBotBytes in all: every
// change of a bot's files or of Soloist makes a new key, so a bot author editing all day
// would fill the disk. Writing an entry removes the least recently used ones beyond those
// bounds (by modification time, which a hit refreshes when it is over an hour old).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "domain/bot.hpp"

namespace soloist {

// $XDG_CACHE_HOME/soloist/checked-bots, else ~/.cache/soloist/checked-bots.
std::filesystem::path checked_bots_dir();

constexpr std::size_t kMaxCheckedBots = 64;
constexpr std::uintmax_t kMaxCheckedBotBytes = std::uintmax_t{64} << 20;

// Removes the least recently used entries of the cache folder until at most `max_entries`
// and `max_bytes` are left, never `keep`. Only the user's own *.bot files are counted or
// removed; a file that cannot be removed is left as it is.
void prune_checked_bots(const std::filesystem::path& cache_dir, const std::filesystem::path& keep,
                        std::size_t max_entries = kMaxCheckedBots, std::uintmax_t max_bytes = kMaxCheckedBotBytes);

// The key of the bot in `dir` as it is now (16 hex digits); reads its files.
std::string checked_bot_key(const std::filesystem::path& dir, const Library& library);

// How load_checked_bot found the bot (for tests and the bench).
enum class CacheUse { hit, miss, off };

// Compiles the bot's scripts for Bot::chunks (lua::compile_bot_scripts: the domain does not know Lua).
using ScriptCompiler = std::function<std::map<std::string, std::string>(const Bot&)>;

// What load_bot(dir, library) returns, the same in every field, through the cache in
// `cache_dir` (empty: load_bot itself), and with its scripts compiled by `compile` (when given)
// kept in the entry too. Throws what load_bot throws. A cache folder that cannot be created or
// written is no error: the bot is loaded all the same. The folder is made private (0700); an
// entry that is not the user's own file, or that others may write, is not read.
Bot load_checked_bot(const std::filesystem::path& dir, const Library& library, const std::filesystem::path& cache_dir,
                     CacheUse* use = nullptr, const ScriptCompiler& compile = {});

// A bot as the cache stores it, and back (exposed for tests).
std::string encode_checked_bot(const Bot& bot, const std::string& key);
// The bot of an entry of key `key` for the folder `dir`; throws std::runtime_error saying what is wrong.
Bot decode_checked_bot(const std::string& entry, const std::string& key, const std::filesystem::path& dir);

}  // namespace soloist
