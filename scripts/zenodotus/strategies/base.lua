-- What every bot strategy shares: measures of the board, and plain defaults a strategy may
-- override. A strategy is a table of these functions (see strategies/random.lua for the list).
-- Each decision gives its reason with ui.why right after it (the `why` command): the rule of
-- the strategy that decided it, in players' words, starting with the seat's name.
local powers = require "powers"
local phrase = require "phrase"
local bits = require "bits"
local reach_of, stuck, targets_of = require("turn").reach_of, require("turn").stuck, require("turn").targets_of
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

local why = ui.why

function base.allocate(G, seat)
  why("%s puts 4 points each on DEFENSE, SPEED and STEALTH: a plain split for any strategy.", seat.name)
  return { defense = 4, speed = 4, time = 0, luck = 0, stealth = 4, opening = 0 }
end

-- How many texts lie near each square: each open text within four steps counts 5 minus its
-- distance, that is one for each ball of radius 0 to 4 around the text that holds the square.
-- The counts are bit planes (planes[p]: K words, bit p - 1 of every square's count), so a
-- ball is added to all its squares at once, a carry at a time. One search from each text
-- (steps are the same both ways) instead of one from each square.
local LOG = bits.LOG
local NEAR_RINGS, BALL = {}, {}
local function add_ball(planes, ball, K)
  for k = 1, K do
    local carry, p = ball[k], 1
    while carry ~= 0 do
      local plane = planes[p]
      if not plane then
        plane = bits.zeros(K)
        planes[p] = plane
      end
      local x = plane[k]
      plane[k], carry = x ~ carry, x & carry
      p = p + 1
    end
  end
end

local function texts_near(b)
  local L = b.bits
  local K, planes, ball = L.K, {}, BALL
  for _, ti in ipairs(bits.append(L, b.text_set, 1, {})) do
    local out, n = b:rings(b.squares[ti], false, 4, NEAR_RINGS)
    for k = 1, K do ball[k] = 0 end
    ball[L.word[ti]] = L.bit[ti]
    for d = 0, 4 do
      if d >= 1 and d <= n then
        for k = 1, K do ball[k] = ball[k] | out[(d - 1) * K + k] end
      end
      add_ball(planes, ball, K)
    end
  end
  return planes
end

-- The count of square index i in the planes.
local function count(b, planes, i)
  local k, x, c = b.bits.word[i], b.bits.bit[i], 0
  for p = #planes, 1, -1 do
    c = c * 2 + (planes[p][k] & x ~= 0 and 1 or 0)
  end
  return c
end

-- Every square's count of texts near (counts[i]), and the squares without a text (those a
-- piece may start on) by that count, most first (board order on a tie).
local function by_texts_near(b)
  local planes = b:cached("texts near", texts_near)
  local order, counts, squares = {}, {}, b.squares
  for i = 1, b.size do
    counts[i] = count(b, planes, i)
    if not squares[i].text then order[#order + 1] = i end
  end
  table.sort(order, function(x, y)
    if counts[x] ~= counts[y] then return counts[x] > counts[y] end
    return x < y
  end)
  return { order = order, counts = counts }
end

-- Before the first die of the game: the texts near every square, and the squares in that
-- order (for start), which depend only on the board, so a simulation works them out once for
-- all its games.
function base.prepare(G)
  G.board:cached("start order", by_texts_near)
end

-- The start: the square with the most unclaimed texts near, no other seat on it, least danger.
-- The free squares with the most texts near come first in the start order; when danger (under
-- 1 at the start, with no box checked) can only decide between those, the least dangerous of
-- them (the first on a tie) is the answer. Otherwise every square is scored.
local function start(G, seat)
  local b = G.board
  local L = b.bits
  local word, bit, squares, stoppable = L.word, L.bit, b.squares, b.stoppable
  local near = b:cached("start order", by_texts_near)
  local order, counts = near.order, near.counts
  local taken, seats = {}, G.seats
  for n = 1, #seats do
    local pos = seats[n].pos
    if pos then taken[pos.i] = (taken[pos.i] or 0) + 100 end
  end
  local best, least, most = nil, nil, nil
  for n = 1, #order do
    local i = order[n]
    if most and counts[i] < most then break end
    if stoppable[word[i]] & bit[i] ~= 0 and not taken[i] then
      most = counts[i]
      local d = base.danger(G, squares[i])
      if not least or d < least then best, least = squares[i], d end
    end
  end
  if best and least < 1 then
    -- every other free square scores at least one less; a taken one could still be ahead
    local ahead = false
    for n = 1, #seats do
      local pos = seats[n].pos
      ahead = ahead or pos and counts[pos.i] - taken[pos.i] >= most
    end
    if not ahead then return best end
  end
  local score
  best = nil
  for n = 1, #squares do
    local sq = squares[n]
    if not sq.text and not sq.burnt then
      local s = counts[sq.i] - (taken[sq.i] or 0)
      -- danger is never negative: a square already no better cannot win
      if not score or s > score then
        s = s - base.danger(G, sq)
        if not score or s > score then best, score = sq, s end
      end
    end
  end
  return best
end

function base.start(G, seat)
  local sq = start(G, seat)
  why("%s starts on %s: the free square with the most open texts close by (within four steps, the \z
    nearer the better), then the least fire danger.", seat.name, sq.name)
  return sq
end

function base.luck_fire(G, seat)
  why("%s keeps its LUCK: it never re-rolls the fire.", seat.name)
  return 0
end

-- Re-roll the move die when no text can be reached with it (with no power), unless no roll
-- could move the piece at all.
function base.luck_move(G, seat, roll, move, combos)
  if move.reach:find_in(G.board.text_set) == nil then
    if combos and stuck(G, combos) then     -- (combos: a strategy calling this may leave them out)
      why("%s keeps its LUCK: burnt squares and walls box it in, so no roll would move it.", seat.name)
      return false
    end
    why("%s re-rolls its %d with LUCK: no open text lies within reach of that roll.", seat.name, roll)
    return true
  end
  why("%s keeps its %d: an open text lies within reach of it.", seat.name, roll)
  return false
end

-- The (powers, destination) pair with the best score minus the powers' cost (cost for each of
-- SPEED and OPENING); on a tie the earlier choice, then the earlier square. Returns the combo,
-- the square (nil when none) and the square's score from rank (for the strategy's reason).
-- rank(G, seat, set) gives the best square of a set of squares (K words, see bits.lua) and its
-- score, the first in board order on a tie (base.by_square makes one from a score for each
-- square). The squares are taken straight from the bits of each combo's reach, and only the
-- best pair is checked for an exact path: one that fails is dropped and the next best taken. A
-- square that an earlier choice at no greater cost still offers is skipped: that choice would
-- win it.
-- top (optional): the highest score rank ever gives; a choice whose cost leaves it no chance
-- to beat the best so far is then not looked at (nor its reach worked out).
-- ALIVE, PENALTY and SET are scratch arrays, filled before they are read.
-- Each combo's reach comes from turn.reach_of (what reading combo.reach gives, without the
-- metamethod's call).
local ALIVE, PENALTY, SET, stamp = {}, {}, {}, 0
function base.best_move(G, seat, combos, rank, cost, top)
  local b = G.board
  local K = b.bits.K
  local alive, penalty, set = ALIVE, PENALTY, SET
  stamp = stamp + 1     -- a new move: base.by_square scores afresh
  top = top or math.huge
  local count = #combos
  while true do
    local best, best_i, best_s
    local plain_fallback     -- (the choice of no power, combos[1], is always looked at first)
    for c = 1, count do
      local combo = combos[c]
      local pen = combo.paid * cost     -- (cost for each of SPEED and OPENING)
      penalty[c] = pen
      -- a choice that could not beat the best so far even with the top score is not looked
      -- at (nor is any choice at a greater cost after it, so the sets it skips are not read)
      if not best_s or top - pen > best_s then
        local r = reach_of(combo)
        -- a combo with no exact path at all may stop anywhere within its roll: settle that
        -- first, since those squares are not among its candidates (usually a square at
        -- exactly the roll answers it at once; a reach from the table of endings knows)
        if not r.some then r:exact_any() end
        local fallback = r.fallback
        -- a power choice whose move fits nowhere while the plain roll does would only buy ruling
        -- 2's fallback, a way out of the exact move: it offers no square (turn.barred)
        local barred = false
        if c == 1 then plain_fallback = fallback else barred = fallback and not plain_fallback end
        local words, at, dead = r.words, fallback and K or 0, not fallback and r.dead
        local any = 0
        if K == 1 then     -- (the loop below, for a board of one word)
          local x = barred and 0 or words[at + 1]
          if dead then x = x & ~dead[1] end
          alive[c] = x
          for c2 = 1, c - 1 do
            if penalty[c2] <= pen then x = x & ~alive[c2] end
          end
          set[1], any = x, x
        else
          local base_c = (c - 1) * K
          for k = 1, K do
            local x = barred and 0 or words[at + k]
            if dead then x = x & ~dead[k] end
            alive[base_c + k] = x
            for c2 = 1, c - 1 do
              if penalty[c2] <= pen then x = x & ~alive[(c2 - 1) * K + k] end
            end
            set[k], any = x, any | x
          end
        end
        if any ~= 0 then
          local i, s = rank(G, seat, set)
          if not best_s or s - pen > best_s then best, best_i, best_s = combo, i, s - pen end
        end
      end
    end
    if not best then return combos[1], nil end
    local r = best.reach
    if r.fallback or r:exact(best_i) then return best, b.squares[best_i], best_s + best.paid * cost end
  end
