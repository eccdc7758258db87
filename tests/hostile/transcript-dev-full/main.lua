local a = ui.ask("Pick one", { "left", "right" })
ui.say("You picked " .. a)
return { result = "draw", summary = "done", scores = { player = 1 } }
