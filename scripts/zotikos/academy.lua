-- ACADEMY: a Study tile picks the Knowledge track; his marker moves to the end of the next zone,
-- where he takes the zone's Great Work (and its King's Request card or Pinax tile).
local words = require "words"
local actions = require "actions"
local requests = require "requests"

local academy = {}

-- The next Study tile (the discards are shuffled back when the stack runs out).
function academy.study_tile(s)
  return s.study:flip()
end

actions.register("academy", game.step("academy", function(s)
  local tile = academy.study_tile(s)
  local sp = tile.specialty
  local zones = s.board.academy
  local marker = s.academy[sp]
  local z = math.min(marker.position + 1, #zones)
  local zone = zones[z]
  if marker:at_top() then
    ui.say("His Study tile shows %s: his %s Academy marker is already just before the breakthrough ending zone %s, "
      .. "the last zone, so it does not move.", words.cap(sp), words.cap(sp), zone.name)
    ui.why("His marker is already in the last zone; it stays there (README ruling 16).")
  else
    ui.say("His Study tile shows %s: move his %s Academy marker to the space just before the breakthrough ending "
      .. "zone %s.", words.cap(sp), words.cap(sp), zone.name)
    ui.why("The Study tile names the Knowledge track; his marker goes to the end of the next zone.")
  end
  marker:set(z)
  local key = sp .. ":" .. z
  local work, renown, full = false, 0, false
  if zone.great_work then
    if s.gone[key] then
      ui.say("The %s Great Work of stack %s is gone (%s).", words.cap(sp), zone.name, s.gone[key])
      ui.why("Each Great Work stack holds one Great Work of a specialty; once gone it does not come back (README "
        .. "ruling 16).")
    elseif #s.shelf >= s.board.shelf_spaces then
      -- He could not place it, so he cannot take it: nothing to ask, and it stays in its stack.
      full = true
      ui.say("His shelf is full: he cannot take the %s Great Work of stack %s, which stays there.", words.cap(sp),
        zone.name)
      ui.why("A Great Work he takes goes onto an empty shelf space; with none it counts as not available (README "
        .. "rulings 10 and 16).")
    else
      -- One question: whether the Great Work is there and, in the same answer, its Renown.
      renown = ui.number(string.format("Great Work stack %s: how much Renown does its %s Great Work give? (0: there "
        .. "is no %s Great Work in it)", zone.name, words.cap(sp), words.cap(sp)), 0, 30)
      work = renown > 0
      if not work then s.gone[key] = "you said so before" end
    end
  end
  if work then
    s.gone[key] = "he took it"
    ui.say("Zotikós takes the %s Great Work of stack %s and scores %d Renown.", words.cap(sp), zone.name, renown)
    ui.why("His Academy marker is in zone %s, which gives the Great Work of the track's specialty.", zone.name)
    requests.shelve(s, { kind = "great-work", specialty = sp })
    s.renown:add(renown)
  end
  if zone.request then
    local took, why_not = requests.take(s, "The King's Request card he takes",
      "the topmost, leftmost King's Request card of the Palace display")
    if not took and why_not == "full" then
      ui.say("He already holds %d King's Request cards, so he takes none from zone %s.", #s.requests, zone.name)
      ui.why("Zone %s's King's Request card is ignored while he holds %d already.", zone.name, s.board.requests_max)
    end
  end
  if zone.pinax then
    -- Soloist cannot see the Time and Pinax board: with none left there he takes none, and the
    -- count is corrected (README ruling 31).
    s.pinax = s.pinax + 1
    ui.say("He takes the topmost available Pinax tile of the Time and Pinax board and lays it face down beside "
      .. "his Workshop (%d now).", s.pinax)
    ui.say("If the board has no Pinax tile left, he takes none: then `set pinax %d`.", s.pinax - 1)
    ui.why("Zone %s gives a Pinax tile %s.", zone.name, work and "as well as its Great Work"
      or "even when its Great Work is not there: he takes what he can")
  end
  if work then
    marker:set(0)
    ui.say("Move his %s Academy marker back to the starting space.", words.cap(sp))
    ui.why("Taking a Great Work sends the marker back to its starting space.")
    return true
  end
  -- Navigation is part of this action, not a fallback: the Academy was taken, so a Location
  -- tile's other action is not tried and a Local Scholar stays (README ruling 16).
  ui.say("Then Zotikós performs Navigation.")
  ui.why(full and "His shelf has no room for the zone's Great Work: he takes only what else the zone gives, then "
    .. "Navigation." or "The zone's Great Work is not there: he takes only what else the zone gives, then Navigation.")
  actions.attempt(s, "navigation")
  return true
end))

return academy
