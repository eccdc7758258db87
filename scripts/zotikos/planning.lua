-- The planning phase: in reverse turn order you and he place Local Scholars below Generation
-- tiles, one at a time; his Generation cards choose his tiles. Sharing a tile costs you 2 Time,
-- or gains you 2 when he joins yours.
local words = require "words"
local scholars = require "scholars"
local turn = require "turn"
local State = require "state"

local planning = {}

local function below(s, tile)
  return scholars.his_below(s, tile) + (s.player_scholars[tile] or 0)
end

local function bot_places(s, sc)
  local cap = s.board.scholars_below_tile
  for _ = 1, 30 do
    local card = turn.draw_generation_card(s)
    if below(s, card.tile) < cap then
      sc.tile = card.tile
      ui.say("His Generation card names %s: place his Local Scholar below it.", scholars.tile_name(s, card.tile))
      ui.why("His Generation card chooses his tile, and it has a free space.")
      if (s.player_scholars[card.tile] or 0) > 0 then
        ui.say("He joins your Local Scholar there: gain %d Time.", s.board.player_time.shared_tile)
      end
      return
    end
    ui.say("His Generation card names %s, which has no free space below it: he reveals another.",
      scholars.tile_name(s, card.tile))
    ui.why("Planning: with no space below the tile his card names, his next Generation card decides (%d Local "
      .. "Scholars fit below a tile).", cap)
  end
end

local function player_places(s)
  local options = {}
  for _, t in ipairs(s.board.generation_tiles) do
    if below(s, t.id) < s.board.scholars_below_tile then
      local his = scholars.his_below(s, t.id) > 0
      options[#options + 1] = { id = t.id, label = words.name(t.location) .. (his and string.format(
        " (his Local Scholar is there: you pay %d Time)", s.board.player_time.shared_tile) or "") }
    end
  end
  options[#options + 1] = { id = "none", label = "I place no more Local Scholars" }
  local a = ui.ask(string.format("Generation %d, planning: below which Generation tile do you place a Local Scholar?",
    s.generation), options)
  if a == "none" then return false end
  if scholars.his_below(s, a) > 0 then
    ui.say("You share %s with his Local Scholar: pay %d Time.", scholars.tile_name(s, a),
      s.board.player_time.shared_tile)
  end
  s.player_scholars[a] = (s.player_scholars[a] or 0) + 1
  return true
end

planning.run = game.step("planning phase", function(s)
  s.player_scholars = {}
  s.scholars = { { used = false }, { used = false } }
  -- Last generation's Reads are over: `show` gives nobody as having read until someone does.
  s.player_read, s.bot_read, s.player_took_first = false, false, false
  local who = s.first == "bot" and "player" or "bot"
  ui.say("Generation %d: the planning phase, in reverse turn order (%s first).", s.generation,
    who == "bot" and "Zotikós" or "you")
  local his, yours, player_done = 0, 0, false
  while his < #s.scholars or not player_done do
    if who == "bot" and his < #s.scholars then
      his = his + 1
      bot_places(s, s.scholars[his])
    elseif who == "player" and not player_done then
      if player_places(s) then
        yours = yours + 1
        player_done = yours >= 2
      else
        player_done = true
      end
    end
    who = who == "bot" and "player" or "bot"
  end
  -- The cards that placed his Scholars go back, so an Action card's Generation card may name a
  -- tile where one of his Scholars waits (README ruling 4).
  s.generations:reshuffle()
  State.show(s)
end)

return planning
