-- Wording and the questions about the village that several actions share.
local phrase = require "phrase"

local util = {}

-- Wording shared with the other bots (scripts/lib/phrase.lua).
util.list, util.plural = phrase.list, phrase.plural

local KINDS = { refinery = "Refinery", landmark = "Landmark", barn = "Barn" }
function util.kind_label(kind)
  return KINDS[kind] or kind
end

-- Candidates the player counted on the table: numbered 1..n in the order the player likes.
-- Each holds the facts asked about it, so no fact is asked twice.
function util.candidates(n, prefix, noun)
  local list = {}
  for i = 1, n do
    list[i] = { id = prefix .. "-" .. i, n = i, label = string.format("%s #%d", noun, i), facts = {} }
  end
  return list
end

-- A fact about one candidate, asked once.
function util.fact(c, key, ask)
  if c.facts[key] == nil then
    c.facts[key] = ask()
  end
  return c.facts[key]
end

function util.label(c) return c.label end

-- A count of things on the table Botric chooses among; the player numbers them as they like.
function util.count(state, prompt, max)
  return ui.number(prompt, 0, max or state.data.largest_choice)
end

return util
