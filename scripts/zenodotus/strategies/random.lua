-- random: every choice at random. Also the reference list of what a strategy answers; each
-- function gets the game G and its seat (seat.params holds the params of strategies.yaml).
--   prepare(G, seat): work that depends only on the board, done before the game's first die
--     (a simulation does it once for all its games)
--   allocate(G, seat) -> {defense=, speed=, time=, luck=, stealth=, opening=} summing to 12
--   start(G, seat) -> a square (G.board.squares[i])
--   luck_fire(G, seat, d1, d2, kind, n, what) -> 0 keep, 1 or 2: re-roll that fire die
--   luck_move(G, seat, roll, move, combos) -> true to re-roll the move die; move is the combo
--     of no power for the rolled move (see move below): move.reach (see reach.lua) answers
--     reach:has(square), reach:find(pred), reach:none() and reach:list(), worked out only when
--     read; combos: every power choice the seat can pay for (turn.stuck(G, combos): no roll
--     could move the piece)
--   move(G, seat, roll, combos) -> combo, square: combos are the affordable power choices
--     {id, label, speed, opening, paid, steps, reach, dests} (paid: how many of SPEED and
--     OPENING the choice pays for); the square one of combo.dests (nil if
--     none). combo.dests, the full list, is built on first use; combo.reach:has(square) checks
--     one square, which is much cheaper (strategies/base.lua's best_move does only that)
--   claim(G, seat, square, rival) -> true to claim the last open text, whose claim ends the
--     game; asked only when the game would then end with rival ahead of the seat (on texts, or
--     level on texts and ahead on power points); any other text is claimed unasked
--   power_roll(G, seat, power) -> true to roll on a power square
--   steal(G, seat, targets, before) -> one of targets ({seat =, across =}) or nil; before: the
--     seat has not moved yet this turn (it may steal again after its move)
--   block(G, seat, thief) -> true to spend DEFENSE against a theft
--   burn(G, seat, can_defend) -> "defend" | "lose" | "retire"
--   time(G, seat) -> true to spend TIME on another turn
-- Functions left out fall back to strategies/base.lua. Each gives the reason for its answer
-- with ui.why right after deciding (base.lua's are plain ones).
local powers = require "powers"
local bits = require "bits"
local base = require "strategies.base"
local reach_of, barred = require("turn").reach_of, require("turn").barred
local S = {}

-- Every choice rolls on the strategy's own dice stream, so the game's dice are not disturbed
-- (as base.coin does; called directly, since a random seat rolls for nearly every choice).
local roll_die = random.roll
local why = ui.why

function S.allocate(G, seat)
  local split = { defense = 0, speed = 0, time = 0, luck = 0, stealth = 0, opening = 0 }
  for _ = 1, powers.START do
    local p = powers.ORDER[roll_die("strategy", 6)]
    split[p] = split[p] + 1
  end
  why("%s gives each of its 12 points to a power its own die picks.", seat.name)
  return split
end

-- The squares with no text, in board order (the starting squares to pick from), each named by
-- its id, so the transcript's draw says which square was drawn.
local function without_text(b)
  local free = {}
  for _, sq in ipairs(b.squares) do
    if not sq.text then free[#free + 1] = { id = sq.name, square = sq } end
  end
  return free
end

-- Before the first die: the list for start, which depends only on the board.
function S.prepare(G)
  G.board:cached("squares without a text", without_text)
end

function S.start(G, seat)
  local _, free = random.pick("strategy", G.board:cached("squares without a text", without_text))
  local sq = free.square
  why("%s starts on %s, drawn at random among the squares without a text.", seat.name, sq.name)
  return sq
end

local DIE = { [0] = "keeps the fire dice", "re-rolls the first fire die", "re-rolls the second fire die" }
function S.luck_fire(G, seat)
  local which = roll_die("strategy", 3) - 1
  why("%s %s: its own die decides (keep, first or second).", seat.name, DIE[which])
  return which
end

function S.luck_move(G, seat)
  if roll_die("strategy", 2) == 1 then
    why("%s re-rolls the move die with LUCK: a coin flip on its own die.", seat.name)
    return true
  end
  why("%s keeps its move roll: a coin flip on its own die.", seat.name)
  return false
end

-- A power choice at random, then a square it may end on at random: the squares to consider
-- (reach.lua) are drawn one at a time until one has an exact path, each as likely as any other,
-- so a move usually tests one square instead of listing every destination (combo.dests).
-- (the combo's reach from turn.reach_of: no metamethod call)
local POOL = {}     -- scratch: the squares still to draw from (entries past n are stale)
function S.move(G, seat, roll, combos)
  local combo, b = combos[roll_die("strategy", #combos)], G.board
  -- (a choice that could only stop short while the plain roll fits is no move: turn.barred)
  if barred(combos, combo) then combo = combos[1] end
  local r = reach_of(combo)
  local exact = r:exact_any()     -- (false: the piece may stop anywhere within the roll)
  local pool, n = POOL, 0
  local L = b.bits
  local words, at, span, LOG = r.words, r:pool_at() - 1, L.span, bits.LOG
  for k = 1, L.K do
    local x, first = words[at + k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      n = n + 1
      pool[n] = first + LOG[low]
    end
  end
  while n > 0 do
    local j = roll_die("strategy", n)
    local i = pool[j]
    if not exact or r:exact(i) then
      why("%s moves to %s with %s: the powers it can pay for and then the square are drawn at random.",
        seat.name, b.squares[i].name, combo.paid == 0 and "no power" or combo.label)
      return combo, b.squares[i]
    end
    pool[j] = pool[n]     -- (drawn again from the others)
    n = n - 1
  end
  why("%s drew %s at random, which leaves it no square to move to.", seat.name,
    combo.paid == 0 and "no power" or combo.label)
  return combo, nil
end

function S.claim(G, seat, sq)
  local yes = roll_die("strategy", 2) == 1
  why(yes and "%s claims the last open text on %s, which ends the game: a coin flip on its own die."
    or "%s leaves the last open text on %s unclaimed: a coin flip on its own die.", seat.name, sq.name)
  return yes
end

function S.power_roll(G, seat, p)
  local yes = roll_die("strategy", 2) == 1
  why(yes and "%s rolls for %s: a coin flip on its own die."
    or "%s does not roll for %s: a coin flip on its own die.", seat.name, powers.LABEL[p])
  return yes
end

function S.steal(G, seat, targets)
  local i = roll_die("strategy", #targets + 1)
  local t = targets[i]
  if t then
    why("%s steals from %s: its own die picks a target or none.", seat.name, t.seat.name)
  else
    why("%s steals from nobody: its own die picks a target or none.", seat.name)
  end
  return t
end

function S.block(G, seat)
  local yes = roll_die("strategy", 2) == 1
  why(yes and "%s blocks with DEFENSE: a coin flip on its own die."
    or "%s lets the theft be: a coin flip on its own die.", seat.name)
  return yes
end

-- A 6 retires; 3 to 5 spend DEFENSE when it can pay; else a lost turn.
function S.burn(G, seat, can_defend)
  local r = roll_die("strategy", 6)
  if r == 6 then
    why("%s retires: it rolled a 6 on its own die.", seat.name)
    return "retire"
  end
  if can_defend and r >= 3 then
    why("%s spends DEFENSE against the fire: it rolled %d on its own die (3 to 5).", seat.name, r)
    return "defend"
  end
  why("%s loses a turn: it rolled %d on its own die%s.", seat.name, r,
    can_defend and "" or " and has too few DEFENSE points")
  return "lose"
end

function S.time(G, seat)
  local yes = roll_die("strategy", 2) == 1
  why(yes and "%s takes another turn with TIME: a coin flip on its own die."
    or "%s keeps TIME: a coin flip on its own die.", seat.name)
  return yes
end

return S
