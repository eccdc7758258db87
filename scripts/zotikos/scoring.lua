-- Final scoring: his Renown from the game, plus Knowledge, Pinax tiles, Invited Scholar cards
-- and, with Keeper or River of Wisdom, his Crates. Each part moves his Renown marker as it is
-- scored and joins s.final, so `show` during and after final scoring gives the total so far.
local words = require "words"
local State = require "state"

local scoring = {}

scoring.final = game.step("final scoring", function(s)
  s.final = { string.format("%d Renown during the game", s.renown.value) }
  local function score(n, text)
    s.renown:add(n)
    s.final[#s.final + 1] = string.format("%d for %s", n, text)
  end
  local k = 0
  for _, sc in ipairs(State.in_school(s)) do k = k + sc.knowledge end
  local kr = k // s.board.renown.knowledge_per
  if #State.in_school(s) == 0 then
    -- His Scribes in the Scriptorium do not count (the text scores those in the School).
    ui.say("Final scoring: he has no Scribe in the School, so his Knowledge scores nothing.")
  else
    ui.say("Final scoring: his %s in the School %s %d Knowledge: %d Renown.",
      #State.in_school(s) == 1 and "Scribe" or "Scribes", #State.in_school(s) == 1 and "holds" or "hold", k, kr)
  end
  score(kr, string.format("%d Knowledge in the School", k))
  local held = {}
  for i, t in ipairs(s.library) do held[i] = State.library_text(t) end
  local pinax = 0
  if #s.library == 0 and s.pinax > 0 then
    ui.say("Reveal his Pinax tiles: with none of his tiles in the Great Library they score nothing.")
    ui.why("A Pinax tile scores his tiles in the Library (README ruling 20), so Soloist does not ask.")
  end
  if #s.library > 0 and s.pinax > 0 then
    -- One answer for all his Pinax tiles: you reveal and score them one at a time anyway. A tile
    -- he placed with no Seal left is his all the same (README ruling 10).
    pinax = ui.number(string.format("Reveal his %s one at a time and score each as high as you can, using each of "
      .. "his Library tiles for one Pinax only (his: %s; take his Seal off each tile used). How much Renown do they "
      .. "score together?", words.plural(s.pinax, "Pinax tile"), words.list(held)), 0, 60 * s.pinax)
    ui.why("Final scoring: each Pinax tile scores as much as it can, each of his Library tiles serving one Pinax "
      .. "only; you count them one at a time and enter the sum.")
  end
  score(pinax, "Pinax tiles")
  local inv = 0
  for _, c in ipairs(s.invited_cards) do inv = inv + c.renown end
  score(inv, "Invited Scholar cards")
  local crates = words.plural(s.crates.value, "Crate resource")
  if s.difficulty == "keeper" or s.difficulty == "river-of-wisdom" then
    score(s.crates.value * s.board.renown.crate, crates)
  elseif s.crates.value > 0 then
    -- Said, so that nobody looks for them in the total.
    score(0, crates .. " below his Workshop (only Keeper and River of Wisdom score them at the end)")
  end
  if s.below > 0 then
    score(0, words.plural(s.below, "Craft tile") .. " still below his Workshop (only his Fleet's return scores "
      .. "them; README ruling 2)")
  end
  local total = s.renown.value
  ui.say("Zotikós scores %d Renown: %s.", total, table.concat(s.final, ", "))
  State.show(s, "Zotikós at the end")
  local you = ui.number("Your final score (Renown)?", 0, 999)
  if s.renown.value ~= total then
    total = s.renown.value
    ui.say("With your correction Zotikós has %d Renown.", total)
  end
  local result = you > total and "win" or "loss"
  ui.why("You must beat his score: a tie is his (README ruling 19).")
  return {
    result = result,
    summary = string.format("%s: you %d, Zotikós %d.", result == "win" and "You win" or "Zotikós wins", you, total),
    scores = { player = you, zotikos = total },
  }
end)

return scoring
