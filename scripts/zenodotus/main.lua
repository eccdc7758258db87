-- Zenodotus: the burning library. Seats take turns; each turn starts with the fire's move.
-- The parts: board.lua, fire.lua, powers.lua, seats.lua (and human.lua, strategies/*.lua),
-- turn.lua, scoring.lua, render.lua; fire-only mode in fireonly.lua.
local options = game.options

if options.mode == "fire-only" then
  return require("fireonly").run()
end

local Board = require "board"
local fire = require "fire"
local seats = require "seats"
local turn = require "turn"
local scoring = require "scoring"

local data = game.components["board-" .. options.board]
if not data then
  local known = {}
  for name in pairs(game.components) do
    if name:sub(1, 6) == "board-" then known[#known + 1] = name:sub(7) end
  end
  error(string.format("the board option names '%s': the boards are %s", options.board, table.concat(known, ", ")), 0)
end

local G = {
  board = Board.new(options.board, data, { move = options.move, burnt = options.burnt }),
  fire = fire.new(),
  seats = seats.parse(options.seats),
  round = 1,
  last = nil,   -- after a retirement: seat number -> true while that seat still has its last turn
  last_left = 0,  -- how many seats still have it
  playing = false,  -- the seat whose turn it is
  ended = false,    -- the game is over
}
G.active = #G.seats   -- seats not retired

-- Shows the board; render.lua builds it, and is loaded, only when someone reads it.
local function entries() return require("render").entries(G) end
G.entries = entries     -- (for ui.show; turn.lua shows the board after every move)
function G:show(title)
  ui.show(title, entries)
end

-- The seat has had its turn after a retirement.
function G:had_last_turn(seat)
  if self.last and self.last[seat.n] then
    self.last[seat.n] = nil
    self.last_left = self.last_left - 1
  end
end

-- A seat retires: the first retirement gives every other seat one more turn (then it returns
-- true).
function G:retire(seat)
  self.active = self.active - 1
  local first = not self.last
  if first then
    self.last = {}
    for _, s in ipairs(self.seats) do
      if not s.retired then
        self.last[s.n] = true
        self.last_left = self.last_left + 1
      end
    end
  end
  self:had_last_turn(seat)
  return first
end

-- (nil while no seat has retired and a fire can still reach a text: asked after every turn
-- only otherwise, here and in turn.play)
function G:over()
  local board = self.board
  if board.open_texts == 0 then return "every text is claimed or lost" end
  -- (every seat retired first: then nobody had a last turn, and the other reason would say so)
  if self.active == 0 then return "every player retired" end
  if self.last and self.last_left == 0 then return "a player retired and everyone else had a last turn" end
  -- texts no fire can reach and no piece ever will: the game could not end by itself
  if board.exposed > 0 then return nil end      -- (board:all_texts_fireproof())
  local seats = self.seats     -- (asked after every turn once the texts left are fireproof)
  for n = 1, #seats do
    local s = seats[n]
    if not s.retired and board:may_reach_text(s.pos, s.points.opening >= 4) then return nil end
  end
  return "no text left can be claimed or lost (burnt squares cut off the rest, where no fire reaches)"
end

ui.say("Zenodotus on %s: %s", G.board.name, G.board.description)
ui.say("%d texts to save. Seats: %s.", G.board:texts_left(), options.seats)
seats.setup(G)

local first = options.first
if first > #G.seats then error(string.format("first=%d, but there are only %d seats", first, #G.seats), 0) end
if first == 0 then first = random.roll("first", #G.seats) end
ui.say("%s begins.", G.seats[first].name)
G:show("The library at the start")

local idx, why = first, nil
local list, board, play = G.seats, G.board, turn.play
while true do
  local seat = list[idx]
  if not seat.retired then
    G.playing = seat     -- (the board's seat lines tell the seat in its last turn)
    play(G, seat)
    if G.last then G:had_last_turn(seat) end
  end
  if G.last or board.exposed == 0 then     -- (else G:over() is nil)
    why = G:over()
    if why then break end
  end
  idx = idx % #list + 1
  if idx == first then
    G.round = G.round + 1
    if G.round > options.max_rounds then
      G.round = options.max_rounds
      why = string.format("%d rounds have been played", options.max_rounds)
      break
    end
  end
end

G.ended = true     -- (the board's seat lines then promise nobody a turn to come)
G:show("The library at the end")
return scoring.finish(G, why)
