-- Setup: the 2-player game with his changes A to C, then his own components, steps 1 to 7.
local words = require "words"
local requests = require "requests"
local school = require "school"
local endgen = require "endgen"
local State = require "state"

local setup = {}

local DIFFICULTY = {
  ["apprentice-scribe"] = "Apprentice Scribe (easy): Craft tiles wait below his Workshop until his Fleet returns",
  ["chief-librarian"] = "Chief Librarian (medium): Craft tiles go straight onto his shelf; returning, his "
    .. "Crates score 2 Renown each",
  keeper = "Keeper of the Lost Knowledge (medium+): as Chief Librarian, and a Craft tile may fulfil a King's "
    .. "Request at once; his Crates also score at the end",
  ["river-of-wisdom"] = "River of Wisdom (hard): as Keeper, and his Fleet's return raises his School Scribes' "
    .. "Knowledge",
}

setup.run = game.step("setup", function(s)
  local b = s.board
  -- Shown from the start: `show` at every setup question gives what is known so far.
  State.show(s)
  ui.say("Set up the game for 2 players and choose a colour for Zotikós. Difficulty: %s.", DIFFICULTY[s.difficulty])
  ui.say("He uses no Time, Research tokens, Translation Stones or King's Grace tokens, and gains Crate resources "
    .. "only by Navigation.")
  -- A: a Starting King's Request card and the matching Starting Manuscript on shelf space 1.
  ui.say("A. Draw a Starting King's Request card at random for him and lay it face up on the rightmost request "
    .. "space of his Workshop.")
  local card = { needs = {} }
  s.requests[1] = card
  -- It lies on the rightmost request space: the empty spaces are to its left.
  s.requests_gap = b.requests_max - 1
  requests.read(s, "His Starting King's Request card", card)
  local specs, seen = {}, {}
  for _, n in ipairs(card.needs) do
    if n.specialty ~= "any" and n.kind ~= "craft" and not seen[n.specialty] then
      seen[n.specialty] = true
      specs[#specs + 1] = n.specialty
    end
  end
  local sp
  if #specs == 1 then
    sp = specs[1]
  else
    local named = #specs > 0
    if not named then specs = b.specialties end
    local options = {}
    for _, x in ipairs(specs) do options[#options + 1] = { id = x, label = words.cap(x) } end
    sp = ui.ask(string.format("His card shows %s: which Starting Manuscript do you put on his shelf space 1?",
      named and "more than one specialty" or "no specialty"), options)
  end
  s.shelf[1] = { kind = "manuscript", specialty = sp, sealed = true }
  s.seals:add(-1)
  ui.say("Put %s Starting Manuscript on his shelf space 1 and mark it with one of his Seals.", words.a(words.cap(sp)))
  ui.say("B. Give him 2 Pinax tiles at random, face down on their space of his Workshop, unseen.")
  s.time_die:set(1)
  ui.say("C. Set one of the unused Time dice to 1 on its place on his Workshop: his Time die.")
  -- 1: his Starting Scribe holds a Knowledge die of 2.
  local ssp, free = school.ask_scribe(s, "1. Which specialty is his Starting Scribe, and is the School's space of "
    .. "that specialty free?")
  local sc = school.add_scribe(s, ssp, free, " (his Starting Scribe)")
  sc.starting = true
  ui.say("His other %d Knowledge dice wait beside his Workshop as usual.", b.knowledge.dice - 1)
  -- 2 to 7: his stacks and decks (with components=physical you shuffle the real ones).
  local keep = s.physical and "" or " (Soloist shuffles and reveals them: leave them in the box)"
  ui.say("2. His 5 Ship Location tiles, 4 Harbor tiles and 9 Study tiles make three face-down stacks%s.", keep)
  s.ships:shuffle()
  s.harbor:shuffle()
  s.study:shuffle()
  ui.say("3. Put his 4 Captain tokens below the Harbor tiles' space of his Workshop.")
  ui.say("4-5. His 7 Generation cards and his 9 Action cards make two face-down decks%s; the top Action card is set "
    .. "aside face down, unplayed this generation.", keep)
  s.generations:shuffle()
  s.actions:shuffle()
  s.actions:set_aside()
  ui.say("6. His 4 Invited Scholar Location tiles make a face-down stack%s; put his 4 Invited Scholars on their "
    .. "spaces below that stack's space of his Workshop.", keep)
  s.invited:shuffle()
  ui.say("7. His 2 Local Scholars and his other %d Seals go beside his Workshop.", s.seals.value)
  endgen.roll_time_dice(s)
  local first = ui.ask("Who is first in turn order?", { { id = "player", label = "I am" },
    { id = "bot", label = "Zotikós" } })
  s.first = first
  ui.say("Inauguration round: you play it; Zotikós skips it. Gain %d Time as the %s player.",
    first == "player" and b.player_time.first or b.player_time.second, first == "player" and "first" or "second")
  State.show(s)
end)

return setup
