-- string.rep under many global names, then errors raised inside it: Lua names the function
-- in a traceback, and in an argument error when no call site names it, from package.loaded.
for i = 1, 40 do _ENV["rep" .. i] = string.rep end
local _, caught = pcall(rep17, {}, 1)
ui.say("caught: " .. caught)
rep23({}, 1)
