-- greedy: heads for the nearest unclaimed text, spends SPEED and OPENING whenever they bring a
-- text closer, steals whenever it can, and pays no attention to the fire.
local bits = require "bits"
local base = require "strategies.base"
local S = {}

function S.allocate()
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

function S.move(G, seat, roll, combos)
  return base.best_move(G, seat, combos, rank, 1.5, 100)     -- (no square scores above an open text)
end

function S.burn(G, seat, can_defend)
  return can_defend and "defend" or "lose"
end

function S.time(G, seat)
  return G.board:texts_left() > 0
end

return S
