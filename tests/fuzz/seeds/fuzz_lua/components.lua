-- The library components on the bot's data.
local deck = require "deck"
local bag = require "bag"
local dice = require "dice"
local track = require "track"
local line = require "line"
local d = deck.new{ id = "pile", cards = game.components.deck.cards }
d:shuffle()
local top = d:draw()
d:discard(top)
local b = bag.new{ id = "guilds", tokens = { "red", "blue", { id = "gold" } } }
local t = b:draw()
local die = dice.new{ id = "d6", sides = 6 }
local face = die:roll()
local tr = track.new{ id = "vp", min = 0, max = 10, thresholds = { [5] = "half", ["10"] = "top" } }
local passed = tr:move(face + 4)
local l = line.new{ id = "order", tokens = { "a", "b", "c" } }
l:move_to_end("a")
local choice = ui.ask("Card " .. tostring(top) .. "?", { "keep", "drop" })
return { result = "win", summary = choice .. " " .. tostring(t) .. " " .. #passed .. " " .. l:first(),
  scores = { bot = tr.position } }
