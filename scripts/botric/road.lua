-- Build a road: the target tile, then the network priorities; never bought materials.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"
local bonus = require "bonus"

local road = {}

local NETWORKS = {
  { id = "botric", label = "a network with only Botric's roads", botric = true },
  { id = "yours", label = "a network with only your roads" },
  { id = "none", label = "a network with no built roads yet" },
  { id = "mixed", label = "a network with both players' roads", botric = true },
}

-- The kinds of network a road can extend: one with Botric's roads on it only once it has built one
-- (README ruling 33).
local function networks(built)
  local out = {}
  for _, k in ipairs(NETWORKS) do
    if built > 0 or not k.botric then out[#out + 1] = { id = k.id, label = k.label } end
  end
  return out
end

road.try = game.step("build a road", function(state)
  if state.roads == 0 then
    ui.say("Build a road: Botric has no roads left.")
    return false
  end
  local target = "an unconnected tile as close to the Church as possible"
  -- Equally close tiles (or equally few roads) are all options for the priority list below.
  local n = util.count(state, "Build a road (its materials from the connected village, none bought): how many legal "
    .. "places for it would connect an unconnected tile as close to the Church as possible (count the places of every "
    .. "such tile equally close)? (0 if no unconnected tile can get one)")
  if n == 0 then
    target = "a tile with the fewest roads connecting it already"
    n = util.count(state, "Build a road: how many legal places for it reach a tile with the fewest roads connecting it "
      .. "already (count the places of every tile tied for the fewest)? (0 if Botric cannot build a road at all)")
  end
  if n == 0 then
    ui.say("Build a road: Botric cannot build one.")
    return false
  end
  local cands = util.candidates(n, "road", "Road place")
  local built = state.data.roads - state.roads  -- Botric's roads on the table
  local function network(c)
    return util.fact(c, "network", function()
      return ui.ask(string.format("%s: which road network does it extend?", c.label), networks(built))
    end)
  end
  -- The places step 1 kept: those that do not connect your Landmarks, if any. A place a later step
  -- compares by its network's length came through every step before unchanged, as those steps
  -- compare only other kinds of network.
  local function running()
    local clear = {}
    for _, c in ipairs(cands) do
      if c.facts.landmark == false then clear[#clear + 1] = c end
    end
    return #clear > 0 and clear or cands
  end
  local function length(c, kind)
    if network(c) ~= kind then return -1 end
    -- The length only matters against another place on the same kind of network.
    local rival = false
    for _, o in ipairs(running()) do
      if o ~= c and network(o) == kind then rival = true; break end
    end
    if not rival then return 0 end
    return util.fact(c, "length", function()
      -- A network with no built roads has no road to count: its length is its tiles (README ruling 14).
      if kind == "none" then
        return ui.number(string.format("%s: that network has no built road yet; how many tiles long is it?", c.label), 1, 60)
      end
      -- A network with only Botric's roads has at most the roads it built; with one built, that is
      -- its length (README ruling 33).
      if kind == "botric" and built == 1 then return 1 end
      return ui.number(string.format("%s: how many roads long is that network?", c.label), 1,
        kind == "botric" and built or 60)
    end)
  end
  local choice, d = priority.choose(cands, {
    { "does not connect your Landmarks to the roads", avoid = function(c)
      -- One count for every place, not a question each: you number first those that connect none.
      if c.facts.landmark == nil then
        local clear = ui.number(string.format("Of those %d road places, how many would connect none of your Landmarks "
          .. "to the road network? Number those #1 onwards.", n), 0, n)
        for _, o in ipairs(cands) do o.facts.landmark = o.n > clear end
      end
      return c.facts.landmark
    end },
    { "extends the longest network with only Botric's roads", most = function(c) return length(c, "botric") end },
    { "extends the longest network with only your roads", most = function(c) return length(c, "yours") end },
    { "extends the longest network with no built roads yet", most = function(c) return length(c, "none") end },
    { "starts from a tile as close to the Church as possible", least = function(c)
      return util.fact(c, "church", function()
        return ui.number(string.format("%s: how many tiles along the roads from the Church is the tile it starts from?",
          c.label), 0, state.data.largest_count)
      end)
    end },
  }, { tie = "ask", label = util.label, prompt = "These road places tie on Botric's priority list: where does it build (your choice)?" })
  state.roads = state.roads - 1
  ui.say("Botric builds a road at %s, towards %s: put one of its roads there (%d left).", choice.label, target, state.roads)
  ui.why("Target: %s; which place: %s.", target, d.why)
  local v = villagers.first_standing(state)
  villagers.send(state, v, "the tile of its new road",
    string.format("the tile of the road villager %d built in round %d", v.n, state.round), "any")
  -- The road's materials come from the village like a building's; their bonuses are scored as
  -- usual (README ruling 30).
  ui.say("It pays the road's materials from anywhere in the connected village (it buys none): its own High Quality "
    .. "first, then its own Refined, then those closest to the new road.")
  bonus.score(state, choice, "The road")
  return true
end)

return road
