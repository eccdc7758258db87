-- load (text only), string functions, utf8, math, error values of every type.
local f = load("return 1 + ...", "chunk", "t")
local g, err = load("\27Lua", "binary", "b")
local s = string.format("%5.2f %d %s %q %x", 3.14159, 42, "x", "q\n", 255)
local parts = {}
for w in ("a,b,,c"):gmatch("([^,]*)") do parts[#parts + 1] = w end
local u = utf8.char(233, 8364) .. utf8.len("héllo")
local ok, e = pcall(error, { code = 1 })
local ok2, e2 = pcall(error, setmetatable({}, { __tostring = function() return "custom" end }))
local ok3, e3 = pcall(string.format, "%p", {})
local big = string.rep("ab", 1000, ",")
ui.say("%s %s %s %s %s %s", f(2), tostring(g), s, u, tostring(e3), #big)
local n = math.tointeger(2^53) // 3 + math.floor(-0.5) + (math.maxinteger + 1 == math.mininteger and 1 or 0)
return { result = "win", summary = tostring(n) .. " " .. #parts .. " " .. tostring(err) }
