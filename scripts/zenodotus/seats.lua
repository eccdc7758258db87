-- Seats: the seats option, each seat's controller (human questions or a bot strategy), the
-- start split of 12 points and the starting square.
local powers = require "powers"
local human = require "human"
local base = require "strategies.base"
local seats = {}

local function strategy_table()
  local by_id = {}
  for _, s in ipairs(game.components.strategies.strategies) do
    if s.id == "human" then error("strategies.yaml: 'human' is the name of a human seat", 0) end
    by_id[s.id] = s
  end
  return by_id
end

local loaded = {}
local function controller(entry)
  if not loaded[entry.script] then
    local module = require(entry.script:gsub("/", "."))
    loaded[entry.script] = setmetatable({}, { __index = function(_, k) return module[k] or base[k] end })
  end
  return loaded[entry.script]
end

function seats.parse(text)
  local by_id = strategy_table()
  local list = {}
  for name in string.gmatch(text, "[^%s,]+") do
    local kind = string.lower(name)
    if kind ~= "human" and not by_id[kind] then
      local known = { "human" }
      for _, s in ipairs(game.components.strategies.strategies) do known[#known + 1] = s.id end
      error(string.format("the seats option names '%s': a seat is one of %s", name, table.concat(known, ", ")), 0)
    end
    local n = #list + 1
    local seat = { n = n, kind = kind, texts = 0, used = {}, points = {}, retired = false, skip = false,
      params = kind == "human" and {} or (by_id[kind].params or {}) }
    seat.name = string.format("Seat %d (%s)", n, kind)
    seat.ctl = kind == "human" and human or controller(by_id[kind])
    list[n] = seat
  end
  if #list < 2 or #list > 6 then
    error(string.format("the seats option gives %d seats: Zenodotus needs 2 to 6", #list), 0)
  end
  return list
end

seats.setup = game.step("setup", function(G)
  for _, seat in ipairs(G.seats) do
    local split = seat.ctl.allocate(G, seat)
    powers.check_split(split)
    for _, p in ipairs(powers.ORDER) do seat.points[p] = split[p] or 0 end
    local parts = {}
    for _, p in ipairs(powers.ORDER) do parts[#parts + 1] = powers.SHORT[p] .. " " .. seat.points[p] end
    ui.say("%s splits its 12 points: %s.", seat.name, table.concat(parts, ", "))
  end
  for _, seat in ipairs(G.seats) do
    local sq = seat.ctl.start(G, seat)
    assert(sq and sq.i, seat.name .. " chose no starting square")
    seat.pos = sq
    game.record("start-square", { seat = seat.n, square = sq.name })
    ui.say("%s starts on %s.", seat.name, sq.name)
  end
end)

return seats
