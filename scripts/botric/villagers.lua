-- Botric's villagers: which one acts, where it goes, and standing them up each turn.
local priority = require "priority"
local State = require "state"

local villagers = {}

-- Its turn begins: every villager it has stands up where it is.
function villagers.stand_up(state)
  for _, v in ipairs(state.villagers) do
    if v.active then v.standing = true end
  end
end

-- The rules name no villager for most actions: the lowest-numbered standing one goes (README ruling 6).
function villagers.first_standing(state)
  return State.standing(state)[1]
end

function villagers.send(state, v, tile)
  local from = v.tile
  v.tile, v.standing = tile, false
  if from == tile then
    ui.say("Lay Botric's villager %d down where it stands, on %s.", v.n, tile)
  else
    ui.say("Move Botric's villager %d to %s and lay it down.", v.n, tile)
  end
end

-- The standing villager closest to a chosen tile; asked only when they stand on different tiles.
function villagers.closest(state, what)
  local standing = State.standing(state)
  local tiles, distinct = {}, 0
  for _, v in ipairs(standing) do
    if not tiles[v.tile] then tiles[v.tile] = true; distinct = distinct + 1 end
  end
  if distinct <= 1 then
    local v = standing[1]
    ui.why("Villager %d goes: %s.", v.n, #standing == 1 and "it is Botric's only standing villager"
      or "all its standing villagers are on the same tile, so the first of them")
    return v
  end
  local asked = {}
  local function distance(v)
    if asked[v.tile] == nil then
      asked[v.tile] = ui.number(string.format("How many tiles is it along the roads from %s to %s (where Botric's villager %d stands)?",
        what, v.tile, v.n), 0, state.data.largest_count)
    end
    return asked[v.tile]
  end
  local v, d = priority.choose(standing, { { "the villager closest to it", least = distance } }, {
    tie = "ask", label = function(x) return "villager " .. x.n .. " (on " .. x.tile .. ")" end,
    prompt = "These villagers of Botric's are equally close: which one goes (your choice)?" })
  ui.why("Which villager: %s.", d.why)
  return v
end

return villagers
