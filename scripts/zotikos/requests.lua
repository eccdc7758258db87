-- King's Request cards: reading one from the table, whether his shelf meets one, fulfilling it
-- tile by tile into the Great Library, and the shelf that slides left afterwards.
local priority = require "priority"
local words = require "words"

local requests = {}

-- The options of a requirement as printed: each specialty's Manuscript and Great Work, any of
-- them, a Craft tile.
local function requirement_options(s, first)
  local o = {}
  for _, kind in ipairs({ "manuscript", "great-work" }) do
    for _, sp in ipairs(s.board.specialties) do
      o[#o + 1] = { id = sp .. "-" .. kind, label = words.cap(sp) .. " " .. words.name(kind) }
    end
    o[#o + 1] = { id = "any-" .. kind, label = "any " .. words.name(kind) }
  end
  o[#o + 1] = { id = "craft", label = "a Craft tile" }
  if not first then
    o[#o + 1] = { id = "done", label = "no more: that is the whole card" }
  end
  return o
end

-- A card's requirements, one question each (the card is on the table for both of you to read).
-- The card already lies among his King's Requests, so `show` lists it while it is read.
-- `may_lack`: a card he takes from the Palace, whose supply may have run out; the first answer
-- may then say there is none to take (card.none; README ruling 31).
function requests.read(s, what, card, may_lack)
  card.reading = true
  for i = 1, 4 do
    local options = requirement_options(s, i == 1)
    if i == 1 and may_lack then
      options[#options + 1] = { id = "no-card", label = "there is no King's Request card there to take" }
    end
    local a = ui.ask(string.format("%s: requirement %d?", what, i), options)
    if a == "no-card" then
      card.none = true
      break
    end
    if a == "done" then break end
    if a == "craft" then
      card.needs[i] = { kind = "craft", specialty = "any" }
    else
      local sp, kind = a:match("^([a-z]+)%-(.+)$")
      card.needs[i] = { kind = kind, specialty = sp }
    end
  end
  card.reading = nil
  return card
end

-- Takes a King's Request card from the table, when he has room for one. Returns true when he
-- took one, else false and why not: "full" (he holds the most he may) or "none" (no card is
-- left there to take; README ruling 31).
function requests.take(s, what, where, reason)
  if #s.requests >= s.board.requests_max then
    return false, "full"
  end
  -- The new card takes the leftmost empty request space of his Workshop: left of his Starting
  -- card while that still lies alone on the rightmost space (README ruling 9).
  local left = (s.requests_gap or 0) > 0
  ui.say("Zotikós takes %s and lays it face up on the leftmost empty King's Request space of his Workshop%s.", where,
    left and " (left of the card already there)" or "")
  ui.why("%sHe holds %d King's Request %s, fewer than %d%s.", reason and (words.cap(reason) .. ". ") or "",
    #s.requests, #s.requests == 1 and "card" or "cards",
    s.board.requests_max, left and "; his Starting card lies on the rightmost space (setup A), so the new card goes "
    .. "left of it and is his leftmost (README ruling 9)" or "")
  local card = { needs = {} }
  if left then
    table.insert(s.requests, 1, card)
    s.requests_gap = s.requests_gap - 1
  else
    s.requests[#s.requests + 1] = card
  end
  requests.read(s, what, card, true)
  if card.none then
    -- Nothing to take: the card he reached for is not his, and his cards keep their spaces.
    for i, c in ipairs(s.requests) do
      if c == card then table.remove(s.requests, i) break end
    end
    if left then s.requests_gap = s.requests_gap + 1 end
    ui.say("There is no King's Request card there after all: he takes none, and his cards keep their spaces.")
    ui.why("With the Palace's King's Request cards gone he has nothing to take (README ruling 31).")
    return false, "none"
  end
  ui.say("His King's Requests: %s.", words.list((function()
    local t = {}
    for i, c in ipairs(s.requests) do t[i] = words.request(c) end
    return t
  end)()))
  return true
end

local function fits(tile, need)
  if tile.kind ~= need.kind then return false end
  return need.kind == "craft" or need.specialty == "any" or need.specialty == tile.specialty
end

-- Shelf tiles meeting every requirement of a card, or nil: the lowest-numbered shelf tiles that
-- can be matched (the requirements tried specific ones first, then "any"; README ruling 9).
local function match(s, card)
  local order = {}
  for i, n in ipairs(card.needs) do order[i] = { need = n, i = i } end
  table.sort(order, function(a, b)
    local sa, sb = a.need.specialty == "any" and 1 or 0, b.need.specialty == "any" and 1 or 0
    if sa ~= sb then return sa < sb end
    return a.i < b.i
  end)
  local used, pick = {}, {}
  local function go(k)
    if k > #order then return true end
    for idx, tile in ipairs(s.shelf) do
      if not used[idx] and fits(tile, order[k].need) then
        used[idx], pick[k] = true, idx
        if go(k + 1) then return true end
        used[idx], pick[k] = nil, nil
      end
    end
    return false
  end
  if not go(1) then return nil end
  table.sort(pick)
  return pick
end

-- The leftmost card his shelf meets (README ruling 9), and the shelf spaces it uses.
function requests.fulfillable(s)
  local cards = {}
  for i, c in ipairs(s.requests) do cards[i] = { card = c, i = i, tiles = match(s, c) } end
  local card, decision = priority.choose(cards, {
    { "a request his shelf meets", prefer = function(c) return c.tiles ~= nil end },
  }, { first = "the leftmost card", label = function(c) return words.request(c.card) end })
  if card and card.tiles then
    return card, decision
  end
  return nil
end

-- The tile on shelf space `idx` into the Great Library: the first free space (columns left to
-- right, each top to bottom) where it scores under the Head Librarian, else the last free space.
-- Its shelf space stays empty (false) until the shelf closes up, so `show` has it in one place.
function requests.place_in_library(s, idx)
  local tile = s.shelf[idx]
  local name = words.tile(tile)
  -- Named by its shelf space: two tiles of one kind may lie on his shelf, and the rule sends
  -- them in ascending shelf order.
  local from = string.format("%s from shelf space %d", name, idx)
  local n = ui.number(string.format("Great Library: look down each column, leftmost column first, for the first free "
    .. "space where his %s scores Renown under the current Head Librarian tile. How much does it score there? "
    .. "(0: no free space scores)", from), 0, 30)
  local spaces = {
    { id = "scoring", label = "the first free space where it scores", renown = n },
    { id = "last", label = "the last free space in that order", renown = 0 },
  }
  local space, decision = priority.choose(spaces, {
    { "a space where he scores Renown under the Head Librarian", prefer = function(sp) return sp.renown > 0 end },
    { "else the last free space", prefer = function(sp) return sp.id == "last" end },
  }, { label = function(sp) return sp.label end })
  ui.say("Zotikós places his %s on %s%s.", from, space.label,
    space.renown > 0 and string.format(": he scores %d Renown", space.renown) or " (he scores nothing)")
  ui.why("Library placement: %s.", space.renown > 0
    and "the first free space, columns from the left and each from the top, where it scores under the Head Librarian"
    or "no free space scores for it under the Head Librarian, so the last free space in that order")
  if space.renown > 0 then
    s.renown:add(space.renown)
    ui.say("If that Renown counted any of your tiles orthogonally next to it, gain a Library token for each.")
  end
  s.shelf[idx] = false
  s.library[#s.library + 1] = tile
  if tile.kind ~= "manuscript" then
    -- A Library Location tile under a Great Work or Craft tile joins his Ship Location stack.
    local a = ui.ask(string.format("Does the space his %s covers hold a Library Location tile? If so, which "
      .. "action does it show?", name), (function()
        local o = { { id = "none", label = "no Library Location tile there" } }
        for _, l in ipairs(s.board.locations) do o[#o + 1] = { id = l, label = words.name(l) } end
        return o
      end)())
    if a ~= "none" then
      s.library_tiles = (s.library_tiles or 0) + 1
      local t = { id = "library-" .. s.library_tiles, left = a, library = true }
      s.ships:shuffle_in(t)
      ui.say("The Library Location tile (%s) is shuffled into his Ship Location tiles: %s.", words.name(a),
        s.physical and "shuffle it into that stack"
          or "put the real tile in the box with his other Location tiles (Soloist shuffles it into his stack)")
    end
  end
end

-- Step 1 of his turn: the leftmost request his shelf meets goes to the Library, its tiles in
-- ascending shelf order; the card is set aside and the shelf closes its gaps.
requests.fulfill = game.step("fulfill a king's request", function(s, choice, decision)
  local card = choice.card
  ui.say("Zotikós fulfills his King's Request (%s).", words.request(card))
  -- Worded for the table: which card, and why not the other (README ruling 9).
  local other
  for i, c in ipairs(s.requests) do
    if i ~= choice.i then other = { card = c, i = i } end
  end
  if not other then
    ui.why("His shelf holds every tile the card asks for.")
  elseif decision.by == "criterion" then
    ui.why("His shelf holds every tile the card asks for; his %s card (%s) it does not meet.",
      other.i < choice.i and "left" or "right", words.request(other.card))
  else
    ui.why("His shelf meets both his King's Request cards, so he fulfills the leftmost, %s (the note of step 1).",
      words.request(card))
  end
  for _, idx in ipairs(choice.tiles) do
    requests.place_in_library(s, idx)
  end
  -- A remaining tile moves only when a space below it was emptied.
  local rest, slide = {}, false
  for i, t in ipairs(s.shelf) do
    if t then
      rest[#rest + 1] = t
      slide = slide or #rest < i
    end
  end
  s.shelf = rest
  -- The other card slides to the left only when it lay right of the fulfilled one.
  local slides = choice.i < #s.requests
  table.remove(s.requests, choice.i)
  -- The card left slides to the left: no empty space lies left of his cards any more.
  s.requests_gap = 0
  s.fulfilled = s.fulfilled + 1
  ui.say("Lay the fulfilled card face down beside his Workshop (he ignores its Time cost and rewards)%s%s.",
    slide and "; slide his remaining tiles down to the lowest shelf spaces" or "",
    slides and "; slide his other King's Request card to the left" or "")
end)

-- A tile onto the lowest empty shelf space, with a Seal while he has one (tile.sealed says
-- which, for `show` and the Pinax tiles); false when the shelf is full.
function requests.shelve(s, tile)
  if #s.shelf >= s.board.shelf_spaces then
    ui.say("His shelf is full: the %s cannot be placed.", words.tile(tile))
    ui.why("A tile needs an empty shelf space (README ruling 10).")
    return false
  end
  s.shelf[#s.shelf + 1] = tile
  tile.sealed = s.seals.value > 0
  if tile.sealed then s.seals:add(-1) end
  ui.say("Put the %s on his shelf space %d%s.", words.tile(tile), #s.shelf,
    tile.sealed and " and mark it with one of his Seals" or " (he has no Seal left to mark it)")
  return true
end

-- How a rule's "with a Seal" reads for tiles he shelved: the Seal only when he had one left.
function requests.seal_text(sealed)
  return sealed and "with a Seal" or "without a Seal, as he has none left (README ruling 10)"
end

return requests
