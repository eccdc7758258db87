-- Coroutines of the bot's own: wrap, resume, yield across pcall, close, and a question
-- asked from inside one (refused).
local gen = coroutine.wrap(function()
  for i = 1, 3 do coroutine.yield(i) end
end)
local sum = gen() + gen() + gen()
local co = coroutine.create(function(a)
  local b = coroutine.yield(a + 1)
  local ok, e = pcall(function() coroutine.yield(b * 2) end)
  return ok, e
end)
local r = { coroutine.resume(co, 1) }
r[#r + 1] = select(2, coroutine.resume(co, 5))
r[#r + 1] = coroutine.status(co)
coroutine.close(co)
local asker = coroutine.create(function() return ui.ask("inside", { "a" }) end)
local ok, err = coroutine.resume(asker)
ui.say("%s %s %s", sum, tostring(ok), tostring(err))
local pick = ui.ask("outside", { "a", "b" })
return { result = "win", summary = pick .. " " .. table.concat({ tostring(r[1]), tostring(r[2]) }, " ") }
