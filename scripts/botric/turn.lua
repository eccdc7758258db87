-- Botric's turn: each standing villager in turn tries the priority actions left to right, else a
-- non-priority action chosen by an Action marker; after each action the bag may refill.
local State = require "state"
local markers = require "markers"
local favour = require "favour"
local villagers = require "villagers"
local hire = require "hire"
local church = require "church"
local market = require "market"
local produce = require "produce"
local blueprints = require "blueprints"
local refine = require "refine"
local construct = require "construct"
local road = require "road"

local turn = {}

local purchase = game.step("purchase blueprint", function(state) return blueprints.purchase(state, false) end)

local TRY = {
  produce = produce.try, blueprint = purchase, refine = refine.try, construct = construct.try, road = road.try,
}

-- What an action changes on the table, so that a count Botric was told this turn is asked
-- again only when it may have changed (the village does not change otherwise during its turn).
local function changed(state, action)
  local t = state.turn
  if action == "church" and t.gold_delivery then
    -- The 10-Gold space takes Gold from the Favour tile and no materials: the village is as it was
    -- (README ruling 22).
    t.gold_delivery = nil
    return
  end
  if action == "hire" or action == "blueprint" then
    t.impossible.construct = nil  -- a new Blueprint may be buildable
    return
  end
  -- The Gold space stays as you said (only Botric's own delivery there fills it, and that is
  -- remembered for the game); the other counts may have changed. A sale comes only after Church
  -- Delivery found no space to fill, and it only takes materials away: still none.
  if action ~= "market" then t.church = nil end
  t.market = nil
  t.impossible = {}
  t.epoch = {}  -- what Botric learnt about its Blueprints no longer holds
end

local priority_actions = game.step("priority actions", function(state, k)
  local r = hire.try(state, k)
  if r == "done" then return "hire" end
  if church.try(state, k) == "done" then return "church" end
  if market.try(state, k) == "done" then return "market" end
  return nil
end)

local non_priority = game.step("non-priority action", function(state, k)
  local colour = markers.draw(state)
  local spot = markers.spot_of(state, colour)
  local n = state.line:size()
  state.now.text = string.format("villager action %d: the %s marker (spot %d)", k, colour, spot)
  ui.why("No priority action was possible, so Botric drew an Action marker: %s sits on spot %d of the Solo Action tile, "
    .. "above %s.", colour, spot, State.label(state, state.line:at(spot)))
  for i = 0, n - 1 do
    local token = state.line:at((spot - 1 + i) % n + 1)
    if i > 0 then
      if (spot - 1 + i) % n == 0 then
        ui.say("Botric goes back to the left-most Action token: %s.", State.label(state, token))
        ui.why("The token before it, the right-most, was not possible: Botric goes back to the left-most.")
      else
        ui.say("Botric tries the next Action token to the right: %s.", State.label(state, token))
        ui.why("The token before it was not possible: Botric moves one token right.")
      end
    else
      ui.say("Botric tries %s, the Action token below the %s marker.", State.label(state, token), colour)
    end
    state.now.text = string.format("villager action %d: the %s marker, trying %s", k, colour, State.label(state, token))
    local ok
    if state.turn.impossible[token] then
      ui.say("%s is still not possible: nothing has changed since Botric tried it this turn.", State.label(state, token))
      ok = false
    else
      ok = TRY[token](state)
    end
    if ok then
      markers.performed(state, token)
      ui.say("Set the %s marker aside.", colour)
      changed(state, token)
      return token
    end
    state.turn.impossible[token] = true
  end
  local v = villagers.first_standing(state)
  ui.say("Botric can do none of the actions on its line.")
  villagers.send(state, v, "the Church")
  favour.add(state, 1, "Every Action token was tried round the line and none was possible: the villager lies down on "
    .. "the Church and the Favour tile gains 1 Gold.")
  ui.say("Set the %s marker aside.", colour)
  return nil
end)

function turn.new(state)
  state.turn = { impossible = {}, failure_gold = false, delivered = false, epoch = {} }
end

turn.play = game.step("botric's turn", function(state)
  turn.new(state)
  state.phase = nil
  villagers.stand_up(state)
  local acting = #State.standing(state)
  ui.say("Botric's turn (round %d): %s.", state.round, acting == 1 and "its villager acts" or
    ("its " .. acting .. " villagers act one after another"))
  for k = 1, acting do
    state.now = { text = string.format("villager action %d of %d", k, acting) }
    local done = priority_actions(state, k)
    if done then
      changed(state, done)
    else
      non_priority(state, k)
    end
    markers.after_action(state)
  end
  state.now = nil
  State.show(state, "Botric")
end)

return turn
