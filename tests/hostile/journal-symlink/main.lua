for round = 1, 3 do
  local a = ui.ask("Round " .. round .. ": pick one", { "left", "right" })
  ui.say("You picked " .. a)
end
return { result = "draw", summary = "done", scores = { player = 1 } }
