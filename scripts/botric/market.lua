-- Market Sale, the third priority action: the Market tile by Botric's priority list.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"
local bonus = require "bonus"
local State = require "state"

local market = {}

-- Returns "done" or "failed".
market.try = game.step("market sale", function(state, k)
  local n = state.turn.market
  if n == nil then
    n = util.count(state, "Market Sale: how many Market tiles could take a sale from the materials anywhere in the "
      .. "connected village (Botric buys nothing at the Market)?")
    state.turn.market = n
  end
  if n == 0 then
    ui.say("Market Sale: no Market tile can take a sale from Botric.")
    ui.why("Market Sale is the last priority action; a failed sale gives no Gold.")
    return "failed"
  end
  local cands = util.candidates(n, "market", "Market tile")
  local choice, d = priority.choose(cands, {
    { "worth the most Points", most = function(c)
      return util.fact(c, "points", function()
        return ui.number(string.format("%s: how many Points is the sale worth?", c.label), 0, 30)
      end)
    end },
    { "uses the most of its own High Quality materials", most = function(c) return bonus.high_quality(state, c) end },
    { "uses the most of its own Refined materials", most = function(c) return bonus.refined(state, c) end },
    { "needs the fewest materials in all", least = function(c)
      return util.fact(c, "total", function()
        -- At least those of its own already counted.
        return ui.number(string.format("%s: how many materials does it take in all?", c.label),
          math.max(1, bonus.known_used(c)), 30)
      end)
    end },
  }, { tie = "ask", label = util.label, prompt = "These Market tiles tie on Botric's priority list: which does it sell to (your choice)?" })
  local p = util.fact(choice, "points", function()
    return ui.number(string.format("%s: how many Points is the sale worth?", choice.label), 0, 30)
  end)
  local v = villagers.first_standing(state)
  ui.say("Botric sells to %s.", choice.label)
  ui.why("Market Sale is the left-most priority action Botric can do; which tile: %s.", d.why)
  villagers.send(state, v, "the Market")
  ui.say("It takes the materials from anywhere in the connected village: its own High Quality first, then its own "
    .. "Refined, then those closest to the Market.")
  state.sales = state.sales + 1
  State.score(state, p)
  ui.say("Botric scores %s for the sale (now %d).", util.plural(p, "Point"), state.points)
  if ui.confirm("Does that Market tile pay Gold as well?") then
    State.score(state, 1)
    ui.say("Botric takes no Gold: it scores 1 Point instead (now %d).", state.points)
    ui.why("Botric gains no Gold: Gold it would gain becomes 1 Point.")
  end
  bonus.score(state, choice, "The sale")
  return "done"
end)

return market
