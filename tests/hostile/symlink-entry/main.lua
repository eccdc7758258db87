ui.say("the bot's own entry script ran")
return { result = "draw", summary = "done", scores = { player = 1 } }
