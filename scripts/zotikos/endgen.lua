-- The end of a generation, steps 1 to 11: his Fleet returns, a Study tile moves a Manuscript
-- from the Harbor to the Scriptorium, Scholars come home, his decks are shuffled, the Scriptorium
-- Scribes are discarded and the Time dice are rolled again.
local words = require "words"
local academy = require "academy"
local requests = require "requests"
local school = require "school"
local State = require "state"

local endgen = {}

-- Rolls the Time board's dice (Soloist rolls them, so it knows their faces; README ruling 6).
function endgen.roll_time_dice(s)
  local values = {}
  s.time_dice = {}
  for i = 1, #s.board.time_board do
    local v = random.roll("dice:time-board", 6)
    s.time_dice[i] = { value = v, used = false }
    values[i] = tostring(v)
  end
  ui.say("Set the Time board's dice, top to bottom: %s.", table.concat(values, ", "))
end

-- Step 1: his Fleet returns; the difficulty says what his Crates and Craft tiles become.
local function fleet_returns(s)
  s.fleet = 1
  ui.say("1. Return his Fleet marker to Alexandria.")
  if s.difficulty == "apprentice-scribe" then
    -- Only as many as his shelf has empty spaces for: the others stay below his Workshop, unscored
    -- (README ruling 10).
    local n = math.min(s.below, s.board.shelf_spaces - #s.shelf)
    local sealed = true
    for _ = 1, n do
      s.below = s.below - 1
      local tile = { kind = "craft" }
      requests.shelve(s, tile)
      sealed = sealed and tile.sealed
      s.renown:add(s.board.renown.craft)
    end
    if n > 0 then
      ui.say("His %s from below his Workshop %s onto his shelf: %d Renown.", words.plural(n, "Craft tile"),
        n == 1 and "goes" or "go",
        n * s.board.renown.craft)
      ui.why("Apprentice Scribe: when his Fleet returns, his Craft tiles go onto his lowest empty shelf spaces, "
        .. "%s, and score %d Renown each.", sealed and "each with a Seal" or "each with a Seal while he has one left "
        .. "(README ruling 10)", s.board.renown.craft)
    end
    if s.below > 0 then
      ui.say("His shelf is full: his %s %s below his Workshop.", words.plural(s.below, "Craft tile"),
        s.below == 1 and "stays" or "stay")
      ui.why("A Craft tile needs an empty shelf space; it waits for a later return of his Fleet (README ruling 10).")
    end
  else
    local n = s.crates.value
    if n > 0 then
      ui.why("Chief Librarian and harder: his Crates score %d Renown each when his Fleet returns.", s.board.renown.crate)
      s.renown:add(n * s.board.renown.crate)
      s.crates:set(0)
      ui.say("He scores %d Renown for his %s and returns them to the supply.", n * s.board.renown.crate,
        words.plural(n, "Crate resource"))
    end
    if s.difficulty == "river-of-wisdom" then
      for _, sc in ipairs(State.in_school(s)) do
        if school.raise(s, sc) > 0 then
          ui.say("River of Wisdom: turn the Knowledge die of %s up to %d.", State.scribe_name(s, sc), sc.knowledge)
        else
          ui.say("River of Wisdom: the Knowledge die of %s stays at %d, the most it can show.",
            State.scribe_name(s, sc), sc.knowledge)
        end
      end
      if #State.in_school(s) > 0 then
        ui.why("River of Wisdom: his Fleet's return raises each of his School Scribes' Knowledge by %d (up to %d).",
          s.board.knowledge.step, s.board.knowledge.max)
      end
    end
  end
end

-- Step 2: Study tiles name the Manuscript that goes from the Harbor below a Lighthouse space.
local function lighthouse(s)
  local absent, sp = {}, nil
  local left = #s.board.specialties
  while left > 0 do
    local t = academy.study_tile(s)
    if not absent[t.specialty] then
      if ui.confirm(string.format("2. His Study tile shows %s. Is there %s Manuscript in the Harbor?",
        words.cap(t.specialty), words.a(words.cap(t.specialty)))) then
        sp = t.specialty
        break
      end
      absent[t.specialty] = true
      left = left - 1
    else
      ui.say("2. His Study tile shows %s again, which is not in the Harbor: he reveals another.",
        words.cap(t.specialty))
    end
  end
  if not sp then
    ui.say("No Manuscript of any specialty is in the Harbor: nothing moves to the Lighthouse.")
    ui.why("Revealing more tiles could find nothing (README ruling 17).")
  else
    -- Which Lighthouse space takes it changes nothing he decides: the rule is said, not asked
    -- (README ruling 17).
    ui.say("Move the %s Manuscript from the Harbor below the Lighthouse space of the Scriptorium with the fewest "
      .. "Manuscripts below it (the leftmost of those tied).", words.cap(sp))
    ui.why("End of generation, step 2: the Lighthouse space with the fewest Manuscripts, the leftmost if tied; you "
      .. "can see them, and where it goes changes nothing he decides, so Soloist does not ask.")
    local t = academy.study_tile(s)
    ui.say("His next Study tile shows %s: refill the Harbor's empty space with %s Manuscript from the stacks.",
      words.cap(t.specialty), words.a(words.cap(t.specialty)))
  end
  s.study:reshuffle()
end

endgen.run = game.step("end of generation", function(s)
  ui.say("The end of generation %d.", s.generation)
  fleet_returns(s)
  lighthouse(s)
  ui.say("3. If any of your Local Scholars are still below Generation tiles, return them and advance those tiles "
    .. "as usual (bonus or Event).")
  ui.say("4. Return every Scholar from the Executive and Main Action spaces: yours to your supply, his beside his "
    .. "Workshop.")
  s.invited_out, s.invited_at = {}, {}
  -- Steps 5 and 6 say the reshuffle themselves: with real components they are what you do.
  local function reshuffle_step(step, pile, physical_extra, generated)
    pile:reshuffle(true)
    if s.physical then
      ui.say("%d. %s%s.", step, pile:reshuffle_text(), physical_extra)
    else
      ui.say("%d. %s", step, generated)
    end
  end
  reshuffle_step(5, s.generations, "", "His discarded Generation cards are shuffled back into his Generation deck.")
  s.actions:return_aside()
  reshuffle_step(6, s.actions, ", with the set-aside card",
    "His discarded Action cards and the set-aside card are shuffled into his Action deck.")
  s.actions:set_aside()
  ui.say("7. Move the topmost Head Librarian tile from the right of the Great Library face up onto the stack on "
    .. "its left.")
  local gone = {}
  local kept = {}
  for _, sc in ipairs(s.scribes) do
    if sc.where == "scriptorium" then
      gone[#gone + 1] = State.scribe_text(sc)
      s.free_faces[sc.die] = sc.knowledge   -- the die comes back showing what it showed
    else
      kept[#kept + 1] = sc
    end
  end
  s.scribes = kept
  ui.say("8. Discard the Scribes in the Scriptorium face up by specialty (Starting Scribes leave the game)%s.",
    #gone > 0 and ", among them " .. words.list(gone) .. "; their Knowledge dice come back to him" or "")
  ui.say("9. Clear the Time board.")
  endgen.roll_time_dice(s)
  if s.generation == 2 or s.generation == 3 then
    ui.say("10. Remove the '%s' Scholar cards in the bottom 3 spaces of the Garden from the game.",
      s.generation == 2 and "A" or "B")
  end
  ui.say("10. Slide the Garden's cards down into empty spaces, then fill the rest from the deck, bottom to top.")
  ui.say("11. Move the leftmost Generation tile to the space right of the rightmost one (trigger an Event tile "
    .. "there).")
  s.craft_gone = {}
  State.show(s)
end)

return endgen
