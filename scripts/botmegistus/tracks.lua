-- The Mastery tracks: the lowest track and its four-step tie-break, moving up (a different track
-- when one is at the top), bonus tokens reached first, and their removal at clean-up.
local util = require "util"
local priority = require "priority"

local tracks = {}

local function key(track, level)
  return track .. ":" .. level
end

-- Whether a bonus token is known to be gone for good: answered gone earlier, or your marker, asked
-- this turn, is on or above its space (you took it, or a clean-up removed it: README ruling 8).
local function token_gone(state, track, level)
  local k = key(track, level)
  local yours = state.turn.player[track]
  if yours and yours >= level then
    state.bonus[k] = "gone"
  end
  return state.bonus[k] == "gone"
end

-- Whether your marker, asked this turn, is below a space: only a marker reaching a space removes
-- its token, and Botmegistus' own marker is below the spaces it asks about, so the token is there.
local function below_your_marker(state, track, level)
  local yours = state.turn.player[track]
  return yours ~= nil and yours < level
end

local NO_TOKEN = 1000 -- the distance of a track none of whose bonus spaces above still has its token

-- Steps 2 and 3 of the tie-break for one track at level `low`, with your marker there at `m`: the
-- distance to its next bonus space still holding its token (one above your marker and not known to
-- be gone: only a marker reaching a space takes or removes its token, README ruling 8) and how far
-- it is ahead of you. `index` (its place from the left) is step 4.
local function tie_key(state, t, low, m, index)
  local spaces = {}
  for _, l in ipairs(state.track_by_id[t].bonus_spaces) do spaces[#spaces + 1] = l end
  table.sort(spaces)
  for _, l in ipairs(spaces) do
    if l > low and l > m and state.bonus[key(t, l)] ~= "gone" then
      return { d = l - low, space = l, ahead = low - m, index = index }
    end
  end
  return { d = NO_TOKEN, ahead = low - m, index = index }
end

local function better(a, b)
  if a.d ~= b.d then return a.d < b.d end
  if a.ahead ~= b.ahead then return a.ahead > b.ahead end
  return a.index < b.index
end

-- The tracks tied lowest (at `low`, in board order), decided by steps 2 to 4. Your marker on each
-- settles both step 2 and step 3, so it is the only question, asked at most once a turn (README
-- ruling 22) and only of a track that could still win: with your marker at 0 (the best it could be
-- for Botmegistus) a track must beat the best one found, or it is not asked. Markers already known
-- come first, then the tracks by that best case, the left-most first.
local function tie_break(state, tied, low)
  local entries, order = {}, {}
  for i, t in ipairs(tied) do
    local known = state.in_setup and 0 or state.turn.player[t]
    entries[i] = { track = t, marker = known, bound = tie_key(state, t, low, 0, i) }
    order[i] = entries[i]
  end
  table.sort(order, function(a, b)
    if (a.marker ~= nil) ~= (b.marker ~= nil) then return a.marker ~= nil end
    return better(a.bound, b.bound)
  end)
  local lead   -- the best asked so far: a track that cannot beat it even at best is not asked
  local asked = {}
  for _, e in ipairs(order) do
    if e.marker == nil and lead and not better(e.bound, lead.key) then
      e.skipped = true
    else
      if e.marker == nil then e.marker = util.player_level(state, e.track) end
      e.key = tie_key(state, e.track, low, e.marker, e.bound.index)
      for _, l in ipairs(state.track_by_id[e.track].bonus_spaces) do
        token_gone(state, e.track, l) -- a space at or below your marker: gone for good
      end
      if not lead or better(e.key, lead.key) then lead = e end
    end
  end
  for _, e in ipairs(entries) do
    if not e.skipped then asked[#asked + 1] = e end   -- in board order, for the left-most
  end
  -- Steps 2 to 4 among the tracks asked (no track left out could win: see above).
  local best, decision = priority.choose(asked, {
    { "closest to a bonus space that still has its token", least = function(e) return e.key.d end },
    { "furthest ahead of you (level before behind)", most = function(e) return e.key.ahead end },
  }, { first = "the left-most track", label = function(e) return util.cap(e.track) end })
  -- The rule's step that decided: 1 when every rival was left unasked.
  local step = decision.by == "only" and 1 or decision.step and decision.step + 1 or 4
  local w = best.key
  local near, skipped, at_best_tie = {}, {}, false
  for _, e in ipairs(entries) do
    if e.skipped then
      skipped[#skipped + 1] = util.cap(e.track)
      at_best_tie = at_best_tie or (e.bound.d == w.d and e.bound.ahead == w.ahead)
    elseif e.key.d == w.d then
      near[#near + 1] = util.cap(e.track)
    end
  end
  local names = {}
  for _, t in ipairs(tied) do names[#names + 1] = util.cap(t) end
  local T = util.cap(best.track)
  local why = string.format("%s are tied lowest at level %d", util.list(names), low)
  local function token_text()
    if w.d == NO_TOKEN then
      return "no bonus space above it still has its token"
    end
    return string.format("the next bonus space still holding its token is level %d, %d up", w.space, w.d)
  end
  if step == 2 then
    why = string.format("%s; %s is closest to a bonus space that still has its token (%s)", why, T, token_text())
  elseif step >= 3 then
    if #near < #names - #skipped then
      why = string.format("%s; %s are the closest to a bonus space that still has its token", why, util.list(near))
    elseif #near > 1 and step == 3 then
      -- Step 2 left every track asked tied: say so, so the reason does not skip a step.
      why = string.format("%s; %s", why, w.d == NO_TOKEN
        and string.format("%s have no bonus space above them that still has its token", util.list(near))
        or string.format("%s are equally close to a bonus space that still has its token (%d up)", util.list(near), w.d))
    end
    if step == 3 then
      if w.ahead > 0 then
        why = string.format("%s; it is furthest ahead of you on %s (by %d)", why, T, w.ahead)
      elseif w.ahead == 0 then
        why = string.format("%s; it is level with you on %s and ahead of you on none (level counts before "
          .. "behind, README ruling 9)", why, T)
      else
        why = string.format("%s; it is closest behind you on %s (%d behind)", why, T, -w.ahead)
      end
    else
      why = why .. "; still tied after the bonus tokens and your markers, so the left-most track: " .. T
    end
  end
  if step == 1 then
    -- Every rival was left unasked: say what the winner has.
    why = string.format("%s; on %s %s, and it is %s", why, T, token_text(),
      w.ahead > 0 and string.format("%d ahead of you", w.ahead) or w.ahead == 0 and "level with you"
        or string.format("%d behind you", -w.ahead))
  end
  if #skipped > 0 then
    why = string.format("%s; your marker on %s was not asked: even at 0 %s could %s", why, util.list(skipped),
      #skipped > 1 and "those tracks" or "that track", at_best_tie
        and string.format("at best tie with %s, and a tie goes to the left-most", T)
        or string.format("not beat %s", T))
  end
  return best.track, why
end

-- The lowest track not at the top, with the tie-break re-evaluated on each call: the lowest level,
-- then the closest bonus token still there, then where it is furthest ahead of (or least behind)
-- your marker, then the left-most. Returns the track id (nil when every track is at the top) and
-- the reason.
local function lowest(state, exclude)
  local candidates = {}
  for _, t in ipairs(state.board.tracks) do
    if state.level[t.id] < t.top and t.id ~= exclude then
      candidates[#candidates + 1] = t.id
    end
  end
  if #candidates == 0 then
    return nil, "every other Mastery track is at its top"
  end
  -- Step 1; steps 2 to 4 share one question (your marker), so tie_break takes them together.
  local tied = priority.keep(candidates, { { "the lowest track", least = function(c) return state.level[c] end } })
  local low = state.level[tied[1]]
  if #tied == 1 then
    return tied[1], string.format("%s is its lowest track (level %d)", util.cap(tied[1]), low)
  end
  return tie_break(state, tied, low)
end

function tracks.lowest(state, exclude)
  return util.settled(state, function() return lowest(state, exclude) end)
end

local gain_bonus

-- One step up `track`; at the top, a different track by the lowest-track priority.
function tracks.step_up(state, track, reason)
  if state.level[track] >= state.top[track] then
    local other, why = tracks.lowest(state, track)
    if not other then
      ui.say("Botmegistus is at the top of %s and of every other Mastery track: it does not move.", util.cap(track))
      ui.why("A track at its top sends the move to a different track; none is left.")
      return
    end
    ui.say("Botmegistus is at the top of the %s track, so it moves up %s instead.", util.cap(track), util.cap(other))
    ui.why("At the top of the indicated track it moves up a different track by the lowest-track priority: %s.", why)
    track = other
  elseif reason then
    ui.why(reason)
  end
  state.level[track] = state.level[track] + 1
  local level = state.level[track]
  ui.say("Move Botmegistus' marker up the %s Mastery track to level %d.", util.cap(track), level)
  for _, l in ipairs(state.track_by_id[track].bonus_spaces) do
    if l == level then
      gain_bonus(state, track, level)
    end
  end
end

-- Up the lowest track `times` times, re-evaluating after each step.
tracks.move_lowest = game.step("move up lowest track", function(state, times)
  for _ = 1, times or 1 do
    local t, why = tracks.lowest(state)
    if not t then
      ui.say("Every Mastery track of Botmegistus is at its top: it does not move.")
      ui.why("There is no track left to move up.")
      return
    end
    tracks.step_up(state, t, "It moves up its lowest track: " .. why .. ".")
  end
end)

-- The track with the smallest gap below an incomplete experiment's Mastery requirement (the first
-- such experiment on a tie).
function tracks.towards_experiment(state)
  local below = {}
  for _, e in ipairs(state.incomplete) do
    if e.level > state.level[e.track] and state.level[e.track] < state.top[e.track] then
      below[#below + 1] = e
    end
  end
  local e = priority.choose(below, {
    { "the smallest gap to its requirement", least = function(x) return x.level - state.level[x.track] end },
  })
  if not e then
    return nil
  end
  return e.track, e.level - state.level[e.track]
end

gain_bonus = game.step("bonus token", function(state, track, level)
  local k = key(track, level)
  if token_gone(state, track, level) then
    -- Nothing to ask, but the player sees it land on a bonus space: say why nothing happens.
    local yours = state.turn.player[track]
    if yours and yours >= level then
      ui.why("%s level %d is a bonus space, but your marker is on or above it (level %d): its token is gone, so "
        .. "Botmegistus gains no bonus.", util.cap(track), level, yours)
    else
      ui.why("%s level %d is a bonus space whose token is already gone: Botmegistus gains no bonus.",
        util.cap(track), level)
    end
    return
  end
  -- "No token" cannot be the answer at setup (every token is on the board), nor when your marker,
  -- asked this turn, is below the space.
  local options = {}
  if not (state.in_setup or below_your_marker(state, track, level)) then
    options[1] = { id = "none", label = "No token (already taken or removed)" }
  end
  for _, b in ipairs(state.board.bonus_tokens) do
    options[#options + 1] = { id = b.id, label = b.label }
  end
  local kind = ui.ask(string.format("Botmegistus reached level %d of %s. Which bonus token is on that space?", level,
    util.cap(track)), options)
  state.bonus[k] = "gone"
  if kind == "none" then
    ui.say("No bonus: the token on %s level %d is gone.", util.cap(track), level)
    ui.why("Only a bonus token still on the space when Botmegistus reaches it before you gives a benefit.")
    return
  end
  -- Only a token that was there is left for the clean-up to remove.
  state.removed[#state.removed + 1] = string.format("%s level %d", util.cap(track), level)
  ui.why("Botmegistus reached the bonus space before you and the token was still there.")
  if kind == "ethereal" then
    state.ethereal = state.ethereal + 1
    ui.say("Bonus: Botmegistus gains an Ethereal Die token (now %d).", state.ethereal)
  elseif kind == "vp" then
    state.vp = state.vp + 5
    ui.say("Bonus: Botmegistus scores 5 Victory Points.")
  else
    local t, gap = tracks.towards_experiment(state)
    if t then
      ui.say("Bonus: Botmegistus moves up 1 towards an experiment's requirement.")
      tracks.step_up(state, t, string.format("%s is the track where it is closest (%d short) to an incomplete "
        .. "experiment's Mastery requirement.", util.cap(t), gap))
    else
      ui.say("Bonus: Botmegistus moves up its lowest track (no incomplete experiment needs a step).")
      tracks.move_lowest(state, 1)
    end
  end
end)

-- The clean-up's removal of the bonus tokens the markers reached: Botmegistus' (it knows which)
-- and, after your reaction, yours (it cannot see them, so it reminds you).
function tracks.clean_up(state, after_reaction)
  if #state.removed > 0 then
    ui.say("Remove the bonus tokens Botmegistus reached: %s%s.", util.list(state.removed),
      after_reaction and ", and any bonus token one of your markers is on or above" or "")
  elseif after_reaction then
    ui.say("Remove any bonus token one of your markers is on or above.")
  end
  state.removed = {}
end

return tracks
