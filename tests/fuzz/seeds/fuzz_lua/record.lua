-- game.record with nested fields, a refilled table, and odd values.
local fields = { a = 1, b = "two", c = { 3, 4, { five = true } }, d = 1.5, e = math.maxinteger }
game.record("custom", fields)
fields.a = nil
fields.c = "changed"
game.record("custom", fields)
local ok, err = pcall(game.record, "start", {})
local ok2, err2 = pcall(game.record, "x", { [1.5] = 1 })
ui.say(tostring(ok) .. " " .. tostring(err) .. " " .. tostring(ok2) .. " " .. tostring(err2))
ui.show("State", { { label = "Gold", value = 3 }, { label = "Cards", value = { "a", "b" } } })
ui.show("Lazy", function() return { { label = "n", value = 1 } } end)
return { result = "draw", summary = "recorded" }
