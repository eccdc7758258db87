ui.say("the component says: " .. tostring(game.components.secret.secret))
return { result = "draw", summary = "done", scores = { player = 1 } }
