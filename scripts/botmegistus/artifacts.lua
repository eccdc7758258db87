-- Gaining an Artifact: matching the die's colour, the most elemental symbols, a die roll on a tie.
local util = require "util"
local priority = require "priority"

local artifacts = {}

-- Its elemental symbols' elements count only for a specialization card still to come (at the end
-- of rounds 1 and 2, with the option); the score counts only how many symbols there are.
function artifacts.elements_count(state)
  if not state.options.specialization then
    return false
  end
  for _, r in ipairs(state.board.end_of_round.specialization_rounds) do
    if r >= state.round and r < state.options.rounds then
      return true
    end
  end
  return false
end

-- An artifact with `count` elemental symbols joins its components before its elements are asked
-- (when they count), so `show` lists it during those questions. `name` names it in the shown
-- state, `asked_as` in the questions.
function artifacts.add(state, name, count, asked_as)
  local a = { label = string.format("%s (%s)", name, util.plural(count, "symbol")), count = count, symbols = {} }
  state.artifacts[#state.artifacts + 1] = a
  if artifacts.elements_count(state) then
    a.symbols = util.ask_symbols(state.board, asked_as, count)
    a.label = string.format("%s (%s)", name, util.list(a.symbols))
  end
  return a
end

artifacts.gain = game.step("gain artifact", function(state)
  local color = state.die and state.die.color or state.board.colors[1].id
  local n = ui.number(string.format("How many %s artifacts are on offer?", color), 0, 4)
  if n == 0 then
    util.gold_instead(state, string.format("No %s artifact is on offer", color),
      "It only takes artifacts matching its die's colour (README ruling 13: Gold when there is none).")
    return
  end
  local counts = {}
  for i = 1, n do
    counts[i] = n == 1 and -1 or ui.number(string.format("The %s artifact %d from the left: how many elemental symbols?",
      color, i), 0, 6)
  end
  local places = {}
  for i = 1, n do
    places[i] = i
  end
  -- The rule breaks a tie with a die roll: 1-3 the left-most of the tied, 4-6 the right-most.
  local tied = priority.keep(places, { { "the most elemental symbols", most = function(i) return counts[i] end } })
  local pick, why = tied[1], nil
  if n == 1 then
    why = string.format("it is the only %s artifact", color)
  elseif #tied == 1 then
    why = string.format("of the %s artifacts it has the most elemental symbols (%d)", color, counts[pick])
  else
    local roll = random.roll("d6", 6)
    pick = roll <= 3 and tied[1] or tied[#tied]
    why = string.format("%d artifacts tie on %d symbols; the die rolled %d: %s", #tied, counts[tied[1]], roll,
      roll <= 3 and "1-3 takes the left one" or "4-6 takes the right one")
  end
  -- Which artifact first, then its symbols: the questions are about the artifact named.
  local label = string.format("%s artifact %d from the left", color, pick)
  ui.say("Botmegistus takes the %s; place it face up by its tracker.", label)
  ui.why("Its die is %s; %s.", color, why)
  local symbols = counts[pick] == -1 and ui.number(string.format("The %s artifact: how many elemental symbols?",
    color), 0, 6) or counts[pick]
  artifacts.add(state, color .. " artifact", symbols, "The " .. label .. " it took")
end)

return artifacts
