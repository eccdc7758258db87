-- Wording shared by Zotikós' scripts: names of things as the players say them.
local phrase = require "phrase"

local words = {}

local NAMES = {
  harbor = "Harbor", palace = "Palace", school = "School", scriptorium = "Scriptorium",
  academy = "Academy", garden = "Garden", navigation = "Navigation",
  ["great-work"] = "Great Work", manuscript = "Manuscript", craft = "Craft tile",
}

-- Lists, counts, capitals and articles as every bot words them (scripts/lib/phrase.lua).
words.cap, words.list, words.a, words.plural = phrase.cap, phrase.list, phrase.a, phrase.plural

-- A Location or action by its id: "Scriptorium".
function words.name(id)
  return NAMES[id] or words.cap(id)
end

-- A tile of his shelf or of the Library: "Arts Manuscript", "Laws Great Work", "Craft tile".
function words.tile(t)
  if t.kind == "craft" then
    return "Craft tile"
  end
  return string.format("%s %s", words.cap(t.specialty), NAMES[t.kind])
end

-- A requirement of a King's Request or Scholar card: "an Arts Manuscript", "any Great Work".
function words.requirement(r)
  if r.kind == "craft" then
    return "a Craft tile"
  end
  if r.specialty == "any" then
    return "any " .. NAMES[r.kind]
  end
  return words.a(words.cap(r.specialty) .. " " .. NAMES[r.kind])
end

-- A priority decision's reason in the table's words, where the rule has no numbered list to
-- point at: "step 1 of the priority list decides: the rule (the choice)" becomes "the rule: the
-- choice". Other reasons ("... is the only choice", a tie) are kept as they are.
function words.decided(why)
  local rule, choice = why:match("^step %d+ of the priority list decides: (.-) %((.*)%)$")
  if rule then
    return rule .. ": " .. choice
  end
  return why
end

function words.request(card)
  local parts = {}
  for i, r in ipairs(card.needs) do parts[i] = words.requirement(r) end
  return table.concat(parts, " + ")
end

return words
