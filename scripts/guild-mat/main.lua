-- The guild mat: preparation, then each round's five steps before the player's actions, then
-- the win check. The mat's parts are in mat.lua, the requirements in requirements.lua, the
-- end in scoring.lua.
local phrase = require "phrase"
local counters = require "counters"
local Mat = require "mat"
local requirements = require "requirements"
local scoring = require "scoring"

local options = game.options
local layout = game.components.mat

-- The colors option: the non-player colours, separated by spaces or commas, each once.
-- "Red" and "red" are one colour at the table (README ruling 2).
local function parse_colors(text)
  local colors, seen = {}, {}
  for color in string.gmatch(text, "[^%s,]+") do
    local key = string.lower(color)
    if seen[key] then
      error("the colors option names " .. color .. " twice", 0)
    end
    seen[key] = true
    colors[#colors + 1] = color
  end
  return colors
end

local state = {
  mat = Mat.new(layout, game.components.spaces, parse_colors(options.colors)),
  round = counters.new{ id = "round", label = "Round", value = 1, min = 1, max = options.rounds,
    correctable = true },
  met = {},     -- the last spaces met, in order
  minus = {},   -- minus points of negative effects: {space =, points =}
}
local mat = state.mat

-- The mat and the tallies, as ui.show entries.
local function mat_and_tallies()
  local entries = { { label = "Round", value = state.round.value } }
  for _, entry in ipairs(mat:entries()) do
    entries[#entries + 1] = entry
  end
  entries[#entries + 1] = { label = "Last spaces met", value = #state.met }
  local minus = 0
  for _, m in ipairs(state.minus) do
    minus = minus + m.points
  end
  entries[#entries + 1] = { label = "Effect minus points", value = minus }
  return entries
end

-- Built only when someone looks (not in simulations).
local function show(title)
  ui.show(title, mat_and_tallies)
end

local list = phrase.list   -- "none", "A1", "A1, B2 and C3"

local preparation = game.step("preparation", function()
  ui.say("Put one of your mines on each of %s, and a 5-Jar coin on each of %s.",
    list(mat:spaces_of("mine")), list(mat:spaces_of("coin")))
  ui.say("Keep %d guild markers of each colour nobody plays (%s) beside the mat: "
    .. "Soloist draws them from its own bag and tells you which to take.",
    layout.markers_per_color, list(mat.colors))
  local placed = {}
  for _, name in ipairs(layout.start_spaces) do
    placed[#placed + 1] = string.format("%s on %s", mat:refill_start(), name)
  end
  ui.say("Drawn for the start spaces: %s.", list(placed))
  show("The solo mat at the start")
end)

local reveal_attack = game.step("reveal the attack card", function()
  ui.say("Round %d of %d. Reveal the attack card.", state.round.value, options.rounds)
end)

local draw_and_roll = game.step("draw and roll dice", function()
  ui.say("Draw and roll the dice as usual.")
end)

-- Step 3: two neighbouring start markers may change places, for Jar the player pays.
-- Offered only where it changes something: the two markers differ in colour.
local EXCHANGE_PROMPT = string.format("Exchange two neighbouring start markers for %d Jar?", layout.exchange_cost)
local NO_EXCHANGE = { id = "no", label = "No exchange" }

-- Every exchange the mat can offer, written out once before the first round:
-- EXCHANGES[i][here][next_to] swaps start spaces i and i+1 holding those two colours.
local EXCHANGES = {}
do
  local names = layout.start_spaces
  for i = 1, #names - 1 do
    EXCHANGES[i] = {}
    for _, here in ipairs(mat.colors) do
      EXCHANGES[i][here] = {}
      for _, next_to in ipairs(mat.colors) do
        if here ~= next_to then
          EXCHANGES[i][here][next_to] = { id = names[i] .. "-" .. names[i + 1], pair = i,
            label = string.format("Exchange %s (%s) and %s (%s) for %d Jar", names[i], here, names[i + 1], next_to,
              layout.exchange_cost) }
        end
      end
    end
  end
end

-- Why the pair of start spaces i and i+1 is not offered: "I and II both hold blue" (and true:
-- both hold a marker), or "III is empty".
local function not_offered(names, i)
  local here, next_to = mat:marker_at_start(i), mat:marker_at_start(i + 1)
  if here and next_to then
    return string.format("%s and %s both hold %s", names[i], names[i + 1], here), true
  end
  return string.format("%s is empty", here and names[i + 1] or names[i]), false
end

local exchange = game.step("exchange markers", function()
  local names = layout.start_spaces
  local choices = { NO_EXCHANGE }
  local left_out, one_colour = {}, false  -- the pairs not offered, and whether one holds a single colour
  -- In the last round only start space I's marker is placed: an exchange further down changes nothing.
  local last_round = state.round.value >= options.rounds
  for i = 1, last_round and 1 or #names - 1 do
    local here, next_to = mat:marker_at_start(i), mat:marker_at_start(i + 1)
    if here and next_to and here ~= next_to then
      choices[#choices + 1] = EXCHANGES[i][here][next_to]
    else
      local why, held = not_offered(names, i)
      left_out[#left_out + 1] = why
      one_colour = one_colour or held
    end
  end
  -- The reasons name the round and the colours: `why` at a later question still shows them
  -- when nothing newer was decided, so they must not read as the state of a later round.
  if #choices == 1 then
    ui.say("No exchange this round: it would change nothing.")
    if last_round then
      ui.why("Round %d is the last: only the marker on %s is placed, and %s, so an exchange would change "
        .. "nothing.", state.round.value, names[1], left_out[1])
    else
      local _, held = mat:start_spaces()
      local all_one = true
      for i = 2, #names do
        all_one = all_one and held[i] ~= nil and held[i] == held[1]
      end
      ui.why("Round %d: %s, so an exchange would change nothing.", state.round.value,
        all_one and string.format("%s all hold %s", list(names), held[1]) or list(left_out))
    end
    return
  end
  if last_round then
    ui.why("Only an exchange of %s and %s is offered: this is the last round, so only the marker on %s is placed.",
      names[1], names[2], names[1])
  elseif #left_out > 0 then
    local offered = {}
    for k = 2, #choices do
      offered[#offered + 1] = names[choices[k].pair] .. " and " .. names[choices[k].pair + 1]
    end
    ui.why("Round %d: only the exchange of %s is offered: %s%s.", state.round.value, table.concat(offered, " or "),
      list(left_out), one_colour and ", and exchanging markers of one colour changes nothing" or "")
  end
  local pick = ui.ask(EXCHANGE_PROMPT, choices)
  for k = 2, #choices do  -- the first is "no exchange"
    local choice = choices[k]
    local i = choice.pair
    if choice.id == pick then
      local here, next_to = mat:marker_at_start(i), mat:marker_at_start(i + 1)
      mat:exchange(i)
      ui.say("Pay %d Jar to the supply and swap the markers on %s and %s: %s now holds %s, %s holds %s.",
        layout.exchange_cost, names[i], names[i + 1], names[i], next_to, names[i + 1], here)
    end
  end
end)

-- Step 4. Returns nil to play on, or how the game ends (see requirements.last_space).
local place_marker = game.step("place marker", function()
  if mat.start:first() == nil then
    ui.say("Start space I is empty: no marker is left to place, so the game ends with the win check.")
    ui.why("The bag and the start spaces have run out of markers.")
    return { check = true }
  end
  local color, space, how = mat:place_first()
  ui.say("Move the %s marker from start space %s onto %s.", color, layout.start_spaces[1], space.id)
  mat:why_placed(color, space, how)
  if space.kind == "last" then
    return requirements.last_space(state, space)
  elseif space.requirement then
    requirements.resolve(state, space)
  end
  return nil
end)

-- Step 5.
local move_down = game.step("move markers down", function()
  mat:move_down()
  local color = mat:refill_start()
  local last = layout.start_spaces[#layout.start_spaces]
  if color then
    ui.say("Move the other start markers down one space, then put a %s marker on %s.", color, last)
  else
    ui.say("Move the other start markers down one space. The bag is empty: %s stays empty.", last)
  end
end)

-- Step 6's question for each round, written once before the first round. A function, so
-- that after `set round N` the question names the corrected round.
local ROUND_PROMPT = {}
for round = 1, options.rounds do
  ROUND_PROMPT[round] = string.format("Round %d: take your actions. Answer when your turn is over.", round)
end
local function round_prompt()
  return ROUND_PROMPT[state.round.value]
end
local TURN_OVER = { { id = "done", label = "My turn is over" } }

local actions = game.step("actions", function()
  show("The solo mat")  -- its first entry is the round, which `set round` corrects
  ui.ask(round_prompt, TURN_OVER)
end)

-- One round; returns how the game ends, or nil to play on.
local function play_round()
  reveal_attack()
  draw_and_roll()
  if options.swap then
    exchange()
  end
  local ending = place_marker()
  if ending then
    return ending
  end
  move_down()
  actions()
  return nil
end

preparation()
local ending
repeat
  ending = play_round()
  if ending then
    break
  end
  if state.round.value >= options.rounds then
    -- Meeting the last spaces needed ends the game at once, so here fewer are met: a loss.
    -- The VP are still asked, for the final score (README ruling 17).
    local needed = layout.win.last_spaces
    ui.say("That was round %d, the last: the game ends. With %d of the %d last spaces met it is lost; "
      .. "your VP still give the final score.", state.round.value, #state.met, needed)
    ui.why("The solo game lasts %s, and a win needs %d last spaces met.", phrase.plural(options.rounds, "round"),
      needed)
    break
  end
  state.round:add(1)
until false

show("The solo mat at the end")
local the_end
if ending and ending.lost then
  the_end = scoring.lost(state, ending.lost)
else
  the_end = scoring.win_check(state)
end
the_end.rounds = state.round.value  -- how long the game lasted, for simulations
return the_end
