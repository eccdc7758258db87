-- Helpers shared by the component library (deck, bag, dice, track, line, counters).
-- Internal to scripts/lib: a bot should not name one of its own scripts component.lua,
-- since require looks in the bot's folder first.
local component = {}

-- Locals: a global is several table lookups away in the sandbox, and these run every turn.
local type, math_type = type, math.type

-- How the transcript names a card or token: a table by its id, a string or number by itself.
function component.id_of(thing)
  if type(thing) == "table" then
    return thing.id
  end
  return thing
end

-- Checks the argument table of a constructor and returns its id. `level` points the error
-- at the bot's line that called the constructor.
function component.check_args(kind, args, level)
  level = (level or 2) + 1
  if type(args) ~= "table" then
    error(kind .. ".new expects a table of fields, like " .. kind .. ".new{ id = \"name\", ... }", level)
  end
  if type(args.id) ~= "string" or args.id == "" then
    error(kind .. ".new needs an id: a non-empty string (it names the random stream and the transcript events)", level)
  end
  return args.id
end

-- Checks that a field is an array (a table whose keys are 1..n) and returns a copy of it,
-- so the component never changes the bot's data (game.components is shared).
function component.copy_array(kind, id, field, list, level)
  level = (level or 2) + 1
  if list == nil then
    return {}
  end
  if type(list) ~= "table" then
    error(string.format("%s '%s': %s must be an array, got %s", kind, id, field, type(list)), level)
  end
  local copy = {}
  for i = 1, #list do
    copy[i] = list[i]
  end
  for k in pairs(list) do
    if math_type(k) ~= "integer" or k < 1 or k > #list then
      error(string.format("%s '%s': %s must be an array (found the key %s)", kind, id, field, tostring(k)), level)
    end
  end
  return copy
end

-- The checks below name what a value is for with a string.format pattern and the
-- component's id, formatted only when the check fails: bots call them every turn.

-- Checks that a value is an integer.
function component.check_integer(value, what, id, level)
  if math_type(value) ~= "integer" then
    error(string.format(what, id) .. " must be an integer, got " .. tostring(value), (level or 2) + 1)
  end
  return value
end

-- Errors (at the bot's line) when a method that puts something somewhere got nothing.
function component.check_given(value, what, id, level)
  if value == nil then
    error(string.format(what, id) .. " needs a value, got nil", (level or 2) + 1)
  end
  return value
end

-- A plain copy of an array.
function component.copy(list)
  return table.move(list, 1, #list, 1, {})
end

return component
