-- greedy: heads for the nearest unclaimed text, spends SPEED and OPENING whenever they bring a
-- text closer, steals whenever it can, and pays no attention to the fire.
local base = require "strategies.base"
local S = {}

function S.allocate()
  return { defense = 0, speed = 4, time = 0, luck = 0, stealth = 4, opening = 4 }
end

local function score(G, seat, sq, dist)
  if sq.text and not sq.owner and not sq.lost then return 100 end   -- an open text
  local s = -(dist[sq.i] or 50)
  if sq.power == "speed" or sq.power == "opening" then s = s + 0.5 end
  return s
end

function S.move(G, seat, roll, combos)
  return base.best_move(G, seat, combos, score, 1.5)
end

function S.burn(G, seat, can_defend)
  return can_defend and "defend" or "lose"
end

function S.time(G, seat)
  return G.board:texts_left() > 0
end

return S
