-- A correctable value the host reads and sets at every question.
local gold = 5
game.correctable{ id = "gold", label = "Gold", min = 0, max = 20,
  get = function() return gold end,
  set = function(v) gold = v end }
local counters = require "counters"
local score = counters.new{ id = "score", label = "Score", value = 0, min = 0, max = 99, correctable = true }
for i = 1, 3 do
  local n = ui.number("Gold to add?", 0, 3)
  gold = gold + n
  score:add(1)
end
return { result = "win", summary = "gold " .. gold, scores = { bot = gold, player = score.value } }
