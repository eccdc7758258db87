-- Botric, the solo opponent of Hamlet: setup, then your turn and Botric's in each round until the
-- Church is complete, then the game end. Split by concept: state.lua (its components and the
-- shown state), setup.lua, markers.lua (action line, Solo Action tile, bag), favour.lua,
-- villagers.lua, turn.lua, one file per action, scoring.lua.
local State = require "state"
local setup = require "setup"
local turn = require "turn"
local scoring = require "scoring"

local state = State.new(game.options, game.components.village)
setup.run(state)
State.show(state, "Botric")

local OPEN_PROMPT = "how many Church delivery spaces are still open? (0: the Church is complete)"

-- Your turn: Botric waits; the answer tells it whether the game end has come (README ruling 16).
local your_turn = game.step("your turn", function()
  state.phase = string.format("your turn (round %d)", state.round)
  if state.turn and state.turn.failure_gold then
    ui.say("Take the start player marker back from Botric's Favour tile.")
  end
  return ui.number(string.format("Round %d: take your turn as usual. When it is over, %s", state.round, OPEN_PROMPT),
    0, state.data.church_spaces_max)
end)

while true do
  state.round = state.round + 1
  local open = your_turn()
  if open == 0 then
    ui.say("The Church is complete: Botric takes the last turn of the round, then the game ends.")
  end
  turn.play(state)
  if open == 0 then break end
  if state.turn.delivered then
    if ui.number("Botric delivered to the Church this turn: " .. OPEN_PROMPT, 0, state.data.church_spaces_max) == 0 then
      ui.say("Botric completed the Church: the game ends.")
      break
    end
  end
end

return scoring.final(state)
