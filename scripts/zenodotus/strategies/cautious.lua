-- cautious: weighs each square's fire danger against the texts it brings. Keeps DEFENSE and
-- LUCK for the fire, re-rolls a fire die that would burn its own square, rolls power squares
-- only for the powers it values, and uses TIME only when a text lies close.
local powers = require "powers"
local base = require "strategies.base"
local S = {}

local function param(seat, name, default)
  return seat.params[name] or default
end

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

local function score(G, seat, sq, dist)
  local s = 0
  if G.board:open_text(sq) then
    s = s + param(seat, "text_value", 10)
  else
    s = s - (dist[sq.i] or 20)
  end
  if sq.power and seat.points[sq.power] < 8 and (sq.power == "defense" or sq.power == "luck" or sq.power == "time") then
    s = s + param(seat, "power_value", 2)
  end
  local danger = base.danger(G, sq)
  if seat.points.defense >= powers.COST then danger = danger / 2 end
  return s - param(seat, "danger_weight", 1.5) * danger
end

function S.move(G, seat, roll, combos)
  return base.best_move(G, seat, combos, score, 4)
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
