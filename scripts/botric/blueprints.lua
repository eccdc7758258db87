-- Purchase Blueprint: the kind by Botric's order, the left-most of it; Gold on the tiles skipped.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"
local costs = require "costs"
local State = require "state"

local blueprints = {}

-- The kinds in Botric's order (README ruling 9: any other kind of tile is never taken).
local KINDS = {
  { kind = "refinery", text = "a Refinery of a type whose Milestone is still available" },
  { kind = "landmark", text = "a Landmark" },
  { kind = "refinery", text = "a Refinery of any type" },
  { kind = "barn", text = "a Barn" },
}

-- Returns true when Botric takes a Blueprint. `with_hire`: it comes with a hire, at the Town Hall
-- already, and the Purchase Blueprint token does not move.
function blueprints.purchase(state, with_hire)
  local max = state.data.queue_max
  if #state.queue >= max then
    ui.say("Botric already holds %d Blueprints: it takes no more.", max)
    ui.why("Botric never holds more than %d Blueprints.", max)
    return false
  end
  local places = state.data.display_places
  -- Only a purchase changes the display: what you said stays true until Botric takes a Blueprint.
  local seen = state.turn.display ~= nil
  state.turn.display = state.turn.display or {}
  local leftmost = state.turn.display
  local function place_of(i)
    if leftmost[i] == nil then
      leftmost[i] = ui.number(string.format(
        "Purchase Blueprint: counting places on the display from the left, where is the first Blueprint that is %s? (0: there is none)",
        KINDS[i].text), 0, places)
    end
    return leftmost[i]
  end
  local criteria = {}
  for i, k in ipairs(KINDS) do
    criteria[i] = { k.text, prefer = function(c) return place_of(i) == c.n end }
  end
  local cands = {}
  for p = 1, places do cands[p] = { id = "place-" .. p, n = p, label = "place " .. p } end
  local choice, d = priority.choose(cands, criteria, { tie = "first", first = "the left-most", label = util.label })
  if d.by ~= "criterion" then
    ui.say("No Refinery, Landmark or Barn is on display%s: Botric cannot purchase a Blueprint.",
      seen and " (no Blueprint has been taken since you said so)" or "")
    ui.why("Botric only takes a Refinery, a Landmark or a Barn.")
    return false
  end
  local kind = KINDS[d.step].kind
  local v
  if not with_hire then
    v = villagers.first_standing(state)
  end
  ui.say("Botric takes the %s Blueprint at place %d of the display and puts it at the right of its queue.",
    util.kind_label(kind), choice.n)
  ui.why("Which Blueprint: %s.", d.why)
  if v then villagers.send(state, v, "the Town Hall") end
  state.queue[#state.queue + 1] = { kind = kind }
  state.turn.display = nil  -- the display is refilled: ask again
  if choice.n > 1 then
    ui.say("Put 1 Gold from the general supply (not from the Favour tile) on %s to its left.",
      choice.n == 2 and "the tile" or string.format("each of the %d tiles", choice.n - 1))
  end
  -- It pays (the skipped tiles' Gold, the price) before it takes the tile's Gold (README ruling 34).
  costs.ignored(state, "that Blueprint", choice.n - 1)
  if ui.confirm("Was there Gold on the Blueprint Botric took?") then
    State.score(state, 1)
    ui.say("Return that Gold to the supply: Botric scores 1 Point instead (now %d).", state.points)
    ui.why("Botric takes no Gold: Gold it would gain becomes 1 Point.")
  end
  ui.say("Refill the display as usual. Botric's queue: %s.", blueprints.queue_text(state))
  return true
end

function blueprints.queue_text(state)
  local names = {}
  for i, b in ipairs(state.queue) do names[i] = util.kind_label(b.kind) end
  return util.list(names)
end

return blueprints
