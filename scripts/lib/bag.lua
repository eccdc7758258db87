-- A bag of tokens drawn blindly. Each draw is one random.pick on the stream "bag:<id>", so a
-- scenario forces a draw by naming the token (its id, or the string itself), and each draw is
-- recorded as a "draw" event.
local component = require "component"

-- Locals: a global is several table lookups away in the sandbox, and these run every turn.
local pick, remove, record = random.pick, table.remove, game.record

local bag = {}
bag.__index = bag

-- A draw event's fields, refilled for each draw: game.record keeps no reference to them.
local DRAWN = { bag = "", token = "" }

-- A token of the bag schema may say how many of it the bag holds (`count`, 1 when left out):
-- the bag holds it that many times (tokens of one kind are alike, so one table serves).
local function expand(id, tokens)
  local out, n = {}, 0
  for i = 1, #tokens do
    local t = tokens[i]
    local c = type(t) == "table" and t.count or nil
    if c == nil then c = 1 end
    if math.type(c) ~= "integer" or c < 0 then
      error(string.format("bag '%s': token %d's count must be a whole number of 0 or more, got %s", id, i,
        tostring(c)), 3)  -- the caller of bag.new
    end
    for _ = 1, c do
      n = n + 1
      out[n] = t
    end
  end
  return out
end

function bag.new(args)
  local id = component.check_args("bag", args)
  local self = setmetatable({ id = id, stream = "bag:" .. id }, bag)
  self.tokens = expand(id, component.copy_array("bag", id, "tokens", args.tokens))
  return self
end

function bag:__tostring()
  return string.format("bag '%s' (%d tokens)", self.id, #self.tokens)
end

-- Takes one token at random.
function bag:draw()
  if #self.tokens == 0 then
    error(string.format("bag '%s' is empty: there is no token to draw", self.id), 2)
  end
  local i, token = pick(self.stream, self.tokens)
  remove(self.tokens, i)
  DRAWN.bag, DRAWN.token = self.id, component.id_of(token)
  record("draw", DRAWN)
  return token
end

-- Puts a token (back) into the bag.
function bag:put(token)
  component.check_given(token, "bag '%s': put", self.id)
  self.tokens[#self.tokens + 1] = token
end

function bag:size()
  return #self.tokens
end

function bag:is_empty()
  return #self.tokens == 0
end

-- How many tokens in the bag have this id (or are this string).
function bag:count(id)
  local n = 0
  for _, token in ipairs(self.tokens) do
    if component.id_of(token) == id then
      n = n + 1
    end
  end
  return n
end

return bag
