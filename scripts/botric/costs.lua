-- Gold costs Botric ignores: with the "easier-gold-costs" modifier it loses that many points.
local State = require "state"

local costs = {}

-- `skipped`: Gold Soloist knows Botric left unpaid already (a player would have put it on each
-- Blueprint tile skipped); only the price itself is asked.
function costs.ignored(state, what, skipped)
  if not state.options["easier-gold-costs"] then return end
  skipped = skipped or 0
  local prompt = string.format("Easier game: how much Gold would a player pay for %s (0 if none)?", what)
  if skipped > 0 then
    prompt = string.format("Easier game: how much Gold would a player pay for %s itself (0 if none)? Soloist counts "
      .. "the %s on the tiles it skipped already.", what, skipped == 1 and "1 Gold" or (skipped .. " Gold"))
  end
  local n = ui.number(prompt, 0, 30) + skipped
  if n > 0 then
    State.score(state, -n)
    ui.say("Botric ignores %s and loses %s instead (now %d).", skipped > 0 and "those costs" or "that cost",
      n == 1 and "1 Point" or (n .. " Points"), state.points)
    ui.why("Easier game: each Gold cost Botric ignores costs it that many Points%s.",
      skipped > 0 and " (the Gold a player would put on each tile skipped, too)" or "")
  end
end

return costs
