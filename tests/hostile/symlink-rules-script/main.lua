local turn = game.step("turn", function() ui.say("the bot's turn") end)
turn()
return { result = "draw", summary = "done", scores = { player = 1 } }
