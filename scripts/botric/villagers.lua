-- Botric's villagers: which one acts, where it goes, and standing them up each turn.
local priority = require "priority"
local State = require "state"
local util = require "util"

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

-- `tile` names where it goes as the player sees it now; `at`, when given, is how Soloist names
-- that place later: a Production tile, a Refinery, a new building or a road's tile is one of
-- many, so it is named by the villager and the round, and two villagers on two such tiles are
-- never taken for villagers on the same tile. `kind` says what that tile can be (README ruling
-- 27): "production" (a Production tile, a Barn), "refinery", "any" (a road's tile), or nil (the
-- Church, Town Hall or Market, or a Landmark: never a Production tile or a Refinery).
function villagers.send(state, v, tile, at, kind)
  local from = v.tile
  at = at or tile
  v.tile, v.standing, v.kind = at, false, kind
  if from == at then
    ui.say("Lay Botric's villager %d down where it stands, on %s.", v.n, tile)
  else
    ui.say("Move Botric's villager %d to %s and lay it down.", v.n, tile)
  end
end

-- Whether a villager standing there could be on a tile of kind `target` ("production" or
-- "refinery"): a Production tile is never a Refinery, and neither is the Church, the Town Hall,
-- the Market or a Landmark, so a villager there is at least 1 tile away from one.
local function could_be_on(v, target)
  return v.kind == "any" or v.kind == target
end

-- The priority step Produce and Refine share: the candidate tile closest along the roads to
-- one of Botric's standing villagers (the distance kept as the tile's fact `distance`, which
-- villagers.closest then knows without asking again).
-- `target`: what the candidates are ("production" or "refinery").
function villagers.closest_step(state, target)
  return { "the closest to one of Botric's standing villagers", least = function(c)
    return util.fact(c, "distance", function()
      -- 0 only when a standing villager is on a tile that could be this one.
      local can_be_on = false
      for _, v in ipairs(State.standing(state)) do
        if could_be_on(v, target) then can_be_on = true end
      end
      return ui.number(string.format("%s: how many tiles is it along the roads from the nearest standing villager of Botric's%s?",
        c.label, can_be_on and " (0: one stands on it)" or ""), can_be_on and 0 or 1, state.data.largest_count)
    end)
  end }
end

-- The standing villager closest to a chosen tile (and its distance, when known); asked only when
-- they stand on different tiles.
-- `known`: the distance from the tile to the nearest standing villager, when the priority list
-- asked it already; no villager is nearer, and when every other place is further the last one
-- is that distance without asking. `target`: what the tile is ("production" or "refinery").
function villagers.closest(state, what, known, target)
  local standing = State.standing(state)
  local places, seen = {}, {}
  for _, v in ipairs(standing) do
    if not seen[v.tile] then seen[v.tile] = v; places[#places + 1] = v.tile end
  end
  -- At 0 a villager stands on it: one on a tile that cannot be this one is at least 1 away, so
  -- it cannot be the nearest and its distance is not asked (README ruling 27).
  local ruled_out = false
  if known == 0 then
    local could = {}
    for _, place in ipairs(places) do
      if could_be_on(seen[place], target) then could[#could + 1] = place end
    end
    if #could > 0 and #could < #places then places, ruled_out = could, true end
  end
  -- One villager a place, the lowest-numbered standing there: two on the same tile are the same
  -- choice (README ruling 6).
  local near = {}
  for _, place in ipairs(places) do near[#near + 1] = seen[place] end
  if #places <= 1 then
    local v = near[1]
    if ruled_out then
      ui.why("Villager %d goes: it stands on %s already, and Botric's other standing villagers stand on tiles that "
        .. "cannot be it.", v.n, what)
    else
      ui.why("Villager %d goes: %s.", v.n, #standing == 1 and "it is Botric's only standing villager"
        or "all its standing villagers are on the same tile, so the first of them")
    end
    return v, known
  end
  local distance, nearest_seen = {}, false
  for i, place in ipairs(places) do
    if known and i == #places and not nearest_seen then
      distance[place] = known
    else
      local first
      for _, v in ipairs(standing) do
        if v.tile == place and not first then first = v end
      end
      distance[place] = ui.number(string.format("How many tiles is it along the roads from %s to %s (where Botric's villager %d stands)?",
        what, place, first.n), math.max(known or 0, could_be_on(seen[place], target) and 0 or 1), state.data.largest_count)
      if distance[place] == known then nearest_seen = true end
    end
  end
  local v, d = priority.choose(near, { { "the villager closest to it", least = function(x) return distance[x.tile] end } }, {
    tie = "ask", label = function(x) return "villager " .. x.n .. " (on " .. x.tile .. ")" end,
    prompt = "These villagers of Botric's are equally close: which one goes (your choice)?" })
  ui.why("Which villager: %s.", d.why)
  return v, distance[v.tile]
end

-- A villager sent to the tile chosen by closest(): at distance 0 it stands there already, and
-- that tile (a road's, say) is now known to be of the chosen tile's kind.
function villagers.send_closest(state, v, dist, tile, at, kind)
  if dist == 0 then
    -- Said by the chosen tile's name (as you numbered it), remembered by where it stood.
    villagers.send(state, v, tile, v.tile, kind)
  else
    villagers.send(state, v, tile, at, kind)
  end
end

return villagers
