-- Small helpers shared by Botmegistus' scripts: wording and the questions about the table.
local phrase = require "phrase"

local util = {}

-- Wording shared with the other bots (scripts/lib/phrase.lua).
util.list, util.cap, util.plural = phrase.list, phrase.cap, phrase.plural

-- The elements, in the order of the Mastery tracks on the board.
function util.elements(board)
  local out = {}
  for _, t in ipairs(board.tracks) do
    out[#out + 1] = t.id
  end
  return out
end

function util.ask_element(board, prompt, extra)
  local options = {}
  for _, e in ipairs(extra or {}) do
    options[#options + 1] = e
  end
  for _, id in ipairs(util.elements(board)) do
    options[#options + 1] = { id = id, label = util.cap(id) }
  end
  return ui.ask(prompt, options)
end

-- The player's marker on one Mastery track. Botmegistus cannot see it and it moves on the player's
-- turns, so it is asked at most once per track in each of Botmegistus' turns (README ruling 22).
function util.player_level(state, track)
  local known = state.turn.player[track]
  if known == nil and util.stale(state) then
    return 0
  elseif known == nil then
    known = ui.number(string.format("Where is your marker on the %s Mastery track?", util.cap(track)), 0,
      state.top[track])
    state.turn.player[track] = known
    -- Only a marker reaching a bonus space takes or removes its token, so every bonus space at or
    -- below your marker has lost its token for good, whatever the question was for (README ruling 8).
    for _, l in ipairs(state.track_by_id[track].bonus_spaces) do
      if l <= known then state.bonus[track .. ":" .. l] = "gone" end
    end
  end
  return known
end

-- What Botmegistus learns of the table in one of its turns; it is forgotten when the turn ends.
function util.new_turn(state)
  state.turn = { player = {} }
end

-- The elemental symbols of an artifact, one question per symbol.
function util.ask_symbols(board, what, count)
  local symbols = {}
  for i = 1, count do
    symbols[i] = util.ask_element(board, string.format("%s: which element is symbol %d of %d?", what, i, count))
  end
  return symbols
end

-- An experiment on offer whose facts are asked only when read: a priority list that settles on
-- its type never asks the others' requirements or VP. `util.known_experiment` asks what is left.
-- A fact once asked is kept in the table itself, so `rawget(e, "vp")` tells whether it was asked.
function util.offered_experiment(state, what)
  local board = state.board
  -- `what` names it in the questions; util.rename_experiment changes it for the facts still to ask.
  local meta = { what = what }
  local ask = {
    type = function() return util.ask_element(board, meta.what .. ": its type?") end,
    track = function() return util.ask_element(board, meta.what .. ": the Mastery track of its requirement?") end,
    level = function(e)
      return ui.number(meta.what .. ": the level required on that track?", 1, state.top[e.track])
    end,
    vp = function() return ui.number(meta.what .. ": its Victory Points?", 0, 40) end,
  }
  meta.__index = function(e, k)
    if ask[k] then
      rawset(e, k, ask[k](e))
    end
    return rawget(e, k)
  end
  return setmetatable({}, meta)
end

-- The name its remaining questions give an offered experiment (once it is chosen, say).
function util.rename_experiment(e, what)
  getmetatable(e).what = what
end

-- An experiment's four facts as a plain table (asking, in order, those not yet known); without its
-- type when `no_type` (a Masterpiece whose type cannot count).
function util.known_experiment(e, no_type)
  local kind = nil
  if not no_type then kind = e.type end
  return { type = kind, track = e.track, level = e.level, vp = e.vp }
end

function util.ask_experiment(state, what)
  return util.known_experiment(util.offered_experiment(state, what))
end

-- A Masterpiece is named so; its type is left out when it was not asked.
function util.describe_experiment(e)
  local kind = e.type and (util.cap(e.type) .. " experiment") or "experiment"
  return string.format("%s%s (%s %d, %d VP)", e.masterpiece and "Masterpiece " or "", kind, util.cap(e.track), e.level,
    e.vp)
end

-- The levels and gold a decision compares. A correction typed at one of its questions
-- (`set water 2`) changes what the steps before that question compared, so `util.settled` runs
-- the decision again, with the answers already given (they are kept for the turn), until no
-- correction came during it. `decide` only decides: it changes nothing of the state but the
-- answers it keeps.
local function compared(state)
  local parts = { state.gold }
  for _, t in ipairs(state.board.tracks) do
    parts[#parts + 1] = state.level[t.id]
  end
  return table.concat(parts, " ")
end

local deciding -- what the decision under way compared when it began

-- Whether a correction made the decision under way stale: its questions then ask nothing more
-- (they answer "no" or 0 and keep nothing), and it is decided again at once.
function util.stale(state)
  return deciding ~= nil and compared(state) ~= deciding
end

function util.settled(state, decide)
  local outer = deciding
  while true do
    deciding = compared(state)
    local results = table.pack(decide())
    if not util.stale(state) then
      deciding = outer
      return table.unpack(results, 1, results.n)
    end
  end
end

-- 1 Gold instead of an action that finds nothing to take; `reason` says why.
function util.gold_instead(state, reason, why)
  state.gold = state.gold + 1
  ui.say("%s: Botmegistus gains 1 Gold instead (now %d): put it on its tracker.", reason, state.gold)
  ui.why(why)
end

return util
