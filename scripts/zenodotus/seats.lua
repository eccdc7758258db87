-- Seats: the seats option, each seat's controller (human questions or a bot strategy), the
-- start split of 12 points and the starting square.
local powers = require "powers"
local base = require "strategies.base"
local seats = {}

-- What a strategy answers (see strategies/random.lua for each one's arguments and result).
seats.FUNCTIONS = { "prepare", "allocate", "start", "luck_fire", "luck_move", "move", "claim", "power_roll", "steal", "block",
  "burn", "time" }

local function strategy_table()
  local by_id = {}
  for _, s in ipairs(game.components.strategies.strategies) do
    if s.id == "human" then error("strategies.yaml: 'human' is the name of a human seat", 0) end
    by_id[s.id] = s
  end
  return by_id
end

-- A strategy's functions, with those it leaves out taken from strategies/base.lua (copied
-- once, so a call does not go through a metatable). human.lua answers all of them with
-- questions; it is loaded only for a game with a human seat.
local loaded = {}
local function controller(script)
  if not loaded[script] then
    local module = require((script:gsub("/", ".")))
    local ctl = {}
    for _, name in ipairs(seats.FUNCTIONS) do ctl[name] = module[name] or base[name] end
    loaded[script] = ctl
  end
  return loaded[script]
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
    -- (points holds every power from the start, so no key is added during the game; opening:
    -- OPENING is paid for this turn)
    local seat = { n = n, kind = kind, texts = 0, retired = false, skip = false, opening = false,
      points = { defense = 0, speed = 0, time = 0, luck = 0, stealth = 0, opening = 0 },
      params = kind == "human" and {} or (by_id[kind].params or {}) }
    seat.name = string.format("Seat %d (%s)", n, kind)
    -- the keys of its scores at the end (scoring.lua): "seat 2 greedy" and "seat 2 greedy wins"
    seat.score_key = string.format("seat %d %s", n, kind)
    seat.wins_key = seat.score_key .. " wins"
    -- titles of the board shown after each move, built once
    seat.after_move = string.format("After %s's move", seat.name)
    seat.after_turn = string.format("After %s's turn", seat.name)
    seat.after_theft = string.format("After %s's theft", seat.name)
    seat.ctl = controller(kind == "human" and "human" or by_id[kind].script)
    list[n] = seat
  end
  if #list < 2 or #list > 6 then
    error(string.format("the seats option gives %d seats: Zenodotus needs 2 to 6", #list), 0)
  end
  return list
end

-- the fields of a start-square event, refilled for each record (the host copies them)
local STARTED = { seat = 0, square = "" }
seats.setup = game.step("setup", function(G)
  local list = G.seats
  for n = 1, #list do list[n].ctl.prepare(G, list[n]) end   -- before any die is rolled
  for n = 1, #list do
    local seat = list[n]
    local split = seat.ctl.allocate(G, seat)
    powers.check_split(split)
    local pts = seat.points     -- (each of powers.ORDER)
    pts.defense, pts.speed, pts.time, pts.luck, pts.stealth, pts.opening = split.defense or 0, split.speed or 0,
      split.time or 0, split.luck or 0, split.stealth or 0, split.opening or 0
    ui.say("%s splits its 12 points: DEF %d, SPD %d, TIM %d, LCK %d, STL %d, OPN %d.", seat.name, pts.defense,
      pts.speed, pts.time, pts.luck, pts.stealth, pts.opening)
  end
  for n = 1, #list do
    local seat = list[n]
    local sq = seat.ctl.start(G, seat)
    if not (sq and sq.i) then error(seat.name .. " chose no starting square") end
    seat.pos = sq
    STARTED.seat, STARTED.square = seat.n, sq.name
    game.record("start-square", STARTED)
    ui.say("%s starts on %s.", seat.name, sq.name)
  end
end)

return seats
