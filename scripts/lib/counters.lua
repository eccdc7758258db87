-- A counter: a number with optional bounds that the player may be allowed to correct
-- ("set <id> <value>" at any prompt).
local component = require "component"

local counters = {}
counters.__index = counters

function counters.new(args)
  local id = component.check_args("counters", args)
  local self = setmetatable({ id = id, label = args.label or id }, counters)
  self.min = args.min ~= nil and component.check_integer(args.min, "counter '%s': min", id) or nil
  self.max = args.max ~= nil and component.check_integer(args.max, "counter '%s': max", id) or nil
  self.value = component.check_integer(args.value or self.min or 0, "counter '%s': value", id)
  self:check(self.value, 2)
  if args.correctable then
    if self.min == nil or self.max == nil then
      error("counter '" .. id .. "' is correctable, so it needs min and max (the range the player may set)", 2)
    end
    game.correctable{
      id = id, label = self.label, min = self.min, max = self.max,
      get = function() return self.value end,
      set = function(v) self.value = v end,
    }
  end
  return self
end

function counters:__tostring()
  return string.format("%s: %d", self.label, self.value)
end

-- Errors when n is outside the counter's bounds.
function counters:check(n, level)
  if (self.min and n < self.min) or (self.max and n > self.max) then
    error(string.format("counter '%s' cannot be %d (it goes from %s to %s)", self.id, n,
      tostring(self.min or "any"), tostring(self.max or "any")), level + 1)
  end
end

-- Adds n (negative to take away); going past a bound is an error.
function counters:add(n)
  component.check_integer(n, "counter '%s': add's amount", self.id)
  self:check(self.value + n, 2)
  self.value = self.value + n
  return self.value
end

function counters:set(n)
  component.check_integer(n, "counter '%s': set's value", self.id)
  self:check(n, 2)
  self.value = n
  return self.value
end

return counters
