-- Runs into the instruction limit inside pcall inside a coroutine.
ui.ask("Go?", { "yes" })
local co = coroutine.wrap(function() while true do pcall(function() for i = 1, 1e9 do end end) end end)
co()
return { result = "win", summary = "never" }
