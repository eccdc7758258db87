-- Fire-only mode: a table plays on a printed board; Soloist rolls the fire at the start of
-- each turn and keeps the boxes, nothing else.
local fire = require "fire"
local phrase = require "phrase"
local fireonly = {}

local function boxes_lines(boxes)
  local out = {}
  for _, kind in ipairs({ "column", "row" }) do
    local parts = {}
    for n = 1, 6 do
      local c = boxes[kind][n]
      parts[#parts + 1] = string.format("%d[%s]", n, c >= 3 and "BURNT" or (string.rep("x", c) .. string.rep(".", 3 - c)))
    end
    out[#out + 1] = { label = kind == "column" and "Columns" or "Rows", value = table.concat(parts, " ") }
  end
  return out
end

local function report(kind, n, what)
  if what == "burn" then
    ui.say("%s %d burns! Cross it out: unclaimed texts there are lost; a player there defends, loses a turn or retires.",
      kind == "column" and "Column" or "Row", n)
  end
end

local LUCK_CHOICES = {
  { id = "no", label = "No" },
  { id = "first", label = "Re-roll the first die" },
  { id = "second", label = "Re-roll the second die" },
}

function fireonly.run()
  local boxes, labels = fire.new(), fire.PLAIN_LABELS
  -- turns played (TIME turns among them), boxes checked, lines burnt
  local turns, time_turns, checked, burnt = 0, 0, 0, 0
  ui.say("Fire-only mode: Soloist rolls the fire at the start of each turn and keeps its boxes. "
    .. "Skip the fire for a TIME turn by answering 'time'.")
  -- the boxes from the first question on, so `show` has them before any is checked
  local function shown() return boxes_lines(boxes) end
  ui.show("The fire", shown)
  while not fire.full(boxes) do
    local id = ui.ask(string.format("Turn %d: roll the fire?", turns + 1), {
      { id = "fire", label = "Roll the fire for this turn" },
      { id = "time", label = "A TIME turn: no fire" },
      { id = "end", label = "The game is over" },
    })
    if id == "end" then break end
    turns = turns + 1
    if id == "time" then
      time_turns = time_turns + 1
    else
      local d1, d2 = random.roll("fire", 6), random.roll("fire", 6)
      -- the dice are told as what they would do: the table is asked about LUCK next
      local kind, n, what = fire.read(boxes, d1, d2, labels, true)
      -- LUCK as often as the player pays for it (ruling 7); the table keeps the points
      local prompt = "Does the player use LUCK on the fire?"
      while true do
        local luck = ui.ask(prompt, LUCK_CHOICES)
        if luck == "no" then break end
        if luck == "first" then d1 = random.roll("fire", 6) else d2 = random.roll("fire", 6) end
        kind, n, what = fire.read(boxes, d1, d2, labels, true)
        prompt = "Does the player use LUCK on the fire again?"
      end
      if what == "check" or what == "burn" then checked = checked + 1 end
      if fire.apply(boxes, kind, n, what, labels, true) then
        burnt = burnt + 1
        report(kind, n, what)
      end
    end
    ui.show("The fire", shown)
  end
  if fire.full(boxes) then ui.say("Every box is checked: the fire can move no more.") end
  local summary = string.format("%s%s: the fire checked %s and burnt %s.", phrase.plural(turns, "turn"),
    time_turns > 0 and string.format(" (%d with TIME)", time_turns) or "", phrase.plural(checked, "box", "boxes"),
    phrase.plural(burnt, "line"))
  return { result = "fire-only", summary = summary,
    scores = { turns = turns, time_turns = time_turns, checked = checked, burnt = burnt } }
end

return fireonly
