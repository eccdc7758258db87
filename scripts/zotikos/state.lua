-- Everything Zotikós owns, and the shown state (`show`) built from it when asked.
local piles = require "piles"
local counters = require "counters"
local dice = require "dice"
local track = require "track"
local words = require "words"

local State = {}

local function action_face(c) return c.kind end
local ACTION_TEXT = { generation = "a Generation card", location = "a Location tile", time = "a Time die" }
local function action_text(c) return ACTION_TEXT[c.kind] end

function State.location_text(t)
  if t.scholar then
    return string.format("Invited Scholar %d's tile (%s)", t.scholar, words.name(t.action))
  elseif t.library then
    return string.format("a Library Location tile (%s)", words.name(t.left))
  elseif t.right then
    return string.format("%s | %s", words.name(t.left), words.name(t.right))
  end
  return words.name(t.left)
end

local function location_face(t)
  if t.scholar then return "scholar-" .. t.scholar end
  if t.library then return "library-" .. t.left end
  return t.id
end

-- What a Harbor tile's cost spaces cost: a Crate resource as named in tiles.yaml, or Time (the game's word).
function State.cost_text(t)
  return t.cost == "time" and "Time" or t.cost
end

local function harbor_text(t)
  if t.side == "left" then
    return "the 3-Time space left of the line"
  end
  return string.format("the spaces right of the line costing %s", State.cost_text(t))
end

