-- Questions of every kind in a loop, answers narrated.
local total = 0
for round = 1, game.options.rounds do
  local pick = ui.ask("Round " .. round .. ": which action?", { "gold", "wood", { id = "pass", label = "Pass" } })
  local again = ui.confirm("Again?")
  local n = ui.number("How many?", 0, 5)
  ui.say("round %d: %s %s %d", round, pick, tostring(again), n)
  total = total + n
end
return { result = "win", summary = "total " .. total, scores = { bot = total, player = 1 } }
