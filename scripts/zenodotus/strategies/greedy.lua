-- greedy: heads for the nearest unclaimed text, spends SPEED and OPENING whenever they bring a
-- text closer, steals whenever it can, and pays no attention to the fire.
local bits = require "bits"
local base = require "strategies.base"
local step_word = require("turn").step_word
local S = {}
local why = ui.why

function S.allocate(G, seat)
  why("%s puts 4 points each on SPEED, STEALTH and OPENING, to race, steal and pass walls; none on \z
    DEFENSE, since it ignores the fire.", seat.name)
  return { defense = 0, speed = 4, time = 0, luck = 0, stealth = 4, opening = 4 }
end

-- A square's score: 100 for an open text, else minus its steps to the nearest one (50 when
-- none can be reached), half a point more on a SPEED or OPENING square. The best square of a
-- set is found with sets, ring by ring around the texts, instead of square by square: an open
-- text, else the nearest squares, SPEED or OPENING ones first (the first in board order).
-- (the first square of a set, in board order, is found word by word: the lowest bit of the
-- first word that has one)
local LOG = bits.LOG
local function rank(G, seat, set)
  local b = G.board
  local L = b.bits
  local K, span, texts = L.K, L.span, b.text_set
  for k = 1, K do
    local x = set[k] & texts[k]
    if x ~= 0 then return (k - 1) * span + 1 + LOG[x & -x], 100 end
  end
  -- the nearest squares: those of the first ring that holds any (at: its first word), else all
  local rings = b:text_rings()
  local out, steps, at = rings.out, 50, nil
  if K == 1 then     -- (the loop below, for a board of one word)
    local x = set[1]
    for d = 1, rings.n do
      if x & out[d] ~= 0 then
        steps, at = d, d - 1
        break
      end
    end
  else
    for d = 1, rings.n do
      local any, first = 0, (d - 1) * K
      for k = 1, K do any = any | (set[k] & out[first + k]) end
      if any ~= 0 then
        steps, at = d, first
        break
      end
    end
  end
  local speed, opening = b.power_sets.speed, b.power_sets.opening
  for k = 1, K do
    local x = at and set[k] & out[at + k] or set[k]
    x = x & (speed[k] | opening[k])
    if x ~= 0 then return (k - 1) * span + 1 + LOG[x & -x], -steps + 0.5 end
  end
  for k = 1, K do
    local x = at and set[k] & out[at + k] or set[k]
    if x ~= 0 then return (k - 1) * span + 1 + LOG[x & -x], -steps end
  end
end

-- A power choice must gain more than this for each power paid (SPEED, OPENING), in rank's
-- score: steps nearer a text.
local PRICE = 1.5
-- the reasons of a move, by the rule of rank that chose the square (see base.move_reasons):
-- each takes two arguments after the seat and the square
local REASONS = base.move_reasons({
  text = "%s moves to %s: its first aim, an open text within reach (a %s%.0s)",
  far = "%s moves to %s%.0s%.0s: no open text can be reached from where it may stop, so the first \z
    square in board order (SPEED and OPENING squares first)",
  near_power = "%s moves to %s: with no open text within reach, the nearest square to one (%d %s), a \z
    SPEED or OPENING square first",
  near = "%s moves to %s: with no open text within reach, the nearest square to one (%d %s)",
}, string.format("%g steps towards a text", PRICE))

function S.move(G, seat, roll, combos)
  -- (no square scores above an open text: 100)
  local combo, sq, score = base.best_move(G, seat, combos, rank, PRICE, 100)
  if not sq then
    why("%s cannot move: burnt squares and walls leave it no square to go to.", seat.name)
    return combo, sq
  end
  -- the rule that chose the square, by its score
  local reason, a, b
  if score == 100 then
    reason, a = REASONS.text, sq.text
  elseif score <= -49 then
    reason = REASONS.far
  elseif score % 1 ~= 0 then
    reason, a = REASONS.near_power, 0.5 - score
    b = step_word(a)
  else
    reason, a = REASONS.near, -score
    b = step_word(a)
  end
  if #combos == 1 then
    why(reason.alone, seat.name, sq.name, a, b)
  else
    local paid = base.paid_powers(seat, combo)
    why(paid and reason.paid or reason.none, seat.name, sq.name, a, b, paid)
  end
  return combo, sq
end

function S.burn(G, seat, can_defend)
  return base.burn(G, seat, can_defend, "%s spends DEFENSE against the fire when it has the points.")
end

function S.time(G, seat)
  local left = G.board:texts_left()
  if left > 0 then
    why("%s takes the extra turn TIME gives while open texts are left (%d left).", seat.name, left)
    return true
  end
  why("%s keeps TIME: no open text is left.", seat.name)
  return false
end

return S
