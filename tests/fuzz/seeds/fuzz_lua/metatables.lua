-- Metatables: __index chains, __newindex, __call, __tostring, __eq, __lt, __len, __close,
-- weak tables, and attempts on the host's tables.
local Vec = {}
Vec.__index = Vec
Vec.__add = function(a, b) return setmetatable({ x = a.x + b.x }, Vec) end
Vec.__tostring = function(v) return "Vec(" .. v.x .. ")" end
Vec.__eq = function(a, b) return a.x == b.x end
Vec.__lt = function(a, b) return a.x < b.x end
Vec.__len = function(v) return v.x end
Vec.__call = function(v, n) return v.x * n end
local a, b = setmetatable({ x = 1 }, Vec), setmetatable({ x = 2 }, Vec)
local c = a + b
local weak = setmetatable({}, { __mode = "k" })
weak[{}] = 1
local ok1 = pcall(setmetatable, {}, { __gc = function() end })
local ok2 = pcall(function() string.rep = nil end)
local ok3 = pcall(function() getmetatable("").__index = {} end)
local ok4 = pcall(rawset, ui, "say", print)
do local guard <close> = setmetatable({}, { __close = function() ui.say("closed") end }) end
local proxy = setmetatable({}, { __index = function(t, k) return k .. "!" end, __newindex = function(t, k, v) rawset(t, k, v * 2) end })
proxy.n = 21
ui.say("%s %s %s %s %s %s %s", tostring(c), tostring(a == b), tostring(a < b), #c, c(2), proxy.missing, proxy.n)
local keys = {}
for k, v in pairs({ z = 1, a = 2, [3] = 3, [1.5] = 4, [true] = 5 }) do keys[#keys + 1] = tostring(k) end
ui.say(table.concat(keys, ","), tostring(ok1), tostring(ok2), tostring(ok3), tostring(ok4))
return { result = ui.confirm("win?") and "win" or "loss", summary = table.concat(keys, " ") }
