-- Construct a building: a Blueprint of its queue whose materials are in the village, by kind then
-- oldest; its materials, its place, its bonus and a Refinery Milestone.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"
local bonus = require "bonus"
local costs = require "costs"
local State = require "state"

local construct = {}

-- Which Blueprints of the queue have their materials in the village: one question, about those
-- not already known unbuildable since the table last changed (a Blueprint that came with a hire
-- this turn is asked about alone: README ruling 22).
local function buildable(state)
  local q, epoch = state.queue, state.turn.epoch
  local open = {}
  for i, b in ipairs(q) do
    if not rawequal(b.unbuildable, epoch) then open[#open + 1] = i end
  end
  if #open == 0 then
    ui.say("Construct: nothing has changed since Botric found none of its Blueprints buildable this turn.")
    return {}
  end
  local result
  if #open == 1 then
    local i = open[1]
    local which = #q == 1 and "" or string.format(" (#%d of its queue)", i)
    if ui.confirm(string.format("Construct: are the materials for Botric's %s Blueprint%s all in the connected village "
      .. "(it pays no Gold and buys nothing)?", util.kind_label(q[i].kind), which)) then
      result = { i }
    else
      result = {}
    end
  else
    local options = { { id = "none", label = "none of them" } }
    local subsets = {}
    for mask = 1, (1 << #open) - 1 do
      local idx, names = {}, {}
      for j, i in ipairs(open) do
        if mask & (1 << (j - 1)) ~= 0 then
          idx[#idx + 1] = i
          names[#names + 1] = string.format("%d (%s)", i, util.kind_label(q[i].kind))
        end
      end
      local id = table.concat(idx, "+")
      subsets[id] = idx
      options[#options + 1] = { id = id, label = util.list(names) }
    end
    local a = ui.ask("Construct: which of Botric's Blueprints (numbered oldest first) have their materials all in the "
      .. "connected village (it pays no Gold and buys nothing)?", options)
    result = subsets[a] or {}
  end
  local chosen = {}
  for _, i in ipairs(result) do chosen[i] = true end
  for _, i in ipairs(open) do
    if not chosen[i] then q[i].unbuildable = epoch end
  end
  return result
end

local function milestone_open(c)
  return util.fact(c, "milestone", function()
    return ui.confirm(string.format("Is the Milestone of the type of Botric's Refinery Blueprint (#%d of its queue) still available?", c.n))
  end)
end

-- Where the tile goes: the placement list, decided by one question when it matters.
local function place(state, kind)
  local cands = {
    { id = "network", label = "along its network", text = "next to the tile furthest along the longest road network "
      .. "with none of your roads on it, among those with a spot where a side matches" },
    { id = "church", label = "by the Church", text = "next to the tile closest to the Church" },
  }
  local network
  local choice, d = priority.choose(cands, {
    { "next to the tile furthest along the longest road network with none of your roads, matching a road, Forest or Mountain side",
      prefer = function(c)
        if c.id ~= "network" then return false end
        if network == nil then
          network = ui.confirm(string.format("Place Botric's %s: is there a spot next to any tile of the longest road "
            .. "network with none of your roads on it (printed roads count), where at least one side matches (road, "
            .. "Forest or Mountain)?", util.kind_label(kind)))
        end
        return network
      end },
    { "next to a tile as close to the Church as possible", prefer = function(c) return c.id == "church" end },
  }, { label = util.label })
  ui.say("Place it %s, avoiding if possible a network that relies on your roads and your Landmarks; among equal spots "
    .. "you choose. Join road to road if possible, else Forest to Forest or Mountain to Mountain, Forest to Mountain "
    .. "only as a last resort, matching as many sides as it can.", choice.text)
  ui.why("Where: %s.", d.why)
end

construct.try = game.step("construct a building", function(state)
  if #state.queue == 0 then
    ui.say("Construct: Botric holds no Blueprint.")
    return false
  end
  local idx = buildable(state)
  if #idx == 0 then
    ui.say("Construct: Botric cannot build any of its Blueprints.")
    return false
  end
  local cands = {}
  for _, i in ipairs(idx) do
    local kind = state.queue[i].kind
    cands[#cands + 1] = { id = "blueprint-" .. i, n = i, kind = kind, facts = {},
      label = string.format("its %s (#%d of its queue)", util.kind_label(kind), i) }
  end
  local first_open  -- the oldest Refinery found with its Milestone available
  local choice, d = priority.choose(cands, {
    { "a Refinery of a type whose Milestone is still available", prefer = function(c)
      if c.kind ~= "refinery" then return false end
      -- The oldest such Refinery wins whatever a younger one's Milestone: that is not asked.
      if first_open and first_open.n < c.n then return false end
      local open = milestone_open(c)
      if open and not first_open then first_open = c end
      return open
    end },
    { "a Landmark", prefer = function(c) return c.kind == "landmark" end },
    { "a Refinery of any type", prefer = function(c) return c.kind == "refinery" end },
    { "a Barn", prefer = function(c) return c.kind == "barn" end },
  }, { tie = "first", first = "the oldest in its queue", label = util.label })
  ui.say("Botric constructs %s.", choice.label)
  ui.why("Which Blueprint: %s.", d.why)
  local milestone = choice.kind == "refinery" and milestone_open(choice)
  local v = villagers.first_standing(state)
  ui.say("It pays the materials (never Gold) from anywhere in the connected village: its own High Quality first, then "
    .. "its own Refined, then those closest to the building site.")
  -- The cost is paid first, the bonuses and Points come after (README ruling 34).
  costs.ignored(state, "that building")
  place(state, choice.kind)
  -- A new Barn is a Production tile, a new Refinery a Refinery, a Landmark neither.
  local on = ({ barn = "production", refinery = "refinery" })[choice.kind]
  villagers.send(state, v, "its new " .. util.kind_label(choice.kind),
    string.format("the %s villager %d built in round %d", util.kind_label(choice.kind), v.n, state.round), on)
  table.remove(state.queue, choice.n)
  if choice.kind == "landmark" then state.landmarks = state.landmarks + 1 end  -- built now, as `show` says
  bonus.score(state, choice, "Building it")
  local p = ui.number("Points Botric scores for the new building: its construction bonus?", 0, 30)
  State.score(state, p)
  ui.say("Botric scores %s for it (now %d).", util.plural(p, "Point"), state.points)
  if choice.kind == "refinery" then
    if milestone then
      state.milestones = state.milestones + 1
      ui.say("Botric takes that Refinery's Milestone: its Refined materials of that type are High Quality from now on.")
      ui.why("A new Refinery gives Botric its Milestone while it is available.")
    else
      ui.say("Its Milestone is gone: Botric takes none.")
    end
  end
  return true
end)

return construct
