-- Every random call, on several streams.
local d = random.roll("dice", 6)
local i = random.int("ints", -3, 3)
local idx, v = random.pick("pick", { "x", "y", { id = "z" } })
local list = random.shuffle("shuffle", { 1, 2, 3, 4, 5 })
game.record("rolled", { d = d, i = i, idx = idx, list = list })
if ui.confirm("Roll again?") then d = d + random.roll("dice", 20) end
return { result = d > 10 and "win" or "loss", summary = "d=" .. d .. " v=" .. tostring(v), scores = { bot = d } }
