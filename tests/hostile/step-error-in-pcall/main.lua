-- A step that fails, caught by pcall 300 times (more than steps may nest), then collected;
-- then a step asks: the question must name that step, and steps must still run.
local fail = game.step("turn", function(i) error("failed turn " .. i) end)
for i = 1, 300 do
  local ok, message = pcall(fail, i)
  assert(not ok and message:find("failed turn " .. i, 1, true))
end
fail = nil
local garbage = {}
for i = 1, 20000 do garbage[i] = { i } end
garbage = nil
local co = coroutine.wrap(function() game.step("turn", function() error("in a coroutine") end)() end)
assert(not pcall(co))
local ask = game.step("ask", function() return ui.ask("Still here?", { "yes" }) end)
local answer = ask()
return { result = "draw", summary = "answered " .. answer, scores = {} }
