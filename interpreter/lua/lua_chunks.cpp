// Loading a bot's script files: from Lua text, never a binary chunk from a file; or the chunks
// Soloist compiled itself from the same text (Bot::chunks, the cache of checked bots). A state that is copied
// for many games has every module compiled in advance (preload_modules), so a game's
// `require` finds it ready.
#include <algorithm>
#include <cctype>
#include <cstring>

#include "domain/atomic_file.hpp"
#include "domain/bot.hpp"
#include "lua/lua_context.hpp"
#include "lua/lua_door.hpp"

namespace soloist::lua {

int append_to_string(lua_State*, const void* p, std::size_t size, void* out) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(p), size);
    return 0;
}

// "attempt to assign to const variable 'ui'" for one of the host's names says what the
// sandbox says when a script replaces one of its globals at run time.
static void refused_assignment(lua_State* L) {
    static const char* const assign = "attempt to assign to const variable '";
    auto& ctx = context(L);
    bool host_name = false;
    {
        const char* message = lua_tostring(L, -1);
        const char* what = message ? std::strstr(message, assign) : nullptr;
        const char* name = what ? what + std::strlen(assign) : nullptr;
        const char* end = name ? std::strchr(name, '\'') : nullptr;
        if (end) {
            const std::string variable(name, end);
            const std::string& line = host_names_line();
            host_name = line.find(" " + variable + " <const>") != std::string::npos ||
                        line.starts_with("local " + variable + " <const>");
            ctx.scratch = std::string(message, what) + "not allowed: '" + variable +
                          "' is one of Soloist's globals and cannot be replaced";
        }
    }
    if (!host_name) return;
    lua_pop(L, 1);
    lua_pushstring(L, ctx.scratch.c_str());
}

// The chunk of `file` compiled from its text by compile_bot_scripts, when the bot has one.
static const std::string* compiled_chunk(const BotContext& ctx, const std::filesystem::path& file) {
    if (!ctx.setup || !ctx.setup->bot || ctx.setup->bot->chunks.empty()) return nullptr;
    const auto& chunks = ctx.setup->bot->chunks;
    const auto it = chunks.find(file.lexically_normal().string());
    return it == chunks.end() ? nullptr : &it->second;
}

// While a state to be copied is built (freeze_loads), the function's arrays go to the pool's
// frozen range (see capped_alloc), and so the load runs on a thread of its own, dropped
// after: a stack or call record Lua allocates during the load (a stack grows, or shrinks
// after an error, into a new block) may land in that range too, and must be nobody's.
// luaL_loadbufferx is a protected call: no Lua error passes it, so the flag always comes back.
int load_chunk(lua_State* L, const std::string& chunk) {
    auto& limits = limit_state(L);
    if (!limits.freeze_loads) return luaL_loadbufferx(L, chunk.data(), chunk.size(), "=compiled", "b");
    lua_State* loader = lua_newthread(L);
    limits.freezing = true;
    const int loaded = luaL_loadbufferx(loader, chunk.data(), chunk.size(), "=compiled", "b");
    limits.freezing = false;
    lua_xmove(loader, L, 1);
    lua_remove(L, -2);  // the thread
    return loaded;
}

bool load_script(lua_State* L, const std::filesystem::path& file) {
    auto& ctx = context(L);
    // Compiled by Soloist itself from this very text (the cache of checked bots keys it by the
    // files' contents): loaded as it is, never a binary chunk from a bot folder (refused below).
    if (const std::string* chunk = compiled_chunk(ctx, file)) {
        if (load_chunk(L, *chunk) == LUA_OK) {
            lua_getfield(L, LUA_REGISTRYINDEX, ENV_KEY);
            lua_setupvalue(L, -2, 1);
            return true;
        }
        lua_pop(L, 1);  // not a chunk after all: compiled from the text below
    }
    bool readable = false;
    {
        ctx.chunkname = "@" + display_path(file);
        if (auto text = read_file(file)) {
            ctx.scratch = std::move(*text);
            readable = true;
        }
    }
    if (!readable) {
        lua_pushfstring(L, "cannot read %s", ctx.chunkname.c_str() + 1);
        return false;
    }
    if (!ctx.scratch.empty() && ctx.scratch[0] == LUA_SIGNATURE[0]) {
        lua_pushfstring(L, "%s: not allowed: binary chunks cannot be loaded; Soloist runs Lua text only",
                        ctx.chunkname.c_str() + 1);
        return false;
    }
    ctx.scratch.insert(0, host_names_line());  // on the first line: line numbers stay the file's
    if (luaL_loadbufferx(L, ctx.scratch.data(), ctx.scratch.size(), ctx.chunkname.c_str(), "t") != LUA_OK) {
        refused_assignment(L);
        return false;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, ENV_KEY);
    lua_setupvalue(L, -2, 1);
    return true;
}

bool is_module_name_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

bool push_preloaded(lua_State* L, const char* name) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, PRELOADED_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return false;
    }
    const bool found = lua_getfield(L, -1, name) == LUA_TFUNCTION;
    lua_remove(L, -2);
    if (!found) lua_pop(L, 1);
    return found;
}

std::optional<std::string> module_name(const std::filesystem::path& relative) {
    if (relative.extension() != ".lua") return std::nullopt;
    std::string name;
    for (const auto& part : relative.parent_path() / relative.stem()) {
        const std::string p = part.string();
        if (p.empty() || !std::all_of(p.begin(), p.end(), is_module_name_char)) return std::nullopt;
        name += (name.empty() ? "" : ".") + p;
    }
    return name;
}

std::vector<std::pair<std::string, std::filesystem::path>> modules_of(const std::vector<std::filesystem::path>& dirs) {
    std::vector<std::pair<std::string, std::filesystem::path>> out;
    for (const auto& dir : dirs) {
        std::error_code ec;
        if (dir.empty()) continue;
        auto it = std::filesystem::recursive_directory_iterator(dir, ec);
        for (; !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            const auto name = it->path().filename().string();
            if (it->is_directory(ec) && (name == "scenarios" || name == "tests")) {
                it.disable_recursion_pending();
                continue;
            }
            if (!it->is_regular_file(ec)) continue;
            if (auto module = module_name(it->path().lexically_relative(dir))) out.emplace_back(*module, it->path());
        }
    }
    return out;
}

// Under a protected call: upvalue 1 is the list of modules (light userdata).
int preload_modules(lua_State* L) {
    const auto& modules =
        *static_cast<const std::vector<std::pair<std::string, std::filesystem::path>>*>(lua_touserdata(L, lua_upvalueindex(1)));
    lua_newtable(L);
    for (const auto& [name, file] : modules) {
        if (load_script(L, file)) lua_setfield(L, -2, name.c_str());
        else lua_pop(L, 1);  // require compiles it again and reports the error then
    }
    lua_setfield(L, LUA_REGISTRYINDEX, PRELOADED_KEY);
    return 0;
}

}  // namespace soloist::lua
