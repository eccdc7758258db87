-- Produce: the Production tile with the fewest materials left (below its maximum), closest to
-- one of Botric's villagers; 1 Point instead of the Gold reward.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"
local State = require "state"

local produce = {}

produce.try = game.step("produce", function(state)
  local n = util.count(state, "Produce: how many Production tiles connected to the roads are below their maximum of materials?")
  if n == 0 then
    ui.say("Produce: no Production tile can produce.")
    return false
  end
  local cands = util.candidates(n, "production", "Production tile")
  -- One question settles step 1 for all of them: how many share the fewest materials.
  local fewest
  local choice, d = priority.choose(cands, {
    { "the fewest materials left on it", least = function(c)
      if fewest == nil then
        fewest = ui.number(string.format("Of those %d Production tiles, how many share the fewest materials left on them? "
          .. "Number those #1 onwards.", n), 1, n)
      end
      return c.n <= fewest and 0 or 1
    end },
    villagers.closest_step(state, "production"),
  }, { tie = "ask", label = util.label, prompt = "These Production tiles tie on Botric's priority list: which does it use (your choice)?" })
  ui.say("Botric produces on %s (on a Barn: one of each Raw material).", choice.label)
  ui.why("Which tile: %s.", d.why)
  local v, dist = villagers.closest(state, choice.label, choice.facts.distance, "production")
  villagers.send_closest(state, v, dist, choice.label,
    string.format("the Production tile villager %d produced on in round %d", v.n, state.round), "production")
  State.score(state, 1)
  ui.say("Botric scores 1 Point instead of the Gold reward (now %d).", state.points)
  ui.why("Botric gains no Gold: after producing it gains 1 Point instead of the production reward's Gold.")
  return true
end)

return produce
