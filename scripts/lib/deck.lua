-- A deck of cards: a draw pile (its top is the first card) and a discard pile.
-- Shuffles go through the host on the stream "deck:<id>"; each draw is recorded.
local component = require "component"

-- Locals: a global is several table lookups away in the sandbox, and these run every turn.
local remove, record = table.remove, game.record

local deck = {}
deck.__index = deck

-- A draw event's fields, refilled for each draw: game.record keeps no reference to them.
local DRAWN = { deck = "", card = "" }

function deck.new(args)
  local id = component.check_args("deck", args)
  local self = setmetatable({ id = id, stream = "deck:" .. id }, deck)
  self.pile = component.copy_array("deck", id, "cards", args.cards)
  self.discarded = {}
  return self
end

function deck:__tostring()
  return string.format("deck '%s' (%d cards, %d discarded)", self.id, #self.pile, #self.discarded)
end

-- Shuffles the draw pile; returns the deck.
function deck:shuffle()
  random.shuffle(self.stream, self.pile)
  return self
end

-- Takes the top card.
function deck:draw()
  if #self.pile == 0 then
    error(string.format("deck '%s' is empty: there is no card to draw (%d in its discard pile)",
      self.id, #self.discarded), 2)
  end
  local card = remove(self.pile, 1)
  DRAWN.deck, DRAWN.card = self.id, component.id_of(card)
  record("draw", DRAWN)
  return card
end

function deck:discard(card)
  component.check_given(card, "deck '%s': discard", self.id)
  self.discarded[#self.discarded + 1] = card
end

-- The discard pile goes back into the draw pile and the whole pile is shuffled.
function deck:reshuffle()
  table.move(self.discarded, 1, #self.discarded, #self.pile + 1, self.pile)
  self.discarded = {}
  return self:shuffle()
end

-- The top n cards (default 1) without drawing them, top first; fewer if the pile is shorter.
function deck:peek(n)
  n = component.check_integer(n or 1, "deck '%s': peek's count", self.id)
  return table.move(self.pile, 1, math.min(n, #self.pile), 1, {})
end

function deck:put_top(card)
  component.check_given(card, "deck '%s': put_top", self.id)
  table.insert(self.pile, 1, card)
end

function deck:put_bottom(card)
  component.check_given(card, "deck '%s': put_bottom", self.id)
  self.pile[#self.pile + 1] = card
end

-- Cards left in the draw pile.
function deck:size()
  return #self.pile
end

function deck:is_empty()
  return #self.pile == 0
end

-- A copy of the discard pile, in the order the cards were discarded.
function deck:discards()
  return component.copy(self.discarded)
end

return deck
