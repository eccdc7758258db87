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
  if requests.shelve(s, { kind = "craft" }) then
    s.renown:add(s.board.renown.craft)
    ui.say("Zotikós scores %d Renown for the Craft tile.", s.board.renown.craft)
    ui.why("Chief Librarian and harder: a Craft tile goes at once onto his lowest empty shelf space, with a Seal, "
      .. "for %d Renown.", s.board.renown.craft)
  end
  if s.difficulty == "keeper" or s.difficulty == "river-of-wisdom" then
    local choice, decision = requests.fulfillable(s)
    if choice then
      ui.why("Keeper of the Lost Knowledge: a Craft tile lets him fulfil a King's Request at once.")
      requests.fulfill(s, choice, decision)
      requests.take(s, "The King's Request card he takes", "the top-left King's Request card of the Palace")
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

function navigation.useful(s, space)
  if space.load then return true end
  if space.craft and craft_there(s, space) then return true end
  if space.action then return actions.can(s, space.action) end
  return false
end

actions.register("navigation", game.step("navigation", function(s)
  local ring = s.board.navigation
  local candidates = {}
  for k = 1, #ring - 1 do
    local i = (s.fleet - 1 + k) % #ring + 1
    candidates[#candidates + 1] = { i = i, space = ring[i] }
  end
  -- Spaces are looked at in sailing order, and none after the first useful one: only it counts.
  local found = false
  local dest, decision = priority.choose(candidates, {
    { "the first space counter-clockwise where he can act, load Crates or take a Craft tile", prefer = function(c)
      if found then return false end
      found = navigation.useful(s, c.space)
      return found
    end },
  }, { first = "the next space", label = function(c) return c.space.name end })
  if not found then
    ui.say("No space of the Navigation track is of use to him: his Fleet stays on %s.", ring[s.fleet].name)
    ui.why("Navigation: %s (README ruling 14).", decision.why)
    return
  end
  s.fleet = dest.i
  local space = dest.space
  ui.say("Move his Fleet marker counter-clockwise to %s.", space.name)
  ui.why("Navigation: %s.", decision.why)
  ui.say("If your Fleet is on that space, take 1 Crate resource of your choice from the supply (and if you later "
    .. "end a move there, pay 1 Crate resource).")
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
      ui.say("The %s action fails after all: his Navigation ends there.", words.name(space.action))
      ui.why("Navigation does not call itself again (README ruling 14).")
    end
  end
end))

return navigation
