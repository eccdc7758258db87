-- Gold costs Botric ignores: with the "easier-gold-costs" modifier it loses that many points.
local State = require "state"

local costs = {}

function costs.ignored(state, what)
  if not state.options["easier-gold-costs"] then return end
  local n = ui.number(string.format("Easier game: how much Gold would a player pay for %s (0 if none)?", what), 0, 30)
  if n > 0 then
    State.score(state, -n)
    ui.say("Botric ignores that cost and loses %s instead (now %d).", n == 1 and "1 Point" or (n .. " Points"), state.points)
    ui.why("Easier game: each Gold cost Botric ignores costs it that many Points.")
  end
end

return costs
