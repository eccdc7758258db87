-- NAVIGATION: his Fleet sails counter-clockwise to the first space where he can do something:
-- load Crates, take a Craft tile, or take the space's Location action.
local priority = require "priority"
local words = require "words"
local actions = require "actions"
local requests = require "requests"

local navigation = {}

-- A Craft tile he gains: below his Workshop (apprentice-scribe) or on his shelf for 3 Renown;
-- with Keeper or River of Wisdom he may then fulfil a King's Request at once.
function navigation.gain_craft(s)
  if s.difficulty == "apprentice-scribe" then
    s.below = s.below + 1
    ui.say("Zotikós takes the Craft tile and puts it below his Workshop (%d there).", s.below)
    ui.why("Apprentice Scribe: Craft tiles wait below his Workshop until his Fleet returns.")
    return
  end
  local tile = { kind = "craft" }
  if not requests.shelve(s, tile) then return end
  s.renown:add(s.board.renown.craft)
  ui.say("Zotikós scores %d Renown for the Craft tile.", s.board.renown.craft)
  ui.why("Chief Librarian and harder: a Craft tile goes at once onto his lowest empty shelf space, %s, for %d "
    .. "Renown.", requests.seal_text(tile.sealed), s.board.renown.craft)
  if s.difficulty == "keeper" or s.difficulty == "river-of-wisdom" then
    local choice, decision = requests.fulfillable(s)
    if choice then
      ui.say("%s: with this Craft tile his shelf meets a King's Request, so he fulfills it at once and then takes "
        .. "the top-left King's Request card of the Palace.", s.difficulty == "keeper" and "Keeper of the Lost Knowledge"
        or "River of Wisdom (as Keeper of the Lost Knowledge)")
      ui.why("Keeper of the Lost Knowledge and River of Wisdom: a Craft tile placed on his shelf lets him fulfil a "
        .. "King's Request at once (README ruling 21).")
      requests.fulfill(s, choice, decision)
      requests.take(s, "The King's Request card he takes", "the top-left King's Request card of the Palace",
        "the Keeper's reward for that fulfilment (README ruling 21)")
    end
  end
end

local function craft_there(s, space)
  s.craft_gone = s.craft_gone or {}
  if s.craft_gone[space.id] then return false end
  local yes = ui.confirm(string.format("Is there a Craft tile on %s of the Navigation track?", space.name))
  if not yes then s.craft_gone[space.id] = true end
  return yes
end

-- Whether he has somewhere to put a Craft tile: below his Workshop (Apprentice Scribe) always, else an
-- empty shelf space (README ruling 10).
function navigation.craft_room(s)
  return s.difficulty == "apprentice-scribe" or #s.shelf < s.board.shelf_spaces
end

function navigation.useful(s, space)
  if space.load then return true end
  -- With no room for its tile a Craft space is no stop: nothing is asked, nor noted about its tile.
  if space.craft then return navigation.craft_room(s) and craft_there(s, space) end
  if space.action then return actions.can(s, space.action) end
  return false
end

-- One sailing, to the first useful space within `reach` spaces counter-clockwise. Returns the
-- space he stops on and how much of the reach is left beyond it (nil when his Fleet stays).
local function sail(s, reach)
  local ring = s.board.navigation
  local candidates = {}
  for k = 1, reach do
    local i = (s.fleet - 1 + k) % #ring + 1
    candidates[#candidates + 1] = { i = i, k = k, space = ring[i] }
  end
  -- Spaces are looked at in sailing order, and none after the first useful one: only it counts.
  -- Tested here, not inside the priority list, which skips its criteria when one space is in reach.
  local first
  for _, c in ipairs(candidates) do
    if navigation.useful(s, c.space) then
      first = c
      break
    end
  end
  local found = first ~= nil
  local dest, decision = priority.choose(candidates, {
    { "the first space counter-clockwise where he can act, load Crates or take a Craft tile", prefer = function(c)
      return c == first
    end },
  }, { first = "the next space", label = function(c) return c.space.name end })
  if not found then
    if reach < #ring - 1 then
      ui.say("No space between here and where his Navigation began this turn is of use to him: his Fleet stays on "
        .. "%s.", ring[s.fleet].name)
      ui.why("One turn's sailing never goes a full lap (README ruling 14).")
    else
      ui.say("No space of the Navigation track is of use to him: his Fleet stays on %s.", ring[s.fleet].name)
      ui.why("Navigation: %s (README ruling 14).", words.decided(decision.why))
    end
    return nil
  end
  local passed_craft = false
  for _, c in ipairs(candidates) do
    if c.k < dest.k and c.space.craft then passed_craft = true end
  end
  s.fleet = dest.i
  ui.say("Move his Fleet marker counter-clockwise to %s.", dest.space.name)
  ui.why("Navigation: %s%s.", words.decided(decision.why), passed_craft and not navigation.craft_room(s)
    and "; a Craft space is of no use with his shelf full (README ruling 14)" or "")
  ui.say("If your Fleet is on that space, take 1 Crate resource of your choice from the supply (and if you later "
    .. "end a move there, pay 1 Crate resource).")
  return dest.space, reach - dest.k
end

actions.register("navigation", game.step("navigation", function(s)
  -- A Navigation within this one (after a failed action on a space, or the Academy's) sails on only
  -- as far as where this one began: one turn's sailing never goes a full lap (README ruling 14).
  local outer = s.voyage == nil
  local space, left = sail(s, s.voyage or #s.board.navigation - 1)
  if not space then return end
  s.voyage = left
  if space.load then
    s.crates:add(2)
    ui.say("Zotikós loads 2 Crate resources: put any 2 from the supply below his Workshop (%d there).", s.crates.value)
  elseif space.craft then
    s.craft_gone[space.id] = true
    navigation.gain_craft(s)
  elseif space.action then
    if space.merchant then
      s.crates:add(1)
      ui.say("The Merchant ship: put any 1 Crate resource from the supply below his Workshop (%d there).",
        s.crates.value)
    end
    ui.say("He takes the %s action of that space (ignoring its bonuses).", words.name(space.action))
    if not actions.attempt(s, space.action) then
      ui.say("Zotikós cannot take the %s action: he performs Navigation again, sailing on from that space.",
        words.name(space.action))
      ui.why("A failed action sends him to Navigation, which stops only where he can act (README ruling 14).")
      actions.attempt(s, "navigation")
    end
  end
  if outer then s.voyage = nil end
end))

return navigation
