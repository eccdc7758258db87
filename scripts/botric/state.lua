-- Botric's own components: the action line, the Solo Action tile's markers, the bag, the Favour
-- tile, its villagers, its Blueprint queue, its roads and its points; and the shown state.
local line = require "line"
local bag = require "bag"
local util = require "util"

local State = {}

-- The colours option: three names, spots 1, 2 and 3 of the Solo Action tile (README ruling 1).
local function parse_colours(text)
  local colours, seen = {}, {}
  for c in string.gmatch(text, "[^%s,]+") do
    if seen[c] then error("the colours option names " .. c .. " twice", 0) end
    seen[c] = true
    colours[#colours + 1] = c
  end
  if #colours ~= 3 then
    error("the colours option needs exactly three colours (4-marker colour, 3-marker colour, Botric's), got "
      .. #colours, 0)
  end
  return colours
end

function State.new(options, data)
  local colours = parse_colours(options.colours)
  local state = {
    options = options, data = data,
    physical = options.components == "physical",
    spots = colours,           -- the marker on spot i of the Solo Action tile has colour spots[i]
    aside = {},                -- Action markers drawn and set aside
    favour = { up = true, gold = 0 },
    villagers = {},            -- {n =, active =, standing =, tile =, kind =} (kind: villagers.send)
    queue = {},                -- Blueprints, oldest first: {kind =} (refinery, landmark, barn)
    roads = data.roads,
    points = 0,
    milestones = 0,            -- Refinery Milestones Botric holds: its Refined of that type are High Quality
    refines = 0,               -- Refine actions Botric has made: none, and it has no Refined materials
    hq_refines = 0,            -- of those, the ones that made its High Quality material (with the Milestone)
    deliveries = 0, sales = 0, landmarks = 0,
    your_deliveries = 0,       -- Church deliveries of yours worked out from your counts (round 2 on): at least this many
    gold_space = { filled = false, points = nil },  -- the Gold Church space, as far as Botric knows
    round = 0,
    open = nil,                -- Church spaces left to fill: your count after your turn, less Botric's deliveries since
    turn = nil,                -- what it learnt this turn (util.new_turn)
    now = nil,                 -- during its turn: {text =} (which villager action, which marker)
    phase = nil,               -- outside its turn: what the table is doing
  }
  local by_id = {}
  for _, a in ipairs(data.actions) do by_id[a.id] = a end
  state.action_by_id = by_id
  state.line = line.new{ id = "action line", tokens = {} }
  local counts = { data.markers.first, data.markers.second, data.markers.own }
  local in_bag = {}
  for i, c in ipairs(colours) do
    for _ = 2, counts[i] do in_bag[#in_bag + 1] = c end
  end
  state.bag = bag.new{ id = "markers", tokens = in_bag }
  for n = 1, data.villagers_max do
    state.villagers[n] = { id = "villager-" .. n, n = n, active = false, standing = false, tile = nil }
  end
  game.correctable{ id = "gold", label = "Gold on the Favour tile", min = 0, max = 99,
    get = function() return state.favour.gold end, set = function(v) state.favour.gold = v end }
  game.correctable{ id = "points", label = "Botric's points", min = 0, max = 500,
    get = function() return state.points end, set = function(v) state.points = v end }
  game.correctable{ id = "roads", label = "Roads Botric has left", min = 0, max = data.roads,
    get = function() return state.roads end, set = function(v) state.roads = v end }
  game.correctable{ id = "milestones", label = "Refinery Milestones Botric holds", min = 0, max = 9,
    get = function() return state.milestones end, set = function(v) state.milestones = v end }
  game.correctable{ id = "open", label = "Church spaces left to fill", min = 0, max = data.church_spaces_max,
    get = function() return state.open or 0 end, set = function(v) state.open = v end }
  -- Counts the end scoring uses, for a player who finds Soloist and the table disagree.
  for _, c in ipairs({
    { "deliveries", "Church deliveries Botric made", 60 }, { "sales", "Market sales Botric made", 60 },
    { "landmarks", "Landmarks Botric built", 20 }, { "refines", "Refine actions Botric made", 60 },
    { "hq-refines", "Refine actions of Botric's that made its High Quality material", 60, "hq_refines" },
    { "your-deliveries", "Church deliveries of yours worked out from your counts", 60, "your_deliveries" } }) do
    local field = c[4] or c[1]
    game.correctable{ id = c[1], label = c[2], min = 0, max = c[3],
      get = function() return state[field] end, set = function(v) state[field] = v end }
  end
  return state
end

function State.active(state)
  local out = {}
  for _, v in ipairs(state.villagers) do
    if v.active then out[#out + 1] = v end
  end
  return out
end

function State.standing(state)
  local out = {}
  for _, v in ipairs(state.villagers) do
    if v.active and v.standing then out[#out + 1] = v end
  end
  return out
end

function State.villager_text(v)
  return string.format("villager %d (%s, %s)", v.n, v.tile or "in the supply", v.standing and "standing" or "laid down")
end

function State.label(state, token)
  return state.action_by_id[token].label
end

-- Botric scores (or, with a negative amount, loses) points; never below 0 (README ruling 18).
function State.score(state, n)
  state.points = math.max(0, state.points + n)
end

local function add_to(entries)
  return function(label, value)
    entries[#entries + 1] = { label = label, value = value }
  end
end

-- The builder only reads the state: it runs when shown, at `show`, on undo and resume.
function State.entries(state)
  local entries = {}
  local add = add_to(entries)
  add("Round", state.round)
  if state.now then
    add("Now", "Botric's turn, " .. state.now.text)
  elseif state.phase then
    add("Now", state.phase)
  end
  local line_text = {}
  for i, t in ipairs(state.line:tokens()) do
    local spot = state.spots[i]
    line_text[i] = string.format("%d. %s%s", i, State.label(state, t), spot and (" (below the " .. spot .. " marker)") or "")
  end
  add("Action line", line_text)
  add("Solo Action tile spots", {
    "1: " .. state.spots[1], "2: " .. state.spots[2], "3: " .. state.spots[3] })
  local counts = {}
  for _, c in ipairs(state.spots) do
    counts[#counts + 1] = string.format("%s %d", c, state.bag:count(c))
  end
  add("Action markers in the bag", counts)
  add("Action markers set aside", #state.aside > 0 and state.aside or "none")
  add("Favour tile", state.favour.up and "face up" or "face down")
  add("Gold on the Favour tile", state.favour.gold)
  if state.now then
    add("Failure Gold given this turn", state.turn.failure_gold
      and "yes (the start player marker is on the Favour tile)" or "no")
  end
  local vill = {}
  for _, v in ipairs(state.villagers) do
    if v.active then vill[#vill + 1] = State.villager_text(v) end
  end
  add("Villagers", vill)
  add("Villagers still in the supply", state.data.villagers_max - #vill)
  local queue = {}
  for i, b in ipairs(state.queue) do queue[i] = string.format("%d. %s", i, util.kind_label(b.kind)) end
  add("Blueprint queue (oldest first)", #queue > 0 and queue or "empty")
  add("Roads left", state.roads)
  add("Refinery Milestones", state.milestones)
  add("Refine actions", state.refines)
  if state.milestones > 0 or state.hq_refines > 0 then
    add("Refine actions making High Quality", state.hq_refines)  -- none is possible without a Milestone
  end
  if state.open then add("Church spaces left to fill", state.open) end
  local gold_space = "not known (asked once Botric has " .. state.data.gold_space_cost .. " Gold)"
  if state.gold_space.filled then
    gold_space = "filled"
  elseif state.now and state.turn.gold_open then
    gold_space = "open (as you said this turn)"
  end
  add("10-Gold Church space", gold_space)
  add("Church deliveries", state.deliveries)
  add("Your Church deliveries worked out (at least)", state.your_deliveries)
  add("Market sales", state.sales)
  add("Landmarks built", state.landmarks)
  add("Points", state.points)
  if state.final then
    -- Worked out live, so that a correction at the last question still counts (scoring.lua).
    local f = state.final
    add("Final score", state.points + f.each * state.landmarks + f.asked)
  end
  return entries
end

function State.show(state, title)
  ui.show(title, function() return State.entries(state) end)
end

return State
