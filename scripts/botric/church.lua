-- Church Delivery, the second priority action: Botric's discounts, the Gold space paid from the
-- Favour tile, its priority list, and the failure Gold.
local priority = require "priority"
local util = require "util"
local favour = require "favour"
local villagers = require "villagers"
local bonus = require "bonus"
local State = require "state"

local church = {}

local function points(state, c)
  if c.gold then
    if state.gold_space.points == nil then
      state.gold_space.points = ui.number("How many Points is the 10-Gold Church space worth?", 0, 30)
    end
    return state.gold_space.points
  end
  return util.fact(c, "points", function()
    return ui.number(string.format("%s: how many Points is it worth?", c.label), 0, 30)
  end)
end

-- Botric's discounted amounts: a raw space takes 8, a refined one 2, the Gold space none.
local function total(state, c)
  if c.gold then return 0 end
  -- A space that takes some of Botric's own Refined materials is a refined space: not asked.
  if c.facts.kind == nil and bonus.known_used(c) > 0 then c.facts.kind = "refined" end
  local kind = util.fact(c, "kind", function()
    return ui.ask(string.format("%s: what does it take?", c.label), {
      { id = "raw", label = string.format("Raw materials (%d for Botric)", state.data.church_raw) },
      { id = "refined", label = string.format("Refined materials (%d for Botric)", state.data.church_refined) } })
  end)
  return kind == "raw" and state.data.church_raw or state.data.church_refined
end

function church.candidates(state)
  local data = state.data
  local n = state.turn.church
  if n == nil and state.open == 0 then
    n = 0  -- no space is left to fill: nothing to ask
    state.turn.church = n
  end
  -- The spaces left to fill count the Gold space: while you said it is open this turn, the
  -- material spaces are one fewer (README ruling 31).
  local most = state.open or data.largest_choice
  if state.turn.gold_open and not state.gold_space.filled and state.open then most = state.open - 1 end
  if n == nil and most <= 0 then
    n = 0  -- the only space left is the Gold space
    state.turn.church = n
  end
  if n == nil then
    n = util.count(state, string.format("Church Delivery: how many open Church spaces could Botric fill now from the "
      .. "materials anywhere in the connected village? It needs %d for a raw space and %d for a refined one, and buys "
      .. "nothing at the Market. Leave out the 10-Gold space.", data.church_raw, data.church_refined),
      math.min(data.largest_choice, most))
    state.turn.church = n
    if state.open and n > 0 and n >= state.open and not state.gold_space.filled then
      -- Every space left takes materials, so none of them is the Gold space: it is filled (ruling 31).
      state.gold_space.filled = true
      if state.favour.gold >= data.gold_space_cost then
        ui.why("Botric can fill every one of the %s with materials, so the 10-Gold space is not among them: "
          .. "it is filled already.", util.plural(state.open, "Church space left", "Church spaces left"))
      end
    end
  end
  local cands = util.candidates(n, "space", "Church space")
  -- Its own materials are Refined, and a refined space takes Botric only 2 of them (a raw one none).
  for _, c in ipairs(cands) do c.own_max = data.church_refined end
  if not state.gold_space.filled and state.favour.gold >= data.gold_space_cost and state.open ~= 0 then
    if state.turn.gold_open == nil then
      state.turn.gold_open = ui.confirm(string.format(
        "Botric has %d Gold on its Favour tile: is the 10-Gold Church space still open?", state.favour.gold))
    end
    if state.turn.gold_open then
      cands[#cands + 1] = { id = "gold", label = "the 10-Gold space", gold = true, facts = { hq = 0, refined = 0 } }
    else
      state.gold_space.filled = true  -- a filled space stays filled: never asked again
    end
  end
  return cands
end

-- Returns "done" or "failed".
church.try = game.step("church delivery", function(state, k)
  local cands = church.candidates(state)
  if #cands == 0 then
    ui.say("Church Delivery: Botric cannot fill any Church space%s.", state.open == 0 and " (none is left)" or "")
    favour.failure_gold(state, k, "Church Delivery")
    return "failed"
  end
  local choice, d = priority.choose(cands, {
    { "worth the most Points", most = function(c) return points(state, c) end },
    { "uses the most of its own High Quality materials", most = function(c) return bonus.high_quality(state, c) end },
    { "uses the most of its own Refined materials", most = function(c) return bonus.refined(state, c) end },
    { "needs the fewest materials in all", least = function(c) return total(state, c) end },
  }, { tie = "ask", label = util.label, prompt = "These Church spaces tie on Botric's priority list: which does it fill (your choice)?" })
  local p = points(state, choice)
  local v = villagers.first_standing(state)
  ui.say("Botric delivers to %s.", choice.label)
  ui.why("Church Delivery is the left-most priority action Botric can do; which space: %s.", d.why)
  villagers.send(state, v, "the Church")
  if choice.gold then
    favour.pay(state, state.data.gold_space_cost, "the 10-Gold Church space (its discount is 3)")
    state.gold_space.filled = true
    state.turn.gold_delivery = true  -- no material left the village (turn.lua)
  else
    local d = state.data
    -- A space that takes its own Refined materials is a refined one.
    local kind = choice.facts.kind or (bonus.known_used(choice) > 0 and "refined" or nil)
    local amount = ({ raw = d.church_raw .. " Raw", refined = d.church_refined .. " Refined" })[kind]
      or string.format("%d Raw or %d Refined, as the space asks", d.church_raw, d.church_refined)
    ui.say("It takes the space's materials with its discount (%s) from anywhere in the connected village: its own "
      .. "High Quality first, then its own Refined, then those closest to the Church.", amount)
  end
  state.deliveries = state.deliveries + 1
  if state.open then state.open = math.max(0, state.open - 1) end
  state.turn.delivered = true
  if state.deliveries == 4 then
    ui.say("Mark the delivery with a marker of Botric's colour; with none left, use one of its Donkeys from the box for this turn.")
  else
    ui.say("Mark the delivery with a marker of Botric's colour.")
  end
  State.score(state, p)
  ui.say("Botric scores %s for it (now %d).", util.plural(p, "Point"), state.points)
  if not choice.gold then bonus.score(state, choice, "The delivery") end
  favour.flip_down(state, "delivery")
  return "done"
end)

return church
