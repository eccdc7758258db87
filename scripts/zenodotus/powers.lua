-- The six powers: their points, the 4-point cost of a use, and the power squares' roll.
local phrase = require "phrase"
local powers = {}
-- the host's functions, looked up once
local say, record, roll_die = ui.say, game.record, random.roll

powers.ORDER = { "defense", "speed", "time", "luck", "stealth", "opening" }
powers.LABEL = { defense = "DEFENSE", speed = "SPEED", time = "TIME", luck = "LUCK",
  stealth = "STEALTH", opening = "OPENING" }
powers.SHORT = { defense = "DEF", speed = "SPD", time = "TIM", luck = "LCK", stealth = "STL", opening = "OPN" }
powers.COST = 4
powers.START = 12

local COST = powers.COST

-- The fields of the power events, refilled for each record: the host copies them into the
-- transcript at once, so one table serves every event of a kind (none is made per event).
local POWER = { seat = 0, power = "", left = 0 }
local SQUARE_ROLL = { seat = 0, power = "", roll = 0, points = 0 }

-- Records that the seat has `left` points of power p after using it.
function powers.record_use(seat, p, left)
  POWER.seat, POWER.power, POWER.left = seat.n, p, left
  record("power", POWER)
end

-- The narration's pattern for each ending `why` (made once for each).
local SPEND_PATTERN = setmetatable({}, { __index = function(patterns, why)
  local pattern = "%s uses %s (%s left)" .. why .. "."
  patterns[why] = pattern
  return pattern
end })

-- Pays 4 points for a use of a power. `why` (a format pattern, with its arguments after it)
-- ends the narration.
function powers.spend(seat, p, why, ...)
  local points = seat.points
  if points[p] < COST then error("not enough points for " .. p) end
  local left = points[p] - COST
  points[p] = left
  powers.record_use(seat, p, left)
  say(SPEND_PATTERN[why or ""], seat.name, powers.LABEL[p], phrase.plural(left, "point"), ...)
end

function powers.total(seat)
  local t = 0
  for _, p in ipairs(powers.ORDER) do t = t + seat.points[p] end
  return t
end

-- A start split: every power 0 or more, 12 in all.
local ORDER = powers.ORDER
function powers.check_split(split)
  local t = 0
  for n = 1, #ORDER do
    local p = ORDER[n]
    local v = split[p] or 0
    if type(v) ~= "number" or v < 0 or v % 1 ~= 0 then     -- (a whole number; not inf or nan)
      error("a start split gives " .. tostring(v) .. " points to " .. p, 0)
    end
    t = t + v
  end
  if t ~= powers.START then
    error("a start split gives " .. t .. " points, not " .. powers.START, 0)
  end
end

-- Landing on a power square: the roll minus two is added; a power never drops below 0.
function powers.square_roll(seat, p)
  local r = roll_die("power", 6)
  local before = seat.points[p]
  local now = before + r - 2
  SQUARE_ROLL.seat, SQUARE_ROLL.power, SQUARE_ROLL.roll = seat.n, p, r
  if now < 0 then
    -- (a 1 on 0 points: the point it would lose is not there)
    seat.points[p], SQUARE_ROLL.points = 0, 0
    record("power-square", SQUARE_ROLL)
    say("%s rolls %d for %s: %d, but points never drop below 0: still 0 points.", seat.name, r, powers.LABEL[p],
      r - 2)
    return
  end
  seat.points[p], SQUARE_ROLL.points = now, now
  record("power-square", SQUARE_ROLL)
  say("%s rolls %d for %s: %+d, now %s.", seat.name, r, powers.LABEL[p], now - before, phrase.plural(now, "point"))
end

return powers