end

-- A rank for best_move from score(G, seat, sq, dist) (dist: base.text_distance), called for
-- each square of the set. Each square is scored once a move: SCORES[i] holds its score when
-- SCORED[i] is the move's stamp.
local SCORES, SCORED = {}, {}
function base.by_square(score)
  return function(G, seat, set)
    local b = G.board
    local squares, K, span = b.squares, b.bits.K, b.bits.span
    local dist = b:text_distance()
    local scores, scored, now = SCORES, SCORED, stamp
    local best_i, best_s
    for k = 1, K do
      local x, base_i = set[k], (k - 1) * span + 1
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
        if not best_s or s > best_s then best_i, best_s = i, s end
      end
    end
    return best_i, best_s
  end
end

-- The powers a chosen move pays for, in words ("SPEED", "SPEED and OPENING"), or nil: OPENING
-- already paid this turn costs nothing more.
function base.paid_powers(seat, combo)
  local speed, opening = combo.speed, combo.opening and not seat.opening
  return speed and opening and "SPEED and OPENING" or speed and "SPEED" or opening and "OPENING" or nil
end

-- The reasons of a strategy's moves, as one pattern each, made once (a move gives its reason
-- in one call): aims names the rules that may choose a square, each a pattern taking the seat,
-- the square and the same number of arguments after them ("%.0s" takes one and shows
-- nothing); worth is what a power must gain to be paid for. alone is the reason of a move with
-- no power to choose; paid and none take the powers paid (base.paid_powers) after the aim's
-- arguments.
function base.move_reasons(aims, worth)
  local out = {}
  for aim, text in pairs(aims) do
    out[aim] = {
      alone = text .. ".",
      paid = text .. "; it pays for %s: that gains it more than " .. worth .. " for each power paid.",
      none = text .. "; it pays for no power%.0s: no power gains it more than " .. worth .. ".",
    }
  end
  return out
