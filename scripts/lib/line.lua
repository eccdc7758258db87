-- A line: tokens in a row, first to last, without gaps (an action line, start spaces).
local component = require "component"

-- Locals: a global is several table lookups away in the sandbox, and these run every turn.
local math_type, remove = math.type, table.remove

local line = {}
line.__index = line

function line.new(args)
  local id = component.check_args("line", args)
  local self = setmetatable({ id = id }, line)
  self.items = component.copy_array("line", id, "tokens", args.tokens)
  return self
end

function line:__tostring()
  return string.format("line '%s' (%d tokens)", self.id, #self.items)
end

-- The position of a token (the token itself, or its id), or nil.
function line:index(token)
  for i, item in ipairs(self.items) do
    if rawequal(item, token) or component.id_of(item) == token then
      return i
    end
  end
  return nil
end

-- Errors (at the bot's line) when i is not a position of the line.
function line:check_position(i, method)
  if math_type(i) ~= "integer" or i < 1 or i > #self.items then
    error(string.format("line '%s': %s got %s, not a position (it holds %d tokens)", self.id, method,
      tostring(i), #self.items), 3)
  end
end

-- The position of a token that must be in the line; an error (at the bot's line) if not.
function line:position_of(token)
  local i = self:index(token)
  if i == nil then
    error(string.format("line '%s' holds no %s", self.id, tostring(component.id_of(token))), 3)
  end
  return i
end

-- Takes a token (or the token with that id) out of the line; returns it.
function line:remove(token)
  return remove(self.items, self:position_of(token))
end

-- The token leaves its place and goes to the end of the line.
function line:move_to_end(token)
  local item = remove(self.items, self:position_of(token))
  self.items[#self.items + 1] = item
  return item
end

-- The token at position i leaves the line and every token after it slides one place to the
-- left (towards the first); returns the token that left.
function line:slide_left(i)
  self:check_position(i, "slide_left")
  return remove(self.items, i)
end

-- Adds a token at the end of the line.
function line:push(token)
  component.check_given(token, "line '%s': push", self.id)
  self.items[#self.items + 1] = token
end

-- Exchanges the tokens at positions i and j.
function line:swap(i, j)
  self:check_position(i, "swap")
  self:check_position(j, "swap")
  self.items[i], self.items[j] = self.items[j], self.items[i]
end

-- The token at position i, or nil.
function line:at(i)
  return self.items[i]
end

function line:first()
  return self.items[1]
end

function line:size()
  return #self.items
end

-- A copy of the tokens, first to last.
function line:tokens()
  return component.copy(self.items)
end

return line
