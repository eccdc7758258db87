-- Zotikós' decks and stacks, one object for both ways of playing: with components=generated
-- Soloist shuffles a library deck and reveals its cards; with components=physical the player
-- shuffles and flips the real ones and answers which face they show. Either way Soloist knows
-- which cards are in the pile (only their order is hidden), so a flip whose face it can tell by
-- elimination is not asked.
local deck = require "deck"

local piles = {}
piles.__index = piles

-- args: id, label (how the pile is named), cards, physical, face(card) -> a key for the face a
-- player reads, describe(card) -> text, prompt (the question on a physical flip), piece (what
-- one card is called, "Study tile"; a pile without one has no discard pile to tell you about).
function piles.new(args)
  local self = setmetatable({}, piles)
  self.id, self.label, self.physical = args.id, args.label, args.physical
  self.face, self.describe, self.prompt = args.face, args.describe, args.prompt
  self.piece = args.piece
  self.deck = deck.new{ id = args.id, cards = args.cards or {} }
  self.aside = nil         -- generated: the card set aside face down
  self.aside_count = 0     -- physical: a card set aside, unknown, still among the candidates
  -- Each card's fixed place, so a physical flip offers its faces in one order however the
  -- pile was rebuilt (a card joining later comes after the others).
  self.rank, self.ranks = {}, 0
  for _, c in ipairs(args.cards or {}) do self:rank_of(c) end
  return self
end

function piles:rank_of(card)
  if self.rank[card] == nil then
    self.ranks = self.ranks + 1
    self.rank[card] = self.ranks
  end
  return self.rank[card]
end

function piles:size()
  return self.deck:size() - self.aside_count
end

function piles:is_empty()
  return self:size() == 0
end

-- Cards the pile holds, for the shown state (generated: top first; physical: only a count).
function piles:contents()
  return self.deck.pile
end

function piles:shuffle()
  if self.physical then
    ui.say("Shuffle %s and put the pile face down in its place in his Workshop.", self.label)
  else
    self.deck:shuffle()
  end
end

-- What you do at a reshuffle of the real pile.
function piles:reshuffle_text()
  return string.format("Shuffle his discarded %ss back into %s", self.piece, self.label)
end

-- The discards go back into the pile and the whole pile is shuffled; `said`: the caller tells
-- you so itself (a numbered step of the end of a generation).
function piles:reshuffle(said)
  if self.physical then
    for _, c in ipairs(self.deck.discarded) do self.deck.pile[#self.deck.pile + 1] = c end
    self.deck.discarded = {}
    if not said then ui.say("%s.", self:reshuffle_text()) end
  else
    self.deck:reshuffle()
  end
end

-- A card joins the pile and the pile is shuffled.
function piles:shuffle_in(card)
  self.deck:put_bottom(card)
  if not self.physical then
    self.deck:shuffle()
  end
end

-- Sets the top card aside face down, unseen.
function piles:set_aside()
  if self.physical then
    self.aside_count = 1
    ui.say("Take the top card of %s and, without looking at it, lay it face down beside his Workshop.", self.label)
  else
    self.aside = self.deck:draw()
  end
end

-- The set-aside card returns to the pile (before the reshuffle).
function piles:return_aside()
  if self.physical then
    self.aside_count = 0
  elseif self.aside then
    self.deck:discard(self.aside)
    self.aside = nil
  end
end

-- Reveals the top card; nil when the pile is empty.
function piles:draw()
  if self:is_empty() then
    return nil
  end
  if not self.physical then
    return self.deck:draw()
  end
  -- The faces the flipped card may show: every distinct face among the candidates.
  local options, seen, by_face = {}, {}, {}
  local ordered = {}
  for i, c in ipairs(self.deck.pile) do ordered[i] = c end
  table.sort(ordered, function(a, b) return self:rank_of(a) < self:rank_of(b) end)
  for _, c in ipairs(ordered) do
    local key = self.face(c)
    if not seen[key] then
      seen[key] = true
      by_face[key] = c
      options[#options + 1] = { id = key, label = self.describe(c) }
    end
  end
  local key
  if #options == 1 then
    key = options[1].id
    ui.say("Flip the top of %s: it can only be %s.", self.label, options[1].label)
    ui.why("Every card left in %s shows the same face, so Soloist does not ask.", self.label)
  else
    key = ui.ask(self.prompt, options)
  end
  local card = by_face[key]
  for i, c in ipairs(self.deck.pile) do
    if c == card then
      table.remove(self.deck.pile, i)
      break
    end
  end
  game.record("draw", { deck = self.id, card = card.id })
  return card
end

-- The card goes onto his discard pile (with real components you put it there).
function piles:discard(card)
  self.deck:discard(card)
  if self.physical and self.piece then
    ui.say("Put the %s on his discard pile beside %s.", self.piece, self.label)
  end
end

-- Reveals the top card and discards it at once (a card read, not kept); when the pile has run
-- out, the discards are shuffled back first.
function piles:flip()
  if self:is_empty() then
    self:reshuffle()
  end
  local card = self:draw()
  self:discard(card)
  return card
end

-- Takes a card out of the pile for good (the top tile of the Invited Scholar stack).
function piles:remove(card)
  for i, c in ipairs(self.deck.pile) do
    if c == card then
      table.remove(self.deck.pile, i)
      return
    end
  end
end

return piles
