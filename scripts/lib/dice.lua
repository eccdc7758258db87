-- A die: numbered (sides = n, faces 1..n) or with named faces (faces = {...}). A roll is one
-- random.roll on the stream "dice:<id>"; a scenario forces it by the face's number.
local component = require "component"

local dice = {}
dice.__index = dice

function dice.new(args)
  local id = component.check_args("dice", args)
  local self = setmetatable({ id = id, stream = "dice:" .. id }, dice)
  if args.faces ~= nil and args.sides ~= nil then
    error(string.format("dice '%s': give sides or faces, not both", id), 2)
  end
  if args.faces ~= nil then
    self.faces = component.copy_array("dice", id, "faces", args.faces)
    self.sides = #self.faces
  else
    self.sides = args.sides or 6
    component.check_integer(self.sides, "dice '%s': sides", id)
  end
  if self.sides < 1 then
    error(string.format("dice '%s' needs at least one face", id), 2)
  end
  self.face = nil      -- what the die shows; nil until it is first rolled or set
  self.number = nil    -- the face's number, 1..sides
  return self
end

function dice:__tostring()
  return string.format("dice '%s' showing %s", self.id, tostring(self.face))
end

-- Rolls the die; returns the face it shows and its number.
function dice:roll()
  local n = random.roll(self.stream, self.sides)
  self.number = n
  self.face = self.faces and self.faces[n] or n
  return self.face, n
end

-- Turns the die to a face (a face value, or a number for a numbered die).
function dice:set(face)
  for n = 1, self.sides do
    local value = self.faces and self.faces[n] or n
    if value == face then
      self.face, self.number = value, n
      return self.face
    end
  end
  error(string.format("dice '%s' has no face %s", self.id, tostring(face)), 2)
end

return dice
