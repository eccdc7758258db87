-- His Location actions: trying one (true when he performs it), the fallback to Navigation, and
-- the Harbor, Palace and Garden. The School and Scriptorium are in school.lua and
-- scriptorium.lua, the Academy in academy.lua, Navigation in navigation.lua.
local priority = require "priority"
local words = require "words"
local requests = require "requests"

local actions = {}
local handlers = {}   -- location -> step function(s) returning true when performed

function actions.register(location, fn)
  handlers[location] = fn
end

-- Whether a Location's action could be taken, judged from what Soloist knows without asking
-- (Navigation's test of an action space; README ruling 14).
function actions.can(s, location)
  if location == "harbor" then
    return s.captains > 0 and (s.harbor:size() > 0)
  elseif location == "palace" then
    return #s.requests < s.board.requests_max
  elseif location == "school" then
    return require("school").can(s)
  elseif location == "scriptorium" then
    -- A Scribe in the School, and an empty shelf space for what he translates (README ruling 10).
    return #require("state").in_school(s) > 0 and #s.shelf < s.board.shelf_spaces
  elseif location == "garden" then
    if s.invited:size() == 0 or #s.library == 0 then return false end
    -- Every space already settled this generation (taken, or a card he cannot take with the same Library).
    local memo = s.garden_memo
    if memo and memo.generation == s.generation and memo.library == #s.library then
      for k = 1, s.board.garden_spaces do
        if not memo.taken[k] and not memo.no[k] then return true end
      end
      return false
    end
    return true
  end
  return true
end

-- Tries an action; true when he performed it.
function actions.attempt(s, location)
  if location == "navigation" then
    handlers.navigation(s)
    return true
  end
  return handlers[location](s) and true or false
end

-- Tries an action and, when he cannot take it, performs Navigation instead.
function actions.perform(s, location)
  if actions.attempt(s, location) then
    return true
  end
  ui.say("Zotikós cannot take the %s action: he performs Navigation instead.", words.name(location))
  handlers.navigation(s)
  return false
end

-- Sends one of his Scholars to a Location's first empty Scholar space.
function actions.send(s, who, location)
  ui.say("Place %s on the first empty Scholar space at the %s (beside his Workshop if there is none).", who,
    words.name(location))
end

-- Sends Invited Scholar n. One the Garden sent out this generation, whose tile then came up from
-- his Ship Location stack, still stands on its space: it moves from there, or stays when it
-- already stands at that Location (README ruling 28).
function actions.send_invited(s, n, location)
  local at = s.invited_at[n]
  if at == location then
    ui.say("His Invited Scholar %d was already sent to the %s this generation: leave it where it is.", n,
      words.name(location))
    ui.why("Each Invited Scholar is one piece, and this one already went to the Location its tile names (README "
      .. "ruling 28).")
    return
  elseif at then
    ui.say("His Invited Scholar %d already stands on a Scholar space this generation: move it from there to the "
      .. "first empty Scholar space at the %s (beside his Workshop if there is none).", n, words.name(location))
    ui.why("Each Invited Scholar is one piece: sent again before the end of the generation brings it back, it "
      .. "moves (README ruling 28).")
    s.invited_at[n] = location
    return
  end
  s.invited_out[#s.invited_out + 1] = n
  s.invited_at[n] = location
  actions.send(s, "his Invited Scholar " .. n, location)
end

-- HARBOR: a Harbor tile names the space for a Captain token.
actions.register("harbor", game.step("harbor", function(s)
  if s.captains == 0 or s.harbor:is_empty() then
    ui.say("Zotikós has no Harbor tile%s left.", s.captains == 0 and " or Captain token" or "")
    ui.why("Harbor tiles and Captain tokens do not come back (README ruling 15).")
    return false
  end
  local tile = s.harbor:draw()
  s.harbor:discard(tile)
  -- With generated components the tile is Soloist's (setup left it in the box): nothing to lay down.
  ui.say("His Harbor tile shows %s.%s", s.harbor_text(tile),
    s.physical and " Lay it face down beside his Workshop." or "")
  local spaces
  if tile.side == "left" then
    local free = ui.confirm("Harbor: is the space left of the dotted line showing 3 Time free?")
    spaces = free and { { id = "left", label = "the 3-Time space left of the dotted line" } } or {}
  else
    local a = ui.ask(string.format("Harbor: which of the spaces costing %s right of the dotted line are free?",
      require("state").cost_text(tile)), {
        { id = "single", label = "the single cost space is free" },
        { id = "double", label = "only the double cost space is free" },
        { id = "none", label = "neither is free" } })
    spaces = {}
    if a == "single" then
      spaces = { { id = "single", label = "the single cost space" }, { id = "double", label = "the double cost space" } }
    elseif a == "double" then
      spaces = { { id = "double", label = "the double cost space" } }
    end
  end
  local space, decision = priority.choose(spaces, {
    { "the single cost space when it is free", prefer = function(sp) return sp.id ~= "double" end },
  }, { label = function(sp) return sp.label end })
  if not space then
    ui.say("The space his Harbor tile names is taken.")
    ui.why("Harbor: only the space his tile names will do.")
    return false
  end
  s.captains = s.captains - 1
  ui.say("Place one of his Captain tokens on %s of the Harbor (%d left).", space.label, s.captains)
  ui.why("His Harbor tile names it%s.", space.id == "left" and ""
    or (space.id == "single" and "; the single cost space is free, so he takes it rather than the double"
    or "; the single cost space is taken, so he takes the double cost space"))
  return true
end))

-- PALACE: the top King's Request card, while he holds fewer than two.
actions.register("palace", game.step("palace", function(s)
  if #s.requests >= s.board.requests_max then
    ui.say("Zotikós already holds %d King's Request cards.", #s.requests)
    ui.why("He may hold at most %d.", s.board.requests_max)
    return false
  end
  return requests.take(s, "The King's Request card he takes",
    "the top King's Request card of the deck in the top-right space of the Palace display")
end))

-- GARDEN: the bottommost Scholar card whose Library requirement he meets.
actions.register("garden", game.step("garden", function(s)
  if s.invited:is_empty() then
    ui.say("His Invited Scholar Location stack is empty: he cannot invite another Scholar.")
    ui.why("Each Scholar card he takes sends the Invited Scholar of the stack's top tile (README ruling 18).")
    return false
  end
  if #s.library == 0 then
    ui.say("Zotikós has no tile in the Great Library, so he meets no Scholar card's requirement.")
    ui.why("Every Scholar card asks for tiles in the Library (README ruling 18).")
    return false
  end
  local held = {}
  for i, t in ipairs(s.library) do held[i] = words.tile(t) end
  -- The Garden's cards move only at the end of a generation (step 10), and his Library only
  -- grows: a space he emptied, or whose card you said he cannot take while his Library is the
  -- same, is not asked about again this generation (README ruling 18).
  local memo = s.garden_memo
  if not memo or memo.generation ~= s.generation then
    memo = { generation = s.generation, library = #s.library, no = {}, taken = {} }
    s.garden_memo = memo
  elseif memo.library ~= #s.library then
    memo.library, memo.no = #s.library, {}
  end
  local spaces, found, location = {}, false, nil
  for k = 1, s.board.garden_spaces do spaces[k] = { id = tostring(k), k = k } end
  local options = {}
  for _, l in ipairs(s.board.locations) do
    options[#options + 1] = { id = l, label = string.format("he meets it; the card shows the %s", words.name(l)) }
  end
  options[#options + 1] = { id = "no", label = "he does not meet it (or the space is empty)" }
  -- Asked from the bottom up, and no more once one is found: only the bottommost counts. One
  -- question a card: whether he meets its requirement and, in the same answer, its Location.
  -- Asked here, not inside the priority list, which skips its criteria when there is one space.
  local first
  for _, sp in ipairs(spaces) do
    if not memo.taken[sp.k] and not memo.no[sp.k] then
      local a = ui.ask(string.format("Garden space %d (counting from the bottom): does its Scholar card ask only "
        .. "for tiles he has in the Great Library (his: %s)? If so, which Location does it show?", sp.k,
        words.list(held)), options)
      if a ~= "no" then
        first, found, location = sp, true, a
        break
      end
      memo.no[sp.k] = true
    end
  end
  local card, decision = priority.choose(spaces, {
    { "the bottommost Scholar card he can take", prefer = function(sp) return sp == first end },
  }, { first = "none he can take; the bottommost", label = function(sp) return "Garden space " .. sp.k end })
  if not found then
    ui.say("Zotikós meets no Scholar card's requirement in the Garden.")
    ui.why("No Scholar card there asks only for tiles he has in the Library (as you said this generation).")
    return false
  end
  memo.taken[card.k] = true
  -- Said before the tile is drawn: with real components you flip that tile next.
  ui.say("Zotikós takes the Scholar card of Garden space %d and lays it beside his board.", card.k)
  local tile = s.invited:draw()
  s.ships:shuffle_in(tile)
  ui.say("The top tile of his Invited Scholar Location stack (Invited Scholar %d) is shuffled into his Ship Location "
    .. "tiles%s.", tile.scholar, s.physical and ": shuffle it in" or "")
  -- The reason follows the decision it explains (the card he takes), not the question before it.
  ui.why("Garden: he takes the bottommost Scholar card whose Library requirement he meets (asked from the bottom up): "
    .. "Garden space %d.", card.k)
  -- The card is his before its Renown is asked, so `show` at that question lists it.
  local card_taken = { location = location }
  s.invited_cards[#s.invited_cards + 1] = card_taken
  card_taken.renown = ui.number("How much Renown does that Scholar card show (he scores it at the end)?", 0, 30)
  actions.send_invited(s, tile.scholar, location)
  actions.perform(s, location)
  return true
end))

return actions
