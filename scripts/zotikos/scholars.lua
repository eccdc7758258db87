-- Local Scholars on the Generations track: whose are below which Generation tile, which of his is
-- leftmost, and whether his is the last one there (then the tile advances).
local priority = require "priority"
local words = require "words"
local actions = require "actions"

local scholars = {}

function scholars.tile_name(s, id)
  return "the " .. words.name(s.tile_by_id[id].location) .. " Generation tile"
end

-- His Local Scholars below tiles, in the order he placed them.
function scholars.on_track(s)
  local out = {}
  for _, sc in ipairs(s.scholars) do
    if sc.tile then out[#out + 1] = sc end
  end
  return out
end

function scholars.his_below(s, tile)
  local n = 0
  for _, sc in ipairs(s.scholars) do
    if sc.tile == tile then n = n + 1 end
  end
  return n
end

-- The leftmost of his Local Scholars on the track (you say which tile lies further left when his
-- two are below different tiles).
function scholars.leftmost(s)
  local on = scholars.on_track(s)
  local left
  local sc, decision = priority.choose(on, {
    { "the leftmost on the Generations track", prefer = function(x)
      -- Both below one tile: nothing to ask, either will do.
      if on[1].tile == on[2].tile then return true end
      if not left then
        local a, b = on[1].tile, on[2].tile
        left = ui.ask("Which of these Generation tiles lies further left on the Generations track?", {
          { id = a, label = words.name(s.tile_by_id[a].location) },
          { id = b, label = words.name(s.tile_by_id[b].location) } })
      end
      return x.tile == left
    end },
  }, { first = "both below the same tile: either", label = function(x) return scholars.tile_name(s, x.tile) end })
  return sc, decision
end

-- Moves his Scholar from below its tile to the tile's Location; advances the tile when it was
-- the last Local Scholar below it. Whether yours is still there changes nothing he decides, so
-- when you placed one there the advance is said on that condition, not asked (README ruling 23).
function scholars.use(s, sc)
  local tile = sc.tile
  sc.tile, sc.used = nil, true
  if scholars.his_below(s, tile) == 0 then
    -- The usual advance: an Event tile where it lands is triggered; its bonus is not his (README ruling 29).
    local advance = "advance that tile (to the space right of the rightmost Generation tile, or one space if it is "
      .. "the rightmost) and trigger an Event tile there as usual; he takes no bonus of that space"
    if (s.player_scholars[tile] or 0) == 0 then
      ui.say("His was the last Local Scholar below %s: %s.", scholars.tile_name(s, tile), advance)
      ui.why("The last Local Scholar to leave a Generation tile advances it in the usual way, which triggers an Event "
        .. "tile where it lands (README ruling 29).")
    else
      ui.say("If no Local Scholar of yours is still below %s, his was the last one there: %s.",
        scholars.tile_name(s, tile), advance)
      ui.why("The last Local Scholar to leave a tile advances it; yours may have left already, which only you know "
        .. "(README ruling 23).")
    end
  end
  local t = s.tile_by_id[tile]
  if t.scholar_spaces == false then
    ui.say("%s sends him to %s, which has no Scholar spaces: put his Local Scholar beside his Workshop.",
      words.cap(scholars.tile_name(s, tile)), words.name(t.location))
  else
    actions.send(s, "his Local Scholar", t.location)
  end
  return t.location
end

return scholars
