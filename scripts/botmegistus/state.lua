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
    artifacts = {},       -- {label =, symbols = {elements}}
    incomplete = {}, completed = {},
    bonus = {},           -- "track:level" -> "gone": bonus tokens known to be gone for good
    removed = {},         -- bonus spaces reached this turn, for the clean-up
    specializations = {}, -- elements of the specialization cards added
    personality = nil,
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

function State.show(state, title)
  ui.show(title, function()
    local entries = {
      { label = "Round", value = state.round },
      { label = "Gold", value = state.gold },
      { label = "Ethereal Die tokens", value = state.ethereal },
      { label = "Die on the tracker", value = State.die_text(state.die) },
      { label = "Used dice", value = state.used },
    }
    for _, t in ipairs(state.board.tracks) do
      entries[#entries + 1] = { label = util.cap(t.id) .. " Mastery", value = state.level[t.id] }
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
    entries[#entries + 1] = { label = "Artifacts", value = arts }
    entries[#entries + 1] = { label = "Incomplete experiments", value = inc }
    entries[#entries + 1] = { label = "Completed experiments", value = done }
    entries[#entries + 1] = { label = "VP scored during the game", value = state.vp }
    if state.slots and #state.slots == 2 then
      -- Advanced Planning with the generated deck: the player cannot see these cards otherwise.
      entries[#entries + 1] = { label = "Face-up cards", value = { "left: " .. draft.describe(state.slots[1]),
        "right: " .. draft.describe(state.slots[2]) } }
    end
    return entries
  end)
end

return State
