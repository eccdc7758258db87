--sim
-- A simulation whose warm point is a question; a memory-hungry table between questions.
local t = {}
local n = ui.number("How many?", 1, 4)
for i = 1, n * 1000 do t[i] = string.rep("x", i % 50) end
local seed_read = game.seed
local r = random.roll("d", 6)
return { result = r > 3 and "win" or "loss", summary = #t .. " " .. tostring(seed_read), scores = { bot = r } }
