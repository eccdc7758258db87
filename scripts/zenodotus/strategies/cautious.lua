-- cautious: weighs each square's fire danger against the texts it brings. Keeps DEFENSE and
-- LUCK for the fire, re-rolls a fire die that would burn its own square, rolls power squares
-- only for the powers it values, and uses TIME only when a text lies close.
local powers = require "powers"
local bits = require "bits"
local base = require "strategies.base"
local S = {}

function S.allocate()
  return { defense = 4, speed = 0, time = 4, luck = 4, stealth = 0, opening = 0 }
end

function S.luck_fire(G, seat, d1, d2, kind, n, what)
  if what ~= "burn" then return 0 end
  local c, r = G.board:fire_numbers(seat.pos)
  local mine = (kind == "column" and c == n) or (kind == "row" and r == n)
  if mine and seat.points.defense < powers.COST then return 2 end
  -- an unclaimed text on the line is worth saving too, if nobody else is nearer: keep it simple
  return 0
end

-- A square's score: text_value for an open text, else minus its steps to the nearest one (20
-- when none can be reached); power_value more on a DEFENSE, LUCK or TIME square while that power
-- has under 8 points; less danger_weight times its danger (base.danger, halved while DEFENSE can
-- be paid). The best square of a set is scored ring by ring around the open texts (bits.lua), so
-- each square's steps come with its ring; on a tie the first in board order wins. (A set holds
-- squares a move may end on, never a burnt one.)
local RISK = base.RISK
local LEFT = {}     -- scratch: the squares of the set not scored yet
local function rank(G, seat, set)
  local b = G.board
  local L = b.bits
  local K, span, LOG = L.K, L.span, bits.LOG
  local params, points = seat.params, seat.points
  local text_value, power_value = params.text_value or 10, params.power_value or 2
  local weight = params.danger_weight or 1.5
  local scale = points.defense >= powers.COST and weight / 2 or weight     -- (halving is exact)
  local rings = b:text_rings()
  local out, n, texts = rings.out, rings.n, b.text_set
  local squares, col, row = b.squares, b.col, b.row
  local fc, fr, column_boxes, row_boxes = b.fire_columns, b.fire_rows, G.fire.column, G.fire.row
  local left = LEFT
  for k = 1, K do left[k] = set[k] end
  -- danger only lowers a score (unless danger_weight is negative): once the nearer squares hold
  -- a score that no farther square can reach even with power_value, the rest are not scored
  local bonus, prune = power_value > 0 and power_value or 0, weight >= 0
  local best_i, best_s
  -- steps 0: the open texts; 1 to n: the rings around them; n + 1: the squares none reaches
  for steps = 0, n + 1 do
    if prune and best_s and steps > 0 and (steps < 20 and -steps or -20) + bonus < best_s then break end
    local ring_score = steps == 0 and text_value or -(steps <= n and steps or 20)
    local at, rest = (steps - 1) * K, 0
    for k = 1, K do
      local x = left[k]
      if steps == 0 then
        x = x & texts[k]
      elseif steps <= n then
        x = x & out[at + k]
      end
      local still = left[k] & ~x
      left[k], rest = still, rest | still
      local first = (k - 1) * span + 1
      while x ~= 0 do
        local low = x & -x
        x = x ~ low
        local i = first + LOG[low]
        local s = ring_score
        local p = squares[i].power
        if p and points[p] < 8 and (p == "defense" or p == "luck" or p == "time") then
          s = s + power_value
        end
        local danger = 0
        local c, r = fc[col[i]], fr[row[i]]
        if c > 0 then danger = danger + RISK[column_boxes[c]] end
        if r > 0 then danger = danger + RISK[row_boxes[r]] end
        s = s - scale * danger
        if not best_s or s > best_s or (s == best_s and i < best_i) then best_i, best_s = i, s end
      end
    end
    if rest == 0 then break end     -- every square of the set is scored
  end
  return best_i, best_s
end

-- The top score rank can give: an open text with no danger, or a power square one step from
-- a text (none when danger would raise a score).
-- (worked out once for each params table, TOPS[params]: math.huge for none)
local TOPS = {}
local function top(params)
  local t = math.huge
  if (params.danger_weight or 1.5) >= 0 then
    local power_value = params.power_value or 2
    t = math.max(params.text_value or 10, (power_value > 0 and power_value or 0) - 1)
  end
  TOPS[params] = t
  return t
end

function S.move(G, seat, roll, combos)
  local params = seat.params
  return base.best_move(G, seat, combos, rank, 4, TOPS[params] or top(params))
end

function S.power_roll(G, seat, p)
  return p == "defense" or p == "luck" or p == "time" or seat.points[p] < 2
end

function S.steal(G, seat, targets)
  local t = base.steal(G, seat, targets)
  if t and t.seat.points.defense >= powers.COST then return nil end
  return t
end

function S.block(G, seat, thief)
  return seat.texts >= 1
end

function S.burn(G, seat, can_defend)
  return can_defend and "defend" or "lose"
end

-- TIME when a text is within six steps.
function S.time(G, seat)
  local d = G.board:text_steps(seat.pos)
  return d and d <= 6 or false
end

return S
