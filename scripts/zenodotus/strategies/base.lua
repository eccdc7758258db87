-- What every bot strategy shares: measures of the board, and plain defaults a strategy may
-- override. A strategy is a table of these functions (see strategies/random.lua for the list).
local powers = require "powers"
local bits = require "bits"
local base = {}

-- Steps from every square to the nearest unclaimed text (walls and burnt squares respected):
-- square index -> steps, false when none can be reached.
function base.text_distance(G)
  return G.board:text_distance()
end

-- How likely the square burns soon: each of its lines by the boxes already checked.
local RISK = { [0] = 0.2, [1] = 1, [2] = 4, [3] = 0 }
base.RISK = RISK
function base.danger(G, sq)
  if sq.burnt then return 0 end
  local c, r = G.board:fire_numbers(sq)
  local d = 0
  if c > 0 then d = d + RISK[G.fire.column[c]] end
  if r > 0 then d = d + RISK[G.fire.row[r]] end
  return d
end

-- Rolls on the strategy's own stream (so the game's dice are not disturbed).
function base.coin(n)
  return random.roll("strategy", n)
end

function base.allocate(G, seat)
  return { defense = 4, speed = 4, time = 0, luck = 0, stealth = 4, opening = 0 }
end

-- How many texts lie near each square: each open text within four steps counts 5 minus its
-- distance. One search from each text (steps are the same both ways) instead of one from
-- each square.
local LOG = bits.LOG
local NEAR_RINGS = {}
local function texts_near(b)
  local near = {}
  for i = 1, b.size do near[i] = 0 end
  local K, span, squares = b.bits.K, b.bits.span, b.squares
  for _, ti in ipairs(bits.append(b.bits, b.text_set, 1, {})) do
    local t = squares[ti]
    near[ti] = near[ti] + 5
    local out, n = b:rings(t, false, 4, NEAR_RINGS)
    for d = 1, n do
      for k = 1, K do
        local x, base_i = out[(d - 1) * K + k], (k - 1) * span + 1
        while x ~= 0 do
          local low = x & -x
          x = x ~ low
          local i = base_i + LOG[low]
          near[i] = near[i] + (5 - d)
        end
      end
    end
  end
  return near
end

-- The start: the square with the most unclaimed texts near, no other seat on it, least danger.
function base.start(G, seat)
  local b = G.board
  local near = b:cached("texts near", texts_near)
  local taken = {}
  for _, other in ipairs(G.seats) do
    if other.pos then taken[other.pos.i] = (taken[other.pos.i] or 0) + 100 end
  end
  local best, score
  for _, sq in ipairs(b.squares) do
    if not sq.text and not sq.burnt then
      local s = near[sq.i] - (taken[sq.i] or 0)
      -- danger is never negative: a square already no better cannot win
      if not score or s > score then
        s = s - base.danger(G, sq)
        if not score or s > score then best, score = sq, s end
      end
    end
  end
  return best
end

function base.luck_fire() return 0 end

-- Re-roll the move die when no text can be reached with it.
function base.luck_move(G, seat, roll, reach)
  return reach:find_in(G.board.text_set) == nil
end

-- The (powers, destination) pair with the best score(G, seat, sq, dist) minus the powers' cost
-- (cost for each of SPEED and OPENING); on a tie the earlier choice, then the earlier square.
-- The squares are read straight from the bits of each combo's reach, and only the best pair is
-- checked for an exact path: one that fails is dropped and the next best taken. A square that
-- an earlier choice at no greater cost still offers is skipped: that choice would win it.
-- Each square's score is computed once a call: SCORES[i] holds it when SCORED[i] == stamp.
-- ALIVE and PENALTY are scratch arrays, filled before they are read.
local SCORES, SCORED, ALIVE, PENALTY, stamp = {}, {}, {}, {}, 0
function base.best_move(G, seat, combos, score, cost)
  local b = G.board
  local squares, K, span = b.squares, b.bits.K, b.bits.span
  local dist = b:text_distance()
  local alive, penalty = ALIVE, PENALTY
  local scores, scored = SCORES, SCORED
  stamp = stamp + 1
  local now = stamp
  -- a combo with no exact path at all may stop anywhere within its roll: settle that first,
  -- since those squares are not among its candidates (usually a square at exactly the roll
  -- answers it at once)
  for c, combo in ipairs(combos) do
    combo.reach:exact_any()
    penalty[c] = (combo.speed and cost or 0) + (combo.opening and cost or 0)
  end
  while true do
    local best, best_i, best_s
    for c, combo in ipairs(combos) do
      local r = combo.reach
      local words, at, dead = r.words, r:pool_at() - 1, not r.fallback and r.dead
      local pen, base_c = penalty[c], (c - 1) * K
      for k = 1, K do
        local x = words[at + k]
        if dead then x = x & ~dead[k] end
        alive[base_c + k] = x
        for c2 = 1, c - 1 do
          if penalty[c2] <= pen then x = x & ~alive[(c2 - 1) * K + k] end
        end
        local base_i = (k - 1) * span + 1
        while x ~= 0 do
          local low = x & -x
          x = x ~ low
          local i = base_i + LOG[low]
          local s
          if scored[i] == now then
            s = scores[i]
          else
            s = score(G, seat, squares[i], dist)
            scores[i], scored[i] = s, now
          end
          s = s - pen
          if not best_s or s > best_s then best, best_i, best_s = combo, i, s end
        end
      end
    end
    if not best then return combos[1], nil end
    local r = best.reach
    if r.fallback or r:exact(best_i) then return best, squares[best_i] end
  end
end

function base.power_roll() return true end

function base.steal(G, seat, targets)
  local best
  for _, t in ipairs(targets) do
    if not best or t.seat.texts > best.seat.texts then best = t end
  end
  return best
end

function base.block() return true end

function base.burn(G, seat, can_defend)
  return can_defend and "defend" or "lose"
end

function base.time() return true end

return base
