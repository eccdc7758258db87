local helper = require("parts.helper")
ui.say("the helper says: " .. helper.word)
return { result = "draw", summary = "done", scores = { player = 1 } }
