-- The action phase: spending potency, then the card's basic, specialization or personality action.
local util = require "util"
local tracks = require "tracks"
local artifacts = require "artifacts"
local experiments = require "experiments"

local action = {}

action.spend = game.step("spending potency", function(state, card)
  -- A physical card's potency is not asked when its die is at 1: any card spends that 1. Read
  -- while it had no die, the card's potency is asked now, after the draft (README ruling 26).
  if card.potency == nil and card.id == "physical" and state.die.potency > 1 then
    card.potency = ui.number("The potency it spends?", 1, 3)
  end
  local asks = card.potency or state.die.potency
  local spend = math.min(asks, state.die.potency)
  state.die.potency = state.die.potency - spend
  if spend < asks then
    ui.say("Botmegistus spends all its %d potency (the card asks %d); it acts all the same.", spend, asks)
  else
    ui.say("Botmegistus spends %d potency: move its die down to %d.", spend, state.die.potency)
  end
end)

local function personality(state, card)
  local t = card.element
  local equal_scores = state.options["personality-on-equal"]
  -- At level 0 it cannot be ahead of you: your marker matters only if being level scores.
  local yours = state.turn.player[t]
  if state.level[t] > 0 or equal_scores then
    yours = util.player_level(state, t)
  end
  local mine = state.level[t] -- read after the question, which may correct it
  local climbs = yours == nil or mine < yours or (mine == yours and not equal_scores)
  if climbs then
    if yours then
      ui.say("Personality (%s): Botmegistus is not ahead of you on %s (%d to your %d): it moves up %s twice.",
        t, util.cap(t), mine, yours, util.cap(t))
    else
      ui.say("Personality (%s): Botmegistus is at level 0 of %s, so not ahead of you: it moves up %s twice.",
        t, util.cap(t), util.cap(t))
    end
    ui.why("Not ahead of you on the card's track, so the card's first effect: two steps up that track.")
    tracks.step_up(state, t)
    tracks.step_up(state, t)
    return
  end
  ui.why(mine == yours
    and "Level with you on %s (%d to your %d), and the difficulty option lets the card score when equal."
    or "Already higher than you on %s (%d to your %d): the card's other effect.", util.cap(t), mine, yours)
  if t == "earth" then
    state.vp, state.gold = state.vp + 5, state.gold + 3
    ui.say("Personality (earth): Botmegistus scores 5 VP and gains 3 Gold (now %d): put them on its tracker.",
      state.gold)
  elseif t == "water" then
    state.vp = state.vp + 5
    ui.say("Personality (water): Botmegistus scores 5 VP and moves up Fire, Earth and Air one step each.")
    for _, other in ipairs({ "fire", "earth", "air" }) do
      tracks.step_up(state, other)
    end
  elseif t == "fire" then
    state.vp = state.vp + 10
    ui.say("Personality (fire): Botmegistus scores 10 VP.")
  else
    state.vp = state.vp + 5
    ui.say("Personality (air): Botmegistus scores 5 VP and gains an Artifact.")
    artifacts.gain(state)
  end
end

local function gold(state, n)
  state.gold = state.gold + n
  ui.say("Botmegistus gains %d Gold (now %d): put it on its tracker.", n, state.gold)
end

action.perform = game.step("perform action", function(state, card)
  if card.kind == "personality" then
    return personality(state, card)
  end
  local a = card.action
  if a == "artifact" then
    artifacts.gain(state)
  elseif a == "tracks" then
    if card.lowest then
      tracks.move_lowest(state, card.lowest)
    else
      for _, t in ipairs(card.tracks) do
        tracks.step_up(state, t, "The card names the " .. util.cap(t) .. " track.")
      end
    end
  elseif a == "experiment" then
    experiments.gain(state)
  elseif a == "gold" then
    gold(state, 1)
  elseif a == "artifact_gold" then
    artifacts.gain(state)
    gold(state, 1)
  elseif a == "vp_gold" then
    state.vp = state.vp + 5
    ui.say("Botmegistus scores 5 Victory Points.")
    gold(state, 1)
  elseif a == "all_tracks" then
    -- One reason for the four steps: it is given with the first.
    for i, t in ipairs(state.board.tracks) do
      tracks.step_up(state, t.id, i == 1 and "The specialization card moves each Mastery track up one." or nil)
    end
  elseif a == "experiment_lowest_twice" then
    experiments.gain(state)
    tracks.move_lowest(state, 2)
  else
    error("cards.yaml: unknown action " .. tostring(a), 0)
  end
end)

return action
