-- Botmegistus' own components: tracker, dice, tracks, experiments, artifacts, gold, tokens.
local util = require "util"
local draft = require "draft"

local State = {}

function State.new(options, board, cards)
  local state = {
    options = options, board = board, cards = cards,
    gold = 0, ethereal = 0, vp = 0,
    level = {}, top = {}, track_by_id = {},
    die = nil,            -- {color =, face =, potency =}
    used = 0, passed = false, round = 1,
    first_to_pass = nil,  -- "bot" or "player", once someone has passed this round
    artifacts = {},       -- {label =, symbols = {elements}}
    incomplete = {}, completed = {},
    bonus = {},           -- "track:level" -> "gone": bonus tokens known to be gone for good
    removed = {},         -- bonus spaces reached this turn, for the clean-up
    specializations = {}, -- elements of the specialization cards added
    personality = nil,
    now = nil,            -- during its turn: {step =, card =, roll =, drafted =} (round.bot_turn)
  }
  util.new_turn(state)     -- state.turn: what it learnt of the table this turn
  for _, t in ipairs(board.tracks) do
    state.level[t.id] = 0
    state.top[t.id] = t.top
    state.track_by_id[t.id] = t
  end
  state.faces = {}
  for _, f in ipairs(board.faces) do
    state.faces[f.id] = f
    if f.wild then
      state.wild = f.id
    end
  end
  for _, field in ipairs({ "gold", "ethereal", "vp" }) do
    game.correctable{ id = field, label = ({ gold = "Gold", ethereal = "Ethereal Die tokens",
      vp = "VP scored during the game" })[field], min = 0, max = 200,
      get = function() return state[field] end, set = function(v) state[field] = v end }
  end
  for _, t in ipairs(board.tracks) do
    game.correctable{ id = t.id, label = util.cap(t.id) .. " Mastery", min = 0, max = t.top,
      get = function() return state.level[t.id] end, set = function(v) state.level[t.id] = v end }
  end
  return state
end

function State.die_text(die)
  if not die then
    return "none"
  end
  return string.format("%s %s, potency %d", die.color, die.face, die.potency)
end

-- Its turn so far, for a player who looks or resumes mid-turn: the narration that said it is gone.
local function turn_entries(state, add)
  local now = state.now
  if not now then
    return
  end
  add("Step of its turn", now.step)
  if now.roll then add("Advanced Planning roll", now.roll) end
  if now.card then add("Its card this turn", draft.describe(now.card)) end
  if now.drafted then add("Drafted this turn", now.drafted) end
end

-- The builder only reads the state, so it may run at any time: when shown, at `show`, on resume.
function State.show(state, title)
  ui.show(title, function()
    local entries = {}
    local function add(label, value)
      entries[#entries + 1] = { label = label, value = value }
    end
    add("Round", state.round)
    -- Its Turn Order: whether it has passed, and if first, that it starts the next round (ruling 11).
    -- In the last round there is no next round to start.
    local last = state.round >= state.options.rounds
    add("Passed this round", not state.passed and "no" or last and "yes" or state.first_to_pass == "bot"
      and "yes, before you: it starts the next round" or "yes, after you: you start the next round")
    turn_entries(state, add)
    add("Gold", state.gold)
    add("Ethereal Die tokens", state.ethereal)
    add("Die on the tracker", State.die_text(state.die))
    add("Used dice", state.used)
    for _, t in ipairs(state.board.tracks) do
      add(util.cap(t.id) .. " Mastery", state.level[t.id])
    end
    local arts, inc, done = {}, {}, {}
    for _, a in ipairs(state.artifacts) do
      arts[#arts + 1] = a.label
    end
    for _, e in ipairs(state.incomplete) do
      inc[#inc + 1] = util.describe_experiment(e)
    end
    for _, e in ipairs(state.completed) do
      done[#done + 1] = util.describe_experiment(e)
    end
    add("Artifacts", arts)
    add("Incomplete experiments", inc)
    add("Completed experiments", done)
    add("VP scored during the game", state.vp)
    -- Its deck: which cards were added, and with the generated deck (which the player cannot
    -- see) how many cards are left to flip and how many were used.
    if state.options.personality then add("Personality card", state.personality or "not chosen yet") end
    if state.options.specialization then add("Specialization cards added", state.specializations) end
    if state.deck then
      add("Cards in its draw deck", state.deck:size())
      add("Its used cards", #state.deck:discards())
    end
    if state.slots and #state.slots == 2 then
      -- Advanced Planning with the generated deck: the player cannot see these cards otherwise.
      add("Face-up cards", { "left: " .. draft.describe(state.slots[1]), "right: " .. draft.describe(state.slots[2]) })
    end
    return entries
  end)
end

return State
