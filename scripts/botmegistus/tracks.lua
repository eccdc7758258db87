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

-- Whether a bonus token is still on a space. A token gone is gone for good; one still there may be
-- taken on your next turn, so that answer holds for this turn only (README ruling 8).
local function token_present(state, track, level)
  if token_gone(state, track, level) then
    return false
  elseif state.in_setup or below_your_marker(state, track, level) then
    return true
  end
  local k = key(track, level)
  local yes = state.turn.token[k]
  if yes == nil and util.stale(state) then
    return false
  elseif yes == nil then
    yes = ui.confirm(string.format("Is there still a bonus token on level %d of the %s track?", level,
      util.cap(track)))
    state.turn.token[k] = yes
    if not yes then state.bonus[k] = "gone" end
  end
  return yes
end

-- Step 2 of the tie-break among the tracks tied lowest: how far each is from its next bonus space
-- that still has its token (absent: none has). The spaces are asked nearest first across the
-- tied tracks, and none farther than the nearest token found, which a farther one cannot beat.
local function bonus_distances(state, tied)
  local spaces = {}
  for _, t in ipairs(tied) do
    for _, l in ipairs(state.track_by_id[t].bonus_spaces) do
      if l > state.level[t] then
        spaces[#spaces + 1] = { track = t, level = l, distance = l - state.level[t], order = #spaces + 1 }
      end
    end
  end
  table.sort(spaces, function(a, b)
    if a.distance ~= b.distance then return a.distance < b.distance end
    return a.order < b.order
  end)
  local distance, nearest = {}, nil
  for _, s in ipairs(spaces) do
    if nearest and s.distance > nearest then
      break
    end
    if not distance[s.track] and token_present(state, s.track, s.level) then
      distance[s.track], nearest = s.distance, s.distance
    end
  end
  return distance
end

-- The lowest track not at the top, with the tie-break re-evaluated on each call: the lowest level,
-- then the closest bonus token still there, then where it is furthest ahead of (or least behind)
-- your marker, then the left-most. Tokens and markers are asked only while a tie remains (tokens
-- nearest first, markers in board order). Returns the track id (nil when every track is at the
-- top) and the reason.
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
  local function ahead(t)
    return state.level[t] - (state.in_setup and 0 or util.player_level(state, t))
  end
  local tied, distance = {}, nil
  local function to_bonus(t)
    if not distance then
      -- Asked once step 1 has left a tie: the tracks at the lowest level (t is one of them).
      for _, c in ipairs(candidates) do
        if state.level[c] == state.level[t] then tied[#tied + 1] = c end
      end
      distance = bonus_distances(state, tied)
    end
    return distance[t] or 1000
  end
  local t, decision = priority.choose(candidates, {
    { "the lowest track", least = function(c) return state.level[c] end },
    { "closest to a bonus space that still has its token", least = to_bonus },
    { "furthest ahead of you (level before behind)", most = ahead },
  }, { first = "the left-most track" })
  if decision.by == "only" or decision.step == 1 then
    return t, string.format("%s is its lowest track (level %d)", util.cap(t), state.level[t])
  end
  -- Past step 1 the tracks in `tied` were tied lowest.
  local names, near = {}, {}
  for _, c in ipairs(tied) do
    names[#names + 1] = util.cap(c)
    if to_bonus(c) == to_bonus(t) then near[#near + 1] = util.cap(c) end
  end
  local why = string.format("%s are tied lowest at level %d", util.list(names), state.level[t])
  if decision.step == 2 then
    return t, why .. "; " .. util.cap(t) .. " is closest to a bonus space that still has its token"
  end
  if #near < #names then
    -- Step 2 left some of them out: name those still tied after it.
    why = string.format("%s; %s are the closest to a bonus space that still has its token", why, util.list(near))
  end
  if decision.step == 3 then
    local d = ahead(t) -- known by now: asked at most once per turn
    if d > 0 then
      return t, string.format("%s; it is furthest ahead of you on %s (by %d)", why, util.cap(t), d)
    elseif d == 0 then
      return t, string.format("%s; it is level with you on %s and ahead of you on none (level counts before "
        .. "behind, README ruling 9)", why, util.cap(t))
    end
    return t, string.format("%s; it is closest behind you on %s (%d behind)", why, util.cap(t), -d)
  end
  return t, why .. "; still tied after the bonus tokens and your markers, so the left-most track: " .. util.cap(t)
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
  -- "No token" cannot be the answer at setup (every token is on the board), nor after you said
  -- this turn that one is still there, nor when your marker, asked this turn, is below the space.
  local options = {}
  if not (state.in_setup or state.turn.token[k] or below_your_marker(state, track, level)) then
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