function State.new(options, components)
  local board, cards, tiles = components.board, components.cards, components.tiles
  local physical = options.components == "physical"
  local s = {
    options = options, board = board, physical = physical,
    difficulty = options.difficulty,
    generation = 1,
    shelf = {},          -- his Workshop shelf, space 1 first: {kind =, specialty =}
    below = 0,           -- Craft tiles below his Workshop (apprentice-scribe)
    requests = {},       -- King's Request cards, leftmost first: {needs = {{kind =, specialty =}}}
    fulfilled = 0,
    library = {},        -- his tiles in the Great Library
    scribes = {},        -- {specialty =, knowledge =, where = "school" | "scriptorium", place =, starting =}
    academy = {},        -- specialty -> zone reached (0: the starting space)
    gone = {},           -- facts learnt for good: Great Works taken, and the like
    scholars = {},       -- his two Local Scholars: {tile = id or nil, used = bool}
    player_scholars = {},-- tile -> Local Scholars you placed there this generation
    invited_cards = {},  -- Scholar cards taken in the Garden: {location =, renown =}
    invited_out = {},    -- Invited Scholars sent to a Location this generation
    invited_at = {},     -- Invited Scholar -> the Location it was last sent to this generation
    fleet = 1,           -- his Fleet's space on the Navigation spaces (1: Alexandria)
    captains = 4,
    time_dice = {},      -- the Time board's dice, top first: {value =, used =}
    free_faces = {},     -- die number -> the face of a Knowledge die no Scribe holds (1 until set)
    pinax = 2,
    now = nil,           -- what his turn is doing, for `show` mid-turn
  }
  s.tile_by_id = {}
  for _, t in ipairs(board.generation_tiles) do s.tile_by_id[t.id] = t end
  -- His Academy markers: 0 is the starting space, n the end of zone n.
  for _, sp in ipairs(board.specialties) do
    s.academy[sp] = track.new{ id = "academy-" .. sp, min = 0, max = #board.academy }
  end
  -- Final scoring moves it too (Pinax tiles alone may score hundreds), so its top is far off.
  s.renown = counters.new{ id = "renown", label = "Renown", value = 0, min = 0, max = 9999, correctable = true }
  -- Below Chief Librarian nothing returns his Crates, so over a long game they pile up past any small top.
  s.crates = counters.new{ id = "crates", label = "Crate resources below his Workshop", value = 0, min = 0,
    max = 999, correctable = true }
  s.seals = counters.new{ id = "seals", label = "Seals left", value = board.seals, min = 0, max = board.seals,
    correctable = true }
  game.correctable{ id = "pinax", label = "Pinax tiles", min = 0, max = 20,
    get = function() return s.pinax end, set = function(v) s.pinax = v end }
  game.correctable{ id = "fleet", label = "His Fleet's space (1: Alexandria, counter-clockwise)", min = 1,
    max = #board.navigation, get = function() return s.fleet end, set = function(v) s.fleet = v end }
  s.time_die = dice.new{ id = "time", sides = 6 }
  -- Each Knowledge die can be corrected ("set die2 5"): the Knowledge of the Scribe holding it, or
  -- the face of a die beside his Workshop (shown there; a Scribe taking it sets it to 2).
  for i = 1, board.knowledge.dice do
    game.correctable{ id = "die" .. i, label = "Knowledge die " .. i .. " (on one of his Scribes, or beside his "
      .. "Workshop)", min = 1, max = board.knowledge.max,
      get = function()
        local sc = State.holder(s, i)
        return sc and sc.knowledge or s.free_faces[i] or 1
      end,
      set = function(v)
        local sc = State.holder(s, i)
        if sc then sc.knowledge = v else s.free_faces[i] = v end
      end }
  end

  s.actions = piles.new{ id = "actions", label = "his Action deck", piece = "Action card", cards = cards.actions,
    physical = physical, face = action_face, describe = action_text,
    prompt = "Flip his next Action card. What does it show?" }
  s.generations = piles.new{ id = "generations", label = "his Generation deck", piece = "Generation card",
    cards = cards.generations, physical = physical, face = function(c) return c.id end,
    describe = function(c) return "the " .. words.name(s.tile_by_id[c.tile].location) .. " Generation tile" end,
    prompt = "Flip his next Generation card. Which Generation tile does it name?" }
  local ships = {}
  for i, t in ipairs(tiles.ship_locations) do ships[i] = t end
  s.ships = piles.new{ id = "ship-locations", label = "his Ship Location stack", piece = "Location tile",
    cards = ships, physical = physical, face = location_face, describe = State.location_text,
    prompt = "Flip his next Ship Location tile. What does it show (left | right)?" }
  s.invited = piles.new{ id = "invited-locations", label = "his Invited Scholar Location tiles",
    cards = tiles.invited_locations, physical = physical, face = location_face, describe = State.location_text,
    prompt = "Take the top tile of his Invited Scholar Location stack. Which is it?" }
  s.harbor = piles.new{ id = "harbor", label = "his Harbor tiles", cards = tiles.harbor, physical = physical,
    face = function(t) return t.id end, describe = harbor_text,
    prompt = "Flip his next Harbor tile. Which space does it show?" }
  s.study = piles.new{ id = "study", label = "his Study stack", piece = "Study tile", cards = tiles.study,
    physical = physical, face = function(t) return t.specialty end,
    describe = function(t) return words.cap(t.specialty) end,
    prompt = "Flip his next Study tile. Which specialty does it show?" }
  s.harbor_text = harbor_text
  return s
end

-- The Knowledge dice still free (a Scribe in the School or the Scriptorium holds one).
function State.free_dice(s)
  return s.board.knowledge.dice - #s.scribes
end

function State.in_school(s)
  local out = {}
  for _, sc in ipairs(s.scribes) do
    if sc.where == "school" then out[#out + 1] = sc end
  end
  table.sort(out, function(a, b) return a.place < b.place end)
  return out
end

-- The Scribe of his holding Knowledge die i, or nil when it waits beside his Workshop.
function State.holder(s, i)
  for _, sc in ipairs(s.scribes) do
    if sc.die == i then return sc end
  end
end

-- The lowest Knowledge die no Scribe of his holds.
function State.free_die(s)
  for i = 1, s.board.knowledge.dice do
    if not State.holder(s, i) then return i end
  end
end

-- His Scribe as you tell it apart on the table: "his Laws Starting Scribe", "his Laws Scribe";
-- when another Scribe of his in the School has the same name, its School space is added.
function State.scribe_name(s, sc)
  local name = string.format("his %s %sScribe", words.cap(sc.specialty), sc.starting and "Starting " or "")
  if sc.where ~= "school" or not sc.place then return name end
  for _, x in ipairs(s.scribes) do
    if x ~= sc and x.where == "school" and x.specialty == sc.specialty and (x.starting or false) == (sc.starting or false) then
      if sc.place < 100 then
        return string.format("%s on the School's %s space", name, words.cap(s.board.specialties[sc.place]))
      end
      return string.format("%s on the School's non-specialist space %d from the left", name, sc.place - 100)
    end
  end
  return name
end

function State.scribe_text(sc)
  return string.format("his %s %sScribe (Knowledge %d)", words.cap(sc.specialty), sc.starting and "Starting " or "",
    sc.knowledge)
end

-- A tile on his shelf, and whether one of his Seals marks it.
local function tile_text(t)
  return string.format("%s (%s)", words.tile(t), t.sealed and "Seal" or "no Seal")
end

-- A tile of his in the Library: only one placed without a Seal says so (README ruling 10).
function State.library_text(t)
  return words.tile(t) .. (t.sealed and "" or " (no Seal)")
end

-- A King's Request card; one still being read shows the requirements entered so far.
local function request_text(c)
  if not c.reading then return words.request(c) end
  return #c.needs > 0 and words.request(c) .. ", still being read" or "a card still being read"
end

local function names(list, f)
  local out = {}
  for i, x in ipairs(list) do out[i] = f(x) end
  if #out == 0 then out[1] = "none" end
  return out
end

-- The builder only reads the state: it runs at `show`, after undo and on resume.
function State.show(s, title)
  ui.show(title or "Zotikós", function()
    local e = {}
    local function add(label, value) e[#e + 1] = { label = label, value = value } end
    add("Generation", s.generation)
    if s.now then add("His turn", s.now) end
    add("Renown", s.renown.value)
    -- A space emptied while a King's Request is fulfilled (false) is left out until the shelf closes up.
    local shelf = {}
    for i, t in ipairs(s.shelf) do
      if t then shelf[#shelf + 1] = string.format("%d: %s", i, tile_text(t)) end
    end
    if #shelf == 0 then shelf[1] = "empty" end
    add("Workshop shelf", shelf)
    add("Seals left", s.seals.value)
    local gap = s.requests_gap or 0
    local reqs = {}
    for i, c in ipairs(s.requests) do
      reqs[i] = string.format("%s (request space %d of %d from the left)", request_text(c), i + gap,
        s.board.requests_max)
    end
    add("King's Requests", #reqs > 0 and reqs or { "none" })
    add("King's Requests fulfilled", s.fulfilled)
    add("His tiles in the Great Library", names(s.library, State.library_text))
    add("Pinax tiles", s.pinax)
    add("Crate resources below his Workshop", s.crates.value)
    if s.difficulty == "apprentice-scribe" then add("Craft tiles below his Workshop", s.below) end
    add("Scribes", names(s.scribes, function(sc)
    return string.format("%s%s Scribe in the %s: Knowledge die %d at %d", words.cap(sc.specialty),
      sc.starting and " Starting" or "", words.name(sc.where), sc.die, sc.knowledge) end))
    local free = {}
    for i = 1, s.board.knowledge.dice do
      if not State.holder(s, i) then free[#free + 1] = string.format("die %d at %d", i, s.free_faces[i] or 1) end
    end
    add("Knowledge dice free", #free > 0 and free or { "none" })
    local ac = {}
    for _, sp in ipairs(s.board.specialties) do
      ac[#ac + 1] = string.format("%s: %s", words.cap(sp),
        s.academy[sp].position == 0 and "starting space"
        or "end of zone " .. s.board.academy[s.academy[sp].position].name)
    end
    add("Academy markers", ac)
    local ls = {}
    for i, sc in ipairs(s.scholars) do
      ls[i] = sc.tile and ("below the " .. words.name(s.tile_by_id[sc.tile].location) .. " Generation tile")
        or (sc.used and "used this generation" or "beside his Workshop")
    end
    if #ls == 0 then ls[1] = "none yet" end
    add("Local Scholars", ls)
    add("Invited Scholar cards", names(s.invited_cards, function(c)
      return c.renown and string.format("%s, %d Renown", words.name(c.location), c.renown)
        or string.format("%s, its Renown still to enter", words.name(c.location)) end))
    add("Invited Scholars sent out", names(s.invited_out, function(n)
      return s.invited_at[n] and string.format("Invited Scholar %d (sent to the %s)", n, words.name(s.invited_at[n]))
        or "Invited Scholar " .. n end))
    -- Who leads this generation, and who has read (the first place goes to the first to take it).
    if s.first then
      add("Turn order", s.first == "bot" and "Zotikós first, you second" or "you first, Zotikós second")
      local read = {}
      if s.player_read then
        local first = s.bot_read and s.next_first == "player" or not s.bot_read and s.player_took_first
        read[#read + 1] = string.format("you (the %s place next generation)", first and "first" or "second")
      end
      if s.bot_read then
        read[#read + 1] = string.format("Zotikós (the %s place next generation)",
          s.next_first == "bot" and "first" or "second")
      end
      add("Read this generation", #read > 0 and read or { "nobody yet" })
    end
    add("Fleet", s.board.navigation[s.fleet].name)
    add("Captain tokens left", s.captains)
    add("Time die", s.time_die.face or 1)
    local td = {}
    for i, d in ipairs(s.time_dice) do
      td[i] = string.format("row %d: %d%s", i, d.value, d.used and " (used)" or "")
    end
    add("Time board dice", #td > 0 and td or { "not rolled" })
    add("Action deck", string.format("%d face down, %d discarded%s", s.actions:size(), #s.actions.deck.discarded,
      (s.actions.aside or s.actions.aside_count > 0) and ", 1 set aside" or ""))
    add("Generation deck", string.format("%d face down, %d discarded", s.generations:size(),
      #s.generations.deck.discarded))
    add("Ship Location tiles", string.format("%d face down, %d discarded", s.ships:size(), #s.ships.deck.discarded))
    add("Invited Scholar Location tiles", string.format("%d face down", s.invited:size()))
    add("Harbor tiles", string.format("%d face down, %d used", s.harbor:size(), #s.harbor.deck.discarded))
    add("Study tiles", string.format("%d face down, %d discarded", s.study:size(), #s.study.deck.discarded))
    if s.final then add("Final scoring", s.final) end
    return e
  end)
end

return State
