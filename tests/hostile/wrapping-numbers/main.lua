local coins = 3
game.correctable{ id = "coins", label = "Coins", min = 0, max = 99,
                  get = function() return coins end, set = function(v) coins = v end }
local n = ui.number("How many?", -5, 5)
ui.say("You said " .. n .. "; coins " .. coins)
return { result = "draw", summary = "said " .. n, scores = { player = n } }
