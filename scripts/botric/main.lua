-- Botric, the solo opponent of Hamlet: setup, then your turn and Botric's in each round until the
-- Church is complete, then the game end. Split by concept: state.lua (its components and the
-- shown state), setup.lua, markers.lua (action line, Solo Action tile, bag), favour.lua,
-- villagers.lua, turn.lua, one file per action, scoring.lua.
local State = require "state"
local setup = require "setup"
local turn = require "turn"
local scoring = require "scoring"
local util = require "util"
local bonus = require "bonus"

local state = State.new(game.options, game.components.village)
setup.run(state)
State.show(state, "Botric")

local OPEN_PROMPT = "how many Church delivery spaces are left to fill, the 10-Gold space included? (0: the Church is complete)"

-- Your turn: Botric waits; the answer tells it whether the game end has come (README ruling 16).
local your_turn = game.step("your turn", function()
  state.phase = string.format("your turn (round %d)", state.round)
  if state.turn and state.turn.failure_gold then
    ui.say("Take the start player marker back from Botric's Favour tile.")
  end
  local open = ui.number(string.format("Round %d: take your turn as usual. When it is over, %s", state.round, OPEN_PROMPT),
    0, state.data.church_spaces_max)
  bonus.used_by_you(state)
  return open
end)

while true do
  state.round = state.round + 1
  local open = your_turn()
  -- Only your turn filled spaces since Botric's turn ended, one a delivery: those are yours
  -- (README ruling 32; a count higher than before fills none).
  if state.open and open < state.open then
    state.your_deliveries = state.your_deliveries + (state.open - open)
  end
  state.open = open
  if open == 0 then
    ui.say("The Church is complete: Botric takes the last turn of the round, then the game ends.")
  end
  turn.play(state)
  if open == 0 then break end
  if state.turn.delivered then
    -- Only Botric changed the table since you counted: each delivery filled one of those spaces
    -- (README ruling 16), so the count is known without asking.
    if state.open == 0 then
      ui.say("Botric's delivery filled the last Church space left: the Church is complete and the game ends.")
      ui.why("%s left to fill when your turn ended; Botric filled %d.", util.plural(open, "Church space was", "Church spaces were"),
        open - state.open)
      break
    end
    ui.say("%s left to fill.", util.plural(state.open, "Church space is", "Church spaces are"))
  end
end

local the_end = scoring.final(state)
the_end.rounds = state.round  -- how long the game lasted, for simulations
return the_end
