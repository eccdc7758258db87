-- Final scoring: his Renown from the game, plus Knowledge, Pinax tiles, Invited Scholar cards
-- and, with Keeper or River of Wisdom, his Crates.
local words = require "words"
local State = require "state"

local scoring = {}

scoring.final = game.step("final scoring", function(s)
  local total = s.renown.value
  local lines = { string.format("%d Renown during the game", total) }
  local k = 0
  for _, sc in ipairs(State.in_school(s)) do k = k + sc.knowledge end
  local kr = k // s.board.renown.knowledge_per
  total = total + kr
  lines[#lines + 1] = string.format("%d for %d Knowledge in the School", kr, k)
  ui.say("Final scoring: his Scribes in the School hold %d Knowledge: %d Renown.", k, kr)
  local held = {}
  for i, t in ipairs(s.library) do held[i] = words.tile(t) end
  local pinax = 0
  if #s.library == 0 and s.pinax > 0 then
    ui.say("Reveal his Pinax tiles: with none of his tiles in the Great Library they score nothing.")
    ui.why("A Pinax tile scores his tiles in the Library (README ruling 20), so Soloist does not ask.")
  end
  if #s.library > 0 and s.pinax > 0 then
    -- One answer for all his Pinax tiles: you reveal and score them one at a time anyway.
    pinax = ui.number(string.format("Reveal his %s one at a time and score each as high as you can, using each of "
      .. "his sealed Library tiles for one Pinax only (his: %s; take his Seal off each tile used). How much Renown "
      .. "do they score together?", words.plural(s.pinax, "Pinax tile"), words.list(held)), 0, 60 * s.pinax)
    ui.why("Final scoring: each Pinax tile scores as much as it can, each of his Library tiles serving one Pinax "
      .. "only; you count them one at a time and enter the sum.")
  end
  total = total + pinax
  lines[#lines + 1] = string.format("%d for Pinax tiles", pinax)
  local inv = 0
  for _, c in ipairs(s.invited_cards) do inv = inv + c.renown end
  total = total + inv
  lines[#lines + 1] = string.format("%d for Invited Scholar cards", inv)
  if s.difficulty == "keeper" or s.difficulty == "river-of-wisdom" then
    local c = s.crates.value * s.board.renown.crate
    total = total + c
    lines[#lines + 1] = string.format("%d for %s", c, words.plural(s.crates.value, "Crate resource"))
  end
  ui.say("Zotikós scores %d Renown: %s.", total, table.concat(lines, ", "))
  local you = ui.number("Your final score (Renown)?", 0, 999)
  local result = you > total and "win" or "loss"
  ui.why("You must beat his score: a tie is his (README ruling 19).")
  return {
    result = result,
    summary = string.format("%s: you %d, Zotikós %d.", result == "win" and "You win" or "Zotikós wins", you, total),
    scores = { player = you, zotikos = total },
  }
end)

return scoring
