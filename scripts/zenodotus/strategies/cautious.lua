-- cautious: weighs each square's fire danger against the texts it brings. Keeps DEFENSE and
-- LUCK for the fire, re-rolls a fire die that would burn its own square, rolls power squares
-- only for the powers it values, and uses TIME only when a text lies close.
local powers = require "powers"
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

-- (called for every square a move may end on: the params and base.danger are written out)
local RISK = base.RISK
local function score(G, seat, sq, dist)
  local s = 0
  local params = seat.params
  if sq.text and not sq.owner and not sq.lost then   -- an open text
    s = s + (params.text_value or 10)
  else
    s = s - (dist[sq.i] or 20)
  end
  local p = sq.power
  if p and seat.points[p] < 8 and (p == "defense" or p == "luck" or p == "time") then
    s = s + (params.power_value or 2)
  end
  local danger = 0
  if not sq.burnt then
    local b, fire = G.board, G.fire
    local c, r = b.fire_columns[sq.c], b.fire_rows[sq.r]
    if c > 0 then danger = danger + RISK[fire.column[c]] end
    if r > 0 then danger = danger + RISK[fire.row[r]] end
  end
  if seat.points.defense >= powers.COST then danger = danger / 2 end
  return s - (params.danger_weight or 1.5) * danger
end

local rank = base.by_square(score)
function S.move(G, seat, roll, combos)
  return base.best_move(G, seat, combos, rank, 4)
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
  local dist = base.text_distance(G)
  local d = dist[seat.pos.i]
  return d and d <= 6 or false
end

return S
