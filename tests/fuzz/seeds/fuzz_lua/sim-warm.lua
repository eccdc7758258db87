--sim
-- Played as a simulation too: set-up first (the warm point is the first random call).
local deck = require "deck"
local d = deck.new{ id = "pile", cards = game.components.deck.cards }
local setup_done = game.options.level .. game.options.who
d:shuffle()
local picks = {}
for i = 1, 5 do
  picks[#picks + 1] = ui.ask("Turn " .. i, { "a", "b", "c" })
  if ui.confirm("Draw?") and not d:is_empty() then picks[#picks + 1] = tostring(d:draw()) end
end
return { result = "win", summary = setup_done .. table.concat(picks, ","), scores = { bot = #picks } }
