-- The getter of a correctable value loops forever; the game itself is well behaved.
local gold = 3
game.correctable{ id = "gold", label = "Gold", min = 0, max = 9,
                  get = function() while true do end end, set = function(v) gold = v end }
local a = ui.ask("Go?", { "go" })
local ok, message = pcall(error, "a caught error")
ui.say("after pcall: " .. tostring(ok) .. ", " .. message)
return { result = "draw", summary = "gold " .. gold, scores = {} }
