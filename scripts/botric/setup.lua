-- Setup: a two-player game with Botric's changes, its Solo Action tile, Favour tile, action line,
-- Action markers and villagers.
local markers = require "markers"

local setup = {}

setup.run = game.step("setup", function(state)
  local data, opts = state.data, state.options
  ui.say("Set up Hamlet for two players. Botric uses no Donkeys: put them back in the box (none goes on the Church for it).")
  ui.say("You are the start player and take 3 Gold as usual.")
  if opts["easier-donkeys"] then
    ui.say("Easier game: you start with 2 Donkeys on the Church.")
  end
  local start_gold, start_villagers = data.favour_start_gold, data.villagers_start
  if opts["harder-villagers"] then
    start_gold, start_villagers = 0, 2
  end
  state.favour.gold = start_gold
  ui.say("Put the Solo Action tile in Botric's area and its Favour tile face up in the tile's top-right recess, with %s on it.",
    start_gold == 0 and "no Gold" or (start_gold .. " Gold"))
  if opts["harder-villagers"] then
    ui.why("Harder game: Botric starts with 2 villagers but no Gold.")
  end
  markers.lay_line(state)
  local s = state.spots
  ui.say("Action markers: %d %s, %d %s and %d of Botric's own %s. Put one %s on the first spot of the Solo Action tile's "
    .. "bottom row, one %s on the second and one %s on the third.", data.markers.first, s[1], data.markers.second, s[2],
    data.markers.own, s[3], s[1], s[2], s[3])
  if state.physical then
    ui.say("The other 6 go into your bag or cup: you draw them for Botric and tell Soloist the colour.")
  else
    ui.say("Soloist keeps the other 6 in its own bag and draws them for Botric.")
  end
  for n = 1, start_villagers do
    local v = state.villagers[n]
    v.active, v.standing, v.tile = true, true, "the Church"
  end
  ui.say("Botric's %s on the Church.", start_villagers == 1 and "villager starts" or (start_villagers .. " villagers start"))
end)

return setup
