local coins = 3
game.correctable{ id = "coins", label = "Coins", min = 0, max = 99,
                  get = function() return coins end, set = function(v) coins = v end }
for i = 1, 200 do ui.confirm("Go on " .. i .. "?") end
return { result = "draw", summary = "done", scores = { coins = coins } }
