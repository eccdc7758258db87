-- What every bot strategy shares: measures of the board, and plain defaults a strategy may
-- override. A strategy is a table of these functions (see strategies/random.lua for the list).
local powers = require "powers"
local base = {}

-- Steps from every square to the nearest unclaimed text (walls and burnt squares respected).
function base.text_distance(G)
  local sources = {}
  for _, sq in ipairs(G.board.squares) do
    if G.board:open_text(sq) then sources[#sources + 1] = sq end
  end
  return G.board:distances(sources, false)
end

-- How likely the square burns soon: each of its lines by the boxes already checked.
local RISK = { [0] = 0.2, [1] = 1, [2] = 4, [3] = 0 }
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

-- The start: the square with the most unclaimed texts within three steps, fewest seats near.
function base.start(G, seat)
  local b = G.board
  local best, score
  for _, sq in ipairs(b.squares) do
    if not sq.text and not sq.burnt then
      local s = 0
      local dist = b:distances(sq, false)
      for _, o in ipairs(b.squares) do
        if b:open_text(o) and dist[o.i] and dist[o.i] <= 4 then s = s + (5 - dist[o.i]) end
      end
      for _, other in ipairs(G.seats) do
        if other.pos == sq then s = s - 100 end
      end
      s = s - base.danger(G, sq)
      if not score or s > score then best, score = sq, s end
    end
  end
  return best
end

function base.luck_fire() return 0 end

function base.luck_move(G, seat, roll, reach)
  for _, sq in ipairs(reach) do
    if G.board:open_text(sq) then return false end
  end
  return true
end

-- Scores every (powers, destination) pair with score(G, seat, sq, dist) minus the powers' cost.
function base.best_move(G, seat, combos, score, cost)
  local dist = base.text_distance(G)
  local best, best_sq, best_s
  for _, combo in ipairs(combos) do
    local penalty = (combo.speed and cost or 0) + (combo.opening and cost or 0)
    for _, sq in ipairs(combo.dests) do
      local s = score(G, seat, sq, dist) - penalty
      if not best_s or s > best_s then best, best_sq, best_s = combo, sq, s end
    end
  end
  return best or combos[1], best_sq
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
