-- Zotikós, the Great Library solo opponent: setup, then each generation's planning phase,
-- execution phase and end, then final scoring. Files by concept: state.lua (his components and
-- the shown state), piles.lua (decks and stacks, generated or physical), setup.lua,
-- planning.lua, turn.lua (his turn), requests.lua (King's Requests and the Library), actions.lua
-- (Harbor, Palace, Garden), school.lua, scriptorium.lua, academy.lua, navigation.lua,
-- endgen.lua, scoring.lua.
local State = require "state"
local setup = require "setup"
local planning = require "planning"
local turn = require "turn"
local endgen = require "endgen"
local scoring = require "scoring"
require "school"
require "scriptorium"
require "academy"
require "navigation"

local s = State.new(game.options, game.components)
setup.run(s)
for g = 1, game.options.generations do
  s.generation = g
  planning.run(s)
  turn.execution(s)
  if g < game.options.generations then
    endgen.run(s)
  else
    ui.say("Generation %d was the last: final scoring follows at once.", g)
    ui.why("The last generation ends with final scoring, not the end-of-generation steps (README ruling 2).")
  end
end
local the_end = scoring.final(s)
the_end.rounds = s.generation  -- the generations played: how long the game lasted, for simulations
return the_end
