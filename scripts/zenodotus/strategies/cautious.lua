-- cautious: weighs each square's fire danger against the texts it brings. Keeps DEFENSE and
-- LUCK for the fire, re-rolls a fire die that would burn its own square, rolls power squares
-- only for the powers it values, and uses TIME only when a text lies close.
local powers = require "powers"
local bits = require "bits"
local base = require "strategies.base"
local step_word = require("turn").step_word
local S = {}
local why = ui.why

function S.allocate(G, seat)
  why("%s puts 4 points each on DEFENSE, TIME and LUCK: DEFENSE and LUCK against the fire, TIME \z
    for an extra turn when a text is near.", seat.name)
  return { defense = 4, speed = 0, time = 4, luck = 4, stealth = 0, opening = 0 }
end

function S.luck_fire(G, seat, d1, d2, kind, n, what)
  if what ~= "burn" then
    why("%s keeps its LUCK: these fire dice burn no line.", seat.name)
    return 0
  end
  local c, r = G.board:fire_numbers(seat.pos)
  local mine = (kind == "column" and c == n) or (kind == "row" and r == n)
  -- a square burns once (ruling 4): the fire cannot hit a piece on a burnt square again
  if mine and seat.pos.burnt then
    why("%s keeps its LUCK: its square, %s, has burnt already, and a square burns only once.", seat.name,
      seat.pos.name)
    return 0
  end
  if mine and seat.points.defense < powers.COST then
    why("%s re-rolls the number die with LUCK: the fire would burn its own square, %s, and it has too \z
      few DEFENSE points.", seat.name, seat.pos.name)
    return 2
  end
  -- an unclaimed text on the line is worth saving too, if nobody else is nearer: keep it simple
  if mine then
    why("%s keeps its LUCK: the fire burns its square, but DEFENSE protects it.", seat.name)
  else
    why("%s keeps its LUCK: the fire does not burn its square.", seat.name)
  end
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
-- the parts of the score of the best square of each rank, for the move's reason: its steps to
-- an open text (0 on one, false when none is reached) and its danger, by square index (the same
-- for a square in any rank of one move)
local STEPS, DANGER = {}, {}
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
  local best_i, best_s, best_steps, best_danger
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
        if not best_s or s > best_s or (s == best_s and i < best_i) then
          best_i, best_s, best_steps, best_danger = i, s, steps <= n and steps, danger
        end
      end
    end
    if rest == 0 then break end     -- every square of the set is scored
  end
  if best_i then STEPS[best_i], DANGER[best_i] = best_steps, best_danger end
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

-- A power choice must gain more than this for each power paid (SPEED, OPENING), in rank's
-- score.
local PRICE = 4
-- the reasons of a move, by what decided the square's score (see base.move_reasons): each takes
-- seven arguments after the seat and the square: the score, the text or the steps to one, "step"
-- or "steps", what the steps count, the power square, what it adds, the fire danger. (Numbers
-- with %g, not rounded to a place, so the parts add up to the score.)
local REASONS = base.move_reasons({
  text = "%s moves to %s, the best score within reach (%g): an open text (a %s%.0s) counts \z
    %g%.0s%.0s, less %g for the fire danger of its lines",
  none = "%s moves to %s, the best score within reach (%g)%.0s%.0s%.0s%.0s%.0s: no open text can be \z
    reached, so fire danger decides (%g here)",
  none_power = "%s moves to %s, the best score within reach (%g)%.0s%.0s: no open text can be reached, \z
    which counts %g; a %s square it wants %+g, less %g for the fire danger of its lines",
  power = "%s moves to %s, the best score within reach (%g): no open text is worth more; %d %s from one \z
    counts %g, a %s square it wants %+g, less %g for the fire danger of its lines",
  near = "%s moves to %s, the best score within reach (%g): no open text is worth more; %d %s from one \z
    counts %g%.0s%.0s, less %g for the fire danger of its lines",
}, string.format("%g points of its score", PRICE))

function S.move(G, seat, roll, combos)
  local params = seat.params
  local combo, sq, score = base.best_move(G, seat, combos, rank, PRICE, TOPS[params] or top(params))
  if not sq then
    why("%s cannot move: burnt squares and walls leave it no square to go to.", seat.name)
    return combo, sq
  end
  -- the parts of the square's score, as rank weighed them
  local i = sq.i
  local steps, weight = STEPS[i], params.danger_weight or 1.5
  local danger = DANGER[i] * (seat.points.defense >= powers.COST and weight / 2 or weight)
  local reason, what, counts, bonus = REASONS.near, steps, nil, nil
  if steps == 0 then
    reason, what, counts = REASONS.text, sq.text, params.text_value or 10
  else
    -- (rank's count for a square no open text can be reached from: 20 steps)
    counts = steps and -steps or -20
    bonus = score - counts + danger     -- (a DEFENSE, LUCK or TIME square it wants)
    if not steps then
      reason = bonus > 0.05 and REASONS.none_power or REASONS.none
    elseif bonus > 0.05 then
      reason = REASONS.power
    end
  end
  local word, label = steps and step_word(steps), sq.power and powers.LABEL[sq.power]
  if #combos == 1 then
    why(reason.alone, seat.name, sq.name, score, what, word, counts, label, bonus, danger)
  else
    local paid = base.paid_powers(seat, combo)
    why(paid and reason.paid or reason.none, seat.name, sq.name, score, what, word, counts, label, bonus, danger,
      paid)
  end
  return combo, sq
end

function S.power_roll(G, seat, p)
  if p == "defense" or p == "luck" or p == "time" then
    why("%s rolls for %s: a power it uses.", seat.name, powers.LABEL[p])
    return true
  elseif seat.points[p] < 2 then
    why("%s rolls for %s: with under 2 points it has almost nothing to lose.", seat.name, powers.LABEL[p])
    return true
  end
  why("%s does not roll for %s: a power it does not use, whose points a 1 could lower.", seat.name,
    powers.LABEL[p])
  return false
end

function S.steal(G, seat, targets)
  local open = {}
  for n = 1, #targets do
    if targets[n].seat.points.defense < powers.COST then open[#open + 1] = targets[n] end
  end
  local t = base.richest(open)
  if not t then
    why("%s does not steal: it steals only from a player who cannot block with DEFENSE, and everyone in \z
      reach can.", seat.name)
    return nil
  end
  why(t.across and "%s steals from %s across the wall with OPENING: of the players here who cannot block \z
    with DEFENSE, the one with the most texts (%d)." or "%s steals from %s: of the players here who cannot \z
    block with DEFENSE, the one with the most texts (%d).", seat.name, t.seat.name, t.seat.texts)
  return t
end

function S.block(G, seat, thief)
  if seat.texts >= 1 then
    why("%s blocks with DEFENSE: it guards the texts it holds.", seat.name)
    return true
  end
  why("%s does not block: it holds no text to lose.", seat.name)
  return false
end

function S.burn(G, seat, can_defend)
  return base.burn(G, seat, can_defend, "%s spends DEFENSE against the fire: that is what it keeps DEFENSE for.")
end

-- TIME when a text is within six steps.
function S.time(G, seat)
  local d = G.board:text_steps(seat.pos)
  if d and d <= 6 then
    why("%s takes another turn with TIME: an open text lies within six steps (%d %s away).", seat.name, d,
      step_word(d))
    return true
  end
  why("%s keeps TIME: no open text lies within six steps.", seat.name)
  return false
end

return S
