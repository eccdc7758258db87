-- Gold costs Botric ignores: with the "easier-gold-costs" modifier it loses that many points.
local State = require "state"
local util = require "util"

local costs = {}

-- `skipped`: Gold Soloist knows Botric left unpaid already (a player would have put it on each
-- Blueprint tile skipped); only the price itself is asked.
function costs.ignored(state, what, skipped)
  if not state.options["easier-gold-costs"] then return end
  skipped = skipped or 0
  local prompt = string.format("Easier game: how much Gold would a player pay for %s (0 if none)?", what)
  if skipped > 0 then
    prompt = string.format("Easier game: how much Gold would a player pay for %s itself (0 if none)? Soloist counts "
      .. "the %d Gold on the tiles it skipped already.", what, skipped)
  end
  local n = ui.number(prompt, 0, 30) + skipped
  if n > 0 then
    local before = state.points
    State.score(state, -n)
    local cost = skipped > 0 and "those costs" or "that cost"
    if before >= n then
      ui.say("Botric ignores %s and loses %s instead (now %d).", cost, util.plural(n, "Point"), state.points)
    elseif before == 0 then
      ui.say("Botric ignores %s: it would lose %s, but it has no Points to lose (its points never go below 0).",
        cost, util.plural(n, "Point"))
    else
      ui.say("Botric ignores %s: it would lose %s, but it has only %d and its points never go below 0 "
        .. "(now %d).", cost, util.plural(n, "Point"), before, state.points)
    end
    ui.why("Easier game: each Gold cost Botric ignores costs it that many Points%s.",
      skipped > 0 and " (the Gold a player would put on each tile skipped, too)" or "")
  end
end

return costs