end

-- The last open text, asked only when its claim, which ends the game at once, would leave
-- another player (rival) the winner: left unclaimed when a theft in reach now can still change
-- the count (the theft after the move, with the game going on); else claimed, since with no
-- theft at hand playing on would only drag out a game that changes no more.
function base.claim(G, seat, sq, rival)
  local targets = seat.points.stealth >= powers.COST and targets_of(G, seat)
  if targets then
    why("%s leaves the last open text on %s unclaimed: its claim would end the game with %s ahead (%s, \z
      %s), while a theft in reach now may still turn the count.", seat.name, sq.name, rival.name,
      phrase.plural(rival.texts, "text"), phrase.plural(powers.total(rival), "power point"))
    return false
  end
  why("%s claims the last open text on %s, though %s stays ahead (%s, %s): no theft is in reach to change \z
    the count, so playing on would gain it nothing.", seat.name, sq.name, rival.name,
    phrase.plural(rival.texts, "text"), phrase.plural(powers.total(rival), "power point"))
  return true
end

function base.power_roll(G, seat, p)
  why("%s rolls for %s: it rolls on every power square (the roll less two gains 1.5 points on average).",
    seat.name, powers.LABEL[p])
  return true
end

-- The target with the most texts (the first on a tie).
function base.richest(targets)
  local best
  for n = 1, #targets do
    local t = targets[n]
    if not best or t.seat.texts > best.seat.texts then best = t end
  end
  return best
end

function base.steal(G, seat, targets)
  local t = base.richest(targets)
  why(t.across and "%s steals whenever it can, from the player with the most texts: %s, with %d %s, \z
    across the wall with OPENING." or "%s steals whenever it can, from the player with the most texts: %s, with \z
    %d %s.", seat.name, t.seat.name, t.seat.texts, t.seat.texts == 1 and "text" or "texts")
  return t
end

function base.block(G, seat, thief)
  why("%s blocks every theft it can pay DEFENSE for.", seat.name)
  return true
end

-- `reason` words a strategy's own motive for spending DEFENSE (a pattern with the seat's name).
function base.burn(G, seat, can_defend, reason)
  if can_defend then
    why(reason or "%s spends DEFENSE against the fire whenever it has the points.", seat.name)
    return "defend"
  end
  why("%s has too few DEFENSE points, so it loses a turn rather than retire.", seat.name)
  return "lose"
end

function base.time(G, seat)
  why("%s takes every extra turn TIME gives.", seat.name)
  return true
end

return base
