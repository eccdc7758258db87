// The warm point of a game: its first call whose result depends on the seed (a random
// result, game.seed) or its first question. Up to there every game of a bot with the same
// options runs alike, so a simulation copies the state at that point once and starts every
// later game from the copy (lua_runner.cpp). Every game, copied or not, yields at its warm
// point, so that the instruction count is the same whichever way a game was started.
#include "lua/lua_context.hpp"

namespace soloist::lua {

bool at_warm_point(lua_State* L) {
    auto& ctx = context(L);
    if (ctx.viewing) refuse_while_viewing(L, "a random draw");
    if (!ctx.warm_pending) return false;
    ctx.warm_pending = false;
    // A module being loaded, a table.sort comparator or a coroutine of the bot's own cannot
    // hand the bot's flow back to the runner here.
    if (L != ctx.bot_thread || !lua_isyieldable(L)) {
        ctx.warm_missed = true;
        return false;
    }
    ctx.at_warm_point = true;
    return true;
}

void seed_read(lua_State* L) {
    auto& ctx = context(L);
    if (!ctx.warm_pending) return;
    ctx.warm_pending = false;
    ctx.warm_missed = true;
}

}  // namespace soloist::lua
