-- Flowchart steps, nested, one raising an error caught by pcall.
local setup = game.step("setup", function(n)
  ui.why("setting up %d", n)
  return n * 2
end)
local turn = game.step("turn", function(i)
  if i == 2 then error("bad turn " .. i) end
  return ui.ask("Turn " .. i, { "a", "b" })
end)
local score = game.step("score", function() return setup(3) + 1 end)
local log = {}
for i = 1, 3 do
  local ok, v = pcall(turn, i)
  log[#log + 1] = tostring(ok) .. ":" .. tostring(v)
end
return { result = "win", summary = table.concat(log, ","), scores = { bot = score() } }
