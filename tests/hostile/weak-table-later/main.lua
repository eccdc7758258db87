-- Overwritten by check.sh with each way to make a metatable weak after setmetatable.
return { result = "draw", summary = "", scores = {} }
