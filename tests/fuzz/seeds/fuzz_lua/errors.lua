-- The game ends in an error of the bot's: from a step, with a table as the error value.
local turn = game.step("turn", function()
  local t = nil
  return t.field
end)
ui.ask("Start?", { "go" })
xpcall(turn, function(m) return "handled: " .. tostring(m) end)
error(setmetatable({}, { __tostring = function() return "a table error" end }))
