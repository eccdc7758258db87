-- The turn's card (generated or physical deck, Advanced Planning) and the draft phase.
local deck = require "deck"
local util = require "util"
local priority = require "priority"

local draft = {}

-- The deck ---------------------------------------------------------------------------------------

function draft.new_deck(state)
  local cards = {}
  for _, c in ipairs(state.cards.basic) do
    local copy = {}
    for k, v in pairs(c) do copy[k] = v end
    copy.kind = "basic"
    cards[#cards + 1] = copy
  end
  state.deck = deck.new{ id = "automa", cards = cards }
  state.slots = {}
end

-- A personality or specialization card joins the draw pile (never the discards), then shuffled.
-- The generated deck's cards stay in the box: Soloist does it and says so.
function draft.shuffle_in(state, card, kind)
  if state.options.deck == "physical" then
    ui.say("Shuffle the %s %s card into the Automa draw deck (not the used cards).", card.element, kind)
    return
  end
  local copy = {}
  for k, v in pairs(card) do copy[k] = v end
  copy.kind = kind
  state.deck:put_top(copy)
  state.deck:shuffle()
  ui.say("Soloist shuffles the %s %s card into Botmegistus' draw deck (not its used cards).", card.element, kind)
end

-- The generated deck only (the physical deck is in your hands).
local function draw(state)
  if state.deck:is_empty() then
    ui.say("Botmegistus' draw deck has run out: Soloist shuffles all its used cards into a new draw deck.")
    state.deck:reshuffle()
  end
  return state.deck:draw()
end

local ACTIONS = {
  { id = "artifact", label = "Gain an Artifact" },
  { id = "lowest", label = "Move up its lowest track" },
  { id = "tracks", label = "Move up named track(s)" },
  { id = "experiment", label = "Take an experiment" },
  { id = "gold", label = "Gain 1 Gold" },
  { id = "artifact_gold", label = "Specialization: Artifact and 1 Gold", kind = "specialization" },
  { id = "vp_gold", label = "Specialization: 5 VP and 1 Gold", kind = "specialization" },
  { id = "all_tracks", label = "Specialization: each Mastery track up one", kind = "specialization" },
  { id = "experiment_lowest_twice", label = "Specialization: experiment, then lowest track twice",
    kind = "specialization" },
  { id = "personality", label = "Personality card", kind = "personality" },
}
local ACTION_KIND = {}
for _, a in ipairs(ACTIONS) do ACTION_KIND[a.id] = a.kind or "basic" end

-- deck=physical: the player reads the flipped card; the draft fields only when a die is needed.
-- `which` names the card the player reads: the flipped card, or a face-up one in Advanced Planning.
local function ask_card(state, which)
  local card = { id = "physical" }
  -- Only the actions that can be in its deck now: the personality card when played with, the
  -- specialization actions once a specialization card was shuffled in.
  local offered = {}
  for _, a in ipairs(ACTIONS) do
    if a.kind == nil or (a.kind == "personality" and state.options.personality)
      or (a.kind == "specialization" and #state.specializations > 0) then
      offered[#offered + 1] = { id = a.id, label = a.label }
    end
  end
  local a = ui.ask(string.format("What does the %s Automa card show? Its action:", which), offered)
  if a == "lowest" then
    card.kind, card.action, card.lowest = "basic", "tracks", 1
  elseif a == "tracks" then
    card.kind, card.action, card.tracks = "basic", "tracks", {}
    local n = ui.number("How many tracks does it name?", 1, #state.board.tracks)
    for i = 1, n do
      card.tracks[i] = util.ask_element(state.board, string.format("Track %d it names?", i))
    end
  elseif a == "personality" then
    card.kind = "personality"
    card.element = state.personality or util.ask_element(state.board, "Which personality card?")
  elseif ACTION_KIND[a] == "specialization" then
    card.kind, card.action = "specialization", a
  else
    card.kind, card.action = "basic", a
  end
  -- From here `show` (and a game resumed at one of the questions below) gives the card as read so far.
  if state.now then
    state.now.card, state.now.step = card, "reading its card"
  end
  -- A die at potency 1 spends it whatever the card asks (1 to 3), so that is not asked. Without a
  -- die the potency is asked only once the draft is done (action.spend): an empty pool passes,
  -- and a die drafted at potency 1 spends its 1, with no question either way.
  if state.die and state.die.potency > 1 then
    card.potency = ui.number("The potency it spends?", 1, 3)
  end
  if not state.die then
    card.color = ui.ask("The die colour on the card?", (function()
      local o = {}
      for _, c in ipairs(state.board.colors) do o[#o + 1] = c.id end
      return o
    end)())
    local faces = { { id = "max", label = "max" } }
    for _, f in ipairs(state.board.faces) do
      if not f.wild then faces[#faces + 1] = f.id end
    end
    local left = ui.ask("Its (left) die symbol?", faces)
    if left == "max" then
      card.max = true
    else
      -- A card's two symbols differ: the right one is not the left one again.
      local rights = { { id = "none", label = "no second symbol" } }
      for i = 2, #faces do
        if faces[i] ~= left then rights[#rights + 1] = faces[i] end
      end
      local right = ui.ask("Its right die symbol?", rights)
      card.symbols = { left, right ~= "none" and right or nil }
    end
  end
  return card
end

-- What a card does, in the words of its action symbol.
local PERSONALITY = {
  earth = "Earth: up twice if not ahead of you, else 5 VP and 3 Gold",
  water = "Water: up twice if not ahead of you, else 5 VP and Fire, Earth and Air up one",
  fire = "Fire: up twice if not ahead of you, else 10 VP",
  air = "Air: up twice if not ahead of you, else 5 VP and an Artifact",
}

local function action_text(card)
  if card.kind == "personality" then
    return PERSONALITY[card.element]
  end
  local a = card.action
  if a == "tracks" then
    if card.lowest then
      return card.lowest == 1 and "move up its lowest track" or string.format("move up its lowest track %d times",
        card.lowest)
    end
    local names = {}
    for i, t in ipairs(card.tracks) do names[i] = util.cap(t) end
    return "move up " .. util.list(names)
  end
  return ({
    artifact = "gain an Artifact", experiment = "take an Experiment", gold = "gain 1 Gold",
    artifact_gold = "an Artifact and 1 Gold", vp_gold = "5 VP and 1 Gold", all_tracks = "each Mastery track up one",
    experiment_lowest_twice = "an Experiment, then its lowest track twice",
  })[a] or a
end

-- A card by its id: "card b03", "specialization card s-earth"; a physical card is the one you read.
function draft.name(card)
  local kind = card.kind == "basic" and "" or (card.kind .. " ")
  if card.id == "physical" then
    return string.format("the %scard you read", kind)
  end
  return string.format("%scard %s", kind, card.id)
end

-- A card as the player would read it: the die colour, the symbols left to right (or max), the
-- potency it spends and its action. With the generated deck the player never sees the card. A
-- physical card read while Botmegistus held a die has no colour or symbols, nor a potency when
-- that die was at 1; one read without a die has no potency until it is asked after the draft.
function draft.describe(card)
  local die, potency = "", ""
  if card.color then
    -- A physical card shown while its symbols are still being asked has its colour only.
    local symbols = card.max and "max" or card.symbols and table.concat(card.symbols, " | ")
    die = symbols and string.format("%s die, %s, ", card.color, symbols) or string.format("%s die, ", card.color)
  end
  if card.potency then
    potency = string.format("potency %d: ", card.potency)
  end
  return string.format("%s (%s%s%s)", draft.name(card), die, potency, action_text(card))
end

draft.flip = game.step("flip card", function(state)
  local physical = state.options.deck == "physical"
  if state.options["advanced-planning"] then
    if not physical then
      while #state.slots < 2 do
        state.slots[#state.slots + 1] = draw(state)
      end
    end
    local roll = random.roll("d6", 6)
    local side = roll <= 3 and 1 or 2
    if state.now then
      state.now.roll = string.format("%d: the %s card", roll, side == 1 and "left" or "right")
    end
    ui.say("Advanced Planning: the die rolls %d, so Botmegistus uses the %s card.", roll, side == 1 and "left" or "right")
    ui.why("1-3 picks the left face-up card, 4-6 the right; the used card is discarded and replaced from the deck.")
    local card
    if physical then
      card = ask_card(state, side == 1 and "left face-up" or "right face-up")
    else
      card = state.slots[side]
      ui.say("It uses %s.", draft.describe(card))
    end
    state.slot_used = side
    return card
  end
  if physical then
    ui.say("Flip the next Automa card (shuffle the used cards into a new deck when it runs out).")
    return ask_card(state, "flipped")
  end
  local card = draw(state)
  ui.say("Botmegistus flips %s.", draft.describe(card))
  return card
end)

-- The turn's card goes to the used cards. In Advanced Planning a new card then takes its place, so
-- a reshuffle for that card already includes the one just used.
function draft.discard(state, card)
  local side = state.slot_used
  state.slot_used = nil
  if state.options.deck == "physical" then
    if side then
      ui.say("Discard the %s card and reveal a new card in its place (when the draw deck runs out, shuffle the "
        .. "used cards into a new one first).", side == 1 and "left" or "right")
    end
    return
  end
  state.deck:discard(card)
  if side then
    local place = side == 1 and "left" or "right"
    if state.deck:is_empty() then
      -- The used card goes first, then the reshuffle that takes it in (README ruling 16).
      ui.say("Botmegistus discards %s (%s).", draft.name(card), place)
      local new = draw(state)
      state.slots[side] = new
      ui.say("Soloist puts %s face up in its place (%s).", draft.describe(new), place)
    else
      state.slots[side] = draw(state)
      ui.say("Botmegistus discards %s; Soloist puts %s face up in its place (%s).", draft.name(card),
        draft.describe(state.slots[side]), place)
    end
  end
end

-- The draft ----------------------------------------------------------------------------------------

-- The draft pool, asked bowl by bowl and only as far as the priority list needs: `count(face)` asks
-- how many dice the bowl holds, `colors(face)` which colours are among them (asked separately, so a
-- bowl that cannot beat the candidate already found is never asked its colours).
local function pool(state)
  local bowls = {}
  local colors = {}
  for _, c in ipairs(state.board.colors) do colors[#colors + 1] = c.id end
  local p = {}
  function p.count(face)
    if bowls[face] == nil then
      -- Potency is the dice in the bowl, at most the top of the potency track (README ruling 2).
      local n = ui.number(string.format("Draft pool: how many dice are in the %s bowl? (%d or more: answer %d)", face,
        state.board.potency_max + 1, state.board.potency_max), 0, state.board.potency_max)
      bowls[face] = { count = n, colors = n == 0 and {} or nil }
    end
    return bowls[face].count
  end
  function p.known(face)
    return bowls[face] ~= nil and bowls[face].colors ~= nil
  end
  function p.colors(face)
    local n = p.count(face)
    local b = bowls[face]
    if b.colors == nil then
      -- Each set of colours once, in the colour order of board.yaml (one colour, then two, then
      -- three): a set has no order, and listing it again in other orders would only make the
      -- menu read as if the order meant something (README ruling 2).
      local options = {}
      local total = #colors
      for mask = 1, (1 << total) - 1 do
        local names, count = {}, 0
        for i = 1, total do
          if mask & (1 << (i - 1)) ~= 0 then
            names[#names + 1] = colors[i]
            count = count + 1
          end
        end
        if count <= n then
          options[#options + 1] = { id = table.concat(names, "+"), label = util.list(names), count = count, mask = mask }
        end
      end
      table.sort(options, function(a, c)
        if a.count ~= c.count then return a.count < c.count end
        -- the same number of colours: by the first colour that differs, in board order
        for i = 1, total do
          local bit = 1 << (i - 1)
          if (a.mask & bit) ~= (c.mask & bit) then return a.mask & bit ~= 0 end
        end
        return false
      end)
      for _, o in ipairs(options) do o.count, o.mask = nil, nil end
      local answer = ui.ask(string.format("Which colours are among the dice in the %s bowl?", face), options)
      b.colors = {}
      for c in answer:gmatch("[^+]+") do b.colors[c] = true end
    end
    return b.colors
  end
  return p
end

-- The best of a list of {face =, set =, color =} candidates: the highest potency, the earlier entry
-- on a tie (README ruling 3; by bowl order for a die of any symbol, ruling 4). The candidates'
-- bowls are asked in the list's order, and no further once one holds the top potency (`cap`):
-- a later candidate could only tie, and a tie goes to the earlier. For the same reason a bowl
-- holding no more dice than the best candidate found so far is not asked its colours. The pick
-- carries the comparison in words for `why`.
local function best(bowl, cap, candidates, by_bowl)
  local present, found, skipped, seen = {}, {}, {}, {}
  local capped = false
  local top = nil -- the highest potency among the candidates found so far
  for i, c in ipairs(candidates) do
    local n = bowl.count(c.face)
    if n > 0 and top and n <= top and not bowl.known(c.face) then
      -- It could at best tie, and a tie goes to the earlier: its colours cannot change the pick.
      if not seen[c.face] then
        seen[c.face] = true
        skipped[#skipped + 1] = string.format("the %s bowl (%d %s)", c.face, n, n == 1 and "die" or "dice")
      end
    elseif n > 0 and bowl.colors(c.face)[c.color] then
      present[#present + 1] = c
      found[#found + 1] = string.format("%s %s%s %d", c.color, c.face, c.set and (" set to " .. c.set) or "", n)
      top = math.max(top or 0, n)
      if n >= cap and i < #candidates then
        capped = true
        break
      end
    end
  end
  local c, decision = priority.choose(present, {
    { "the highest potency", most = function(x) return bowl.count(x.face) end },
  })
  if not c then
    return nil
  end
  local pick = { face = c.face, set = c.set, color = c.color, potency = bowl.count(c.face) }
  if capped then
    pick.compared = string.format("compared by potency: %s; %d is the top of the potency track, so no later "
      .. "candidate can beat it", table.concat(found, ", "), cap)
  elseif decision.by == "only" and #skipped > 0 then
    pick.compared = string.format("compared by potency: %s", found[1])
  elseif decision.by == "only" then
    pick.compared = string.format("compared by potency: %s is the only candidate", found[1])
  else
    pick.compared = string.format("compared by potency: %s; it takes the highest (%d)%s", table.concat(found, ", "),
      pick.potency, decision.by == "criterion" and "" or by_bowl
        and "; on the tie, the first bowl in board order (README ruling 4)"
        or "; on the tie, the earlier in the priority list and colour order (README ruling 3)")
  end
  if #skipped > 0 then
    pick.compared = string.format("%s; %s could not beat an earlier candidate (a tie goes to the earlier), "
      .. "so %s colours were not asked", pick.compared, util.list(skipped), #skipped > 1 and "their" or "its")
  end
  return pick
end

local function other_colors(state, color)
  local out, after = {}, {}
  local seen = false
  for _, c in ipairs(state.board.colors) do
    if c.id == color then
      seen = true
    elseif seen then
      out[#out + 1] = c.id
    else
      after[#after + 1] = c.id
    end
  end
  for _, c in ipairs(after) do out[#out + 1] = c end
  return out
end

local function all_faces(state, color, set_wild)
  local list = {}
  for _, f in ipairs(state.board.faces) do
    list[#list + 1] = { face = f.id, color = color, set = f.wild and set_wild or nil }
  end
  return list
end

-- The face a wild die is set to on a "max" card: the symbol whose bowl shows the essence of its
-- lowest track (README ruling 6).
local function max_face(state)
  local low = priority.choose(util.elements(state.board), {
    { "the lowest track", least = function(t) return state.level[t] end },
  }, { first = "the first in board order" })
  for _, f in ipairs(state.board.faces) do
    if f.essence == low then return f.id, low end
  end
  return state.board.faces[1].id, low
end

function draft.choose(state, card)
  local bowl, cap = pool(state), state.board.potency_max
  if card.max then
    local order = { card.color }
    for _, c in ipairs(other_colors(state, card.color)) do order[#order + 1] = c end
    local face, low = max_face(state)
    for n, color in ipairs(order) do
      local pick = best(bowl, cap, all_faces(state, color, face), true)
      if pick then
        return pick, string.format("the card shows max: the %s die with the highest potency%s%s", color,
          n > 1 and string.format(" (no %s die is left)", card.color) or "",
          pick.set and string.format("; a wild die is set to %s, the bowl of its lowest track's essence (%s)",
            face, low) or "")
      end
    end
    return nil
  end
  local s1, s2 = card.symbols[1], card.symbols[2]
  local function list_for(color)
    local l = { { face = state.wild, set = s1, color = color }, { face = s1, color = color } }
    if s2 then l[#l + 1] = { face = s2, color = color } end
    return l
  end
  local pick = best(bowl, cap, list_for(card.color))
  if pick then
    return pick, string.format("it is the highest-potency die of the card's colour (%s) showing wild or the card's symbols",
      card.color)
  end
  local others = {}
  for k = 1, s2 and 3 or 2 do
    for _, color in ipairs(other_colors(state, card.color)) do
      others[#others + 1] = list_for(color)[k]
    end
  end
  pick = best(bowl, cap, others)
  if pick then
    return pick, string.format("no %s die shows wild or the card's symbols; it is the highest-potency die of another colour that does", card.color)
  end
  pick = best(bowl, cap, all_faces(state, card.color, s1), true)
  if pick then
    return pick, string.format("no die of any colour shows wild or the card's symbols: the highest-potency %s die", card.color)
  end
  for _, color in ipairs(other_colors(state, card.color)) do
    pick = best(bowl, cap, all_faces(state, color, s1), true)
    if pick then
      return pick, string.format("no %s die is left at all: the highest-potency %s die (README ruling 5)", card.color, color)
    end
  end
  return nil
end

draft.phase = game.step("draft phase", function(state, card)
  if state.die then
    ui.say("Botmegistus still has a die on its tracker (%s): no draft.", state.die.color .. " " .. state.die.face)
    if state.now then state.now.drafted = "none: it still holds its die" end
    return true
  end
  local pick, why = draft.choose(state, card)
  if not pick then
    ui.say("The draft pool is empty: Botmegistus cannot draft, so it passes.")
    ui.why("Without a die it has no potency for an action (README ruling 7).")
    return false
  end
  local face = pick.set or pick.face
  state.die = { color = pick.color, face = face, potency = pick.potency }
  local drafted = string.format("a %s die from the %s bowl%s, potency %d", pick.color, pick.face,
    pick.set and (" set to " .. face) or "", pick.potency)
  if pick.set then
    ui.say("Botmegistus drafts a %s die from the wild bowl and sets it to %s; potency %d.", pick.color, face, pick.potency)
  else
    ui.say("Botmegistus drafts a %s die from the %s bowl; potency %d.", pick.color, face, pick.potency)
  end
  ui.why("It drafts this die because %s; %s.", why, pick.compared)
  if state.ethereal > 0 and state.die.potency < state.board.potency_max then
    state.ethereal = state.ethereal - 1
    state.die.potency = state.die.potency + 1
    ui.say("It spends an Ethereal Die token (return it to the supply): potency %d (%s left).", state.die.potency,
      util.plural(state.ethereal, "token"))
    ui.why("It has a token and the drafted potency was below %d.", state.board.potency_max)
    drafted = string.format("%s, raised to %d by an Ethereal Die token", drafted, state.die.potency)
  end
  if state.now then state.now.drafted = drafted end
  ui.say("Place the die on potency %d of its tracker.", state.die.potency)
  return true
end)

return draft
