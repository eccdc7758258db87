local helper = require("helper")
ui.say("the helper says: " .. helper.word)
return { result = "draw", summary = "done", scores = { player = 1 } }
