// Loading a bot's script files. A simulation playing thousands of games with the same bot
// files compiles each file once (ScriptSetup::compiled) and loads the compiled chunk after.
// Only chunks this code compiled from text are ever loaded as binary: scripts themselves
// can load text only.
#include "domain/atomic_file.hpp"
#include "lua/lua_context.hpp"

namespace soloist::lua {

int append_to_string(lua_State*, const void* p, std::size_t size, void* out) {
    static_cast<std::string*>(out)->append(static_cast<const char*>(p), size);
    return 0;
}

bool load_script(lua_State* L, const std::filesystem::path& file) {
    auto& ctx = context(L);
    CompiledScripts* compiled = ctx.setup ? ctx.setup->compiled.get() : nullptr;
    bool cached = false, readable = false;
    {
        if (compiled) {
            std::lock_guard guard(compiled->mutex);
            const auto it = compiled->chunks.find(file.string());
            if (it != compiled->chunks.end()) {
                ctx.scratch = it->second;
                cached = true;
            }
        }
        if (!cached) {
            ctx.chunkname = "@" + display_path(file);
            if (auto text = read_file(file)) {
                ctx.scratch = std::move(*text);
                readable = true;
            }
        }
    }
    if (cached) {
        // A compiled chunk carries its own source name.
        if (luaL_loadbufferx(L, ctx.scratch.data(), ctx.scratch.size(), "=compiled", "b") != LUA_OK)
            return false;
    } else {
        if (!readable) {
            lua_pushfstring(L, "cannot read %s", ctx.chunkname.c_str() + 1);
            return false;
        }
        if (!ctx.scratch.empty() && ctx.scratch[0] == LUA_SIGNATURE[0]) {
            lua_pushfstring(L, "%s: not allowed: binary chunks cannot be loaded; Soloist runs Lua text only",
                            ctx.chunkname.c_str() + 1);
            return false;
        }
        if (luaL_loadbufferx(L, ctx.scratch.data(), ctx.scratch.size(), ctx.chunkname.c_str(), "t") != LUA_OK)
            return false;
        if (compiled) {
            ctx.scratch.clear();
            lua_dump(L, append_to_string, &ctx.scratch, 0);
            std::lock_guard guard(compiled->mutex);
            compiled->chunks[file.string()] = ctx.scratch;
        }
    }
    lua_getfield(L, LUA_REGISTRYINDEX, ENV_KEY);
    lua_setupvalue(L, -2, 1);
    return true;
}

}  // namespace soloist::lua
