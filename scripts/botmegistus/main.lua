-- Botmegistus, the Trismegistus solo opponent: setup, three rounds of alternating turns with
-- the player, the end of rounds 1 and 2, and final scoring. The parts are split by concept:
-- setup.lua, draft.lua (card and draft), action.lua, artifacts.lua, experiments.lua,
-- tracks.lua, round.lua (turn, clean-up, end of round), scoring.lua.
local State = require "state"
local setup = require "setup"
local round = require "round"
local scoring = require "scoring"

local state = State.new(game.options, game.components.board, game.components.cards)
setup.run(state)
State.show(state, "Botmegistus after setup")

local bot_first = game.options["bot-first"]
for r = 1, game.options.rounds do
  state.round, state.used, state.passed, state.die, state.first_to_pass = r, 0, false, nil, nil
  local player_passed = false
  local first_to_pass
  local bot_turn = bot_first
  ui.say("Round %d begins: %s first.", r, bot_first and "Botmegistus goes" or "you go")
  while not (state.passed and player_passed) do
    if bot_turn and not state.passed then
      round.bot_turn(state)
      if state.passed and not first_to_pass then first_to_pass = "bot" end
      state.first_to_pass = first_to_pass
      State.show(state, "Botmegistus")
    elseif not bot_turn and not player_passed and state.passed then
      -- Nothing Botmegistus does depends on your turns once it has passed: one answer for the rest
      -- of your round (README ruling 24).
      ui.ask(string.format("Round %d: Botmegistus has passed. Take the rest of your turns; answer when you pass.", r),
        { { id = "passed", label = "I passed" } })
      player_passed = true
    elseif not bot_turn and not player_passed then
      local a = ui.ask(string.format("Round %d: your turn. Answer when it is over.", r),
        { { id = "done", label = "My turn is over" }, { id = "passed", label = "I passed" } })
      if a == "passed" then
        player_passed = true
        first_to_pass = first_to_pass or "player"
        state.first_to_pass = first_to_pass
      end
    end
    bot_turn = not bot_turn
  end
  if r < game.options.rounds then
    round.end_of_round(state)
    bot_first = first_to_pass == "bot"
    ui.why("The first to pass takes the first New Turn Order position (README ruling 11).")
    ui.say("Botmegistus' used dice return to the supply with the rest of the board clean-up.")
  end
end

local the_end = scoring.final(state)
the_end.rounds = state.round  -- how long the game lasted, for simulations
return the_end
