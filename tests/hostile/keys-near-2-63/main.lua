-- Integer keys that round to 2^63 as floats, beside the float keys 2^63 and 2^64.
local t = { [math.maxinteger] = "max", [math.maxinteger - 1] = "max-1", [2.0 ^ 63] = "2^63",
            [2.0 ^ 64] = "2^64", [1.5] = "1.5", [-2.0 ^ 63 - 4096] = "below", [math.mininteger] = "min" }
local seen = {}
for _, v in pairs(t) do seen[#seen + 1] = v end
ui.say("pairs: " .. table.concat(seen, " "))
seen = {}
local k, v = next(t)
while k ~= nil do
  seen[#seen + 1] = v
  k, v = next(t, k)
end
ui.say("next: " .. table.concat(seen, " "))
return { result = "draw", summary = "ok", scores = {} }
