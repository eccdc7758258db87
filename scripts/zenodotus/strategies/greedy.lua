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
local NEAR, FOUND = {}, {}     -- scratch sets
local function rank(G, seat, set)
  local b = G.board
  local L = b.bits
  local K = L.K
  local texts, near, found = b.text_set, NEAR, FOUND
  for k = 1, K do found[k] = set[k] & texts[k] end
  local i = bits.first(L, found, 0)
  if i then return i, 100 end
  local rings = b:text_rings()
  local out, steps = rings.out, 50
  for k = 1, K do near[k] = set[k] end
  for d = 1, rings.n do
    local any, at = 0, (d - 1) * K
    for k = 1, K do any = any | (set[k] & out[at + k]) end
    if any ~= 0 then
      for k = 1, K do near[k] = set[k] & out[at + k] end
      steps = d
      break
    end
  end
  local speed, opening = b.power_sets.speed, b.power_sets.opening
  for k = 1, K do found[k] = near[k] & (speed[k] | opening[k]) end
  i = bits.first(L, found, 0)
  if i then return i, -steps + 0.5 end
  return bits.first(L, near, 0), -steps
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
