-- A track: a marker on a position min..max, with named thresholds.
local component = require "component"

local track = {}
track.__index = track

function track.new(args)
  local id = component.check_args("track", args)
  local what = "track '" .. id .. "'"
  local self = setmetatable({ id = id }, track)
  self.min = component.check_integer(args.min or 0, "track '%s': min", id)
  self.max = component.check_integer(args.max, "track '%s': max", id)
  if self.max < self.min then
    error(string.format("%s: max %d is below min %d", what, self.max, self.min), 2)
  end
  self.position = component.check_integer(args.position or self.min, "track '%s': position", id)
  if self.position < self.min or self.position > self.max then
    error(string.format("%s: position %d is off the track (%d..%d)", what, self.position, self.min, self.max), 2)
  end
  -- YAML may give the thresholds' keys as strings ("10": name); they are positions.
  self.thresholds = {}
  for key, name in pairs(args.thresholds or {}) do
    local n = math.tointeger(tonumber(key))
    if n == nil then
      error(string.format("%s: threshold key %s is not a position", what, tostring(key)), 2)
    end
    self.thresholds[n] = name
  end
  return self
end

function track:__tostring()
  return string.format("track '%s' at %d (%d..%d)", self.id, self.position, self.min, self.max)
end

-- Names of the thresholds passed or reached going from `from` to `to`, in that order.
function track:crossed(from, to)
  local names = {}
  local step = to >= from and 1 or -1
  for n = from + step, to, step do
    if self.thresholds[n] ~= nil then
      names[#names + 1] = self.thresholds[n]
    end
  end
  return names
end

-- Moves by delta, stopping at either end; returns the thresholds crossed and the distance
-- actually moved.
function track:move(delta)
  component.check_integer(delta, "track '%s': move's delta", self.id)
  local from = self.position
  self.position = math.max(self.min, math.min(self.max, from + delta))
  return self:crossed(from, self.position), self.position - from
end

-- Puts the marker on position n; returns the thresholds crossed on the way.
function track:set(n)
  component.check_integer(n, "track '%s': set's position", self.id)
  if n < self.min or n > self.max then
    error(string.format("track '%s' has no position %d (%d..%d)", self.id, n, self.min, self.max), 2)
  end
  local from = self.position
  self.position = n
  return self:crossed(from, n)
end

function track:at_top()
  return self.position == self.max
end

function track:at_bottom()
  return self.position == self.min
end

return track
