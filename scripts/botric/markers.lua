-- The action line, the Solo Action tile's three marker spots and the bag of Action markers.
local State = require "state"
local favour = require "favour"
local bag = require "bag"

local markers = {}

-- Setup: the five Action tokens in a random order, left to right.
function markers.lay_line(state)
  local ids = {}
  for i, a in ipairs(state.data.actions) do ids[i] = a.id end
  random.shuffle("action line", ids)
  for _, id in ipairs(ids) do state.line:push(id) end
  local names = {}
  for i, id in ipairs(ids) do names[i] = State.label(state, id) end
  ui.say("Lay Botric's Action tokens under the Solo Action tile, left to right: %s.", table.concat(names, ", "))
end

-- The marker drawn for a non-priority action: Soloist's own bag, or the player's (physical).
function markers.draw(state)
  local colour
  if state.physical then
    local options = {}
    for _, c in ipairs(state.spots) do
      if state.bag:count(c) > 0 then
        options[#options + 1] = { id = c, label = string.format("%s (%d in the bag)", c, state.bag:count(c)) }
      end
    end
    if #options == 1 then
      -- One colour is left: the marker drawn can only be that one.
      colour = options[1].id
      ui.say("Draw an Action marker from Botric's bag: it is %s, the only colour left in it.", colour)
    else
      colour = ui.ask("Draw an Action marker from Botric's bag. Its colour?", options)
    end
    -- Soloist's bag mirrors the player's: the same marker leaves it, without a random draw.
    local rest, removed = {}, false
    for _, c in ipairs(state.spots) do
      for _ = 1, state.bag:count(c) do
        if c == colour and not removed then removed = true else rest[#rest + 1] = c end
      end
    end
    state.bag = bag.new{ id = "markers", tokens = rest }
    game.record("draw", { bag = "markers", token = colour, physical = true })
  else
    colour = state.bag:draw()
    ui.say("Botric draws a %s Action marker.", colour)
  end
  state.aside[#state.aside + 1] = colour
  return colour
end

function markers.spot_of(state, colour)
  for i, c in ipairs(state.spots) do
    if c == colour then return i end
  end
end

-- The token performed goes to the far right; Build road leaves the line after the last road.
function markers.performed(state, token)
  if token == "road" and state.roads == 0 then
    state.line:remove(token)
    ui.say("Botric has built all its roads: take the Build a road token out of the action line (%d tokens left).",
      state.line:size())
    return
  end
  if state.line:index(token) == state.line:size() then
    ui.say("%s is already the right-most Action token: it stays.", State.label(state, token))
  else
    state.line:move_to_end(token)
    ui.say("Move the %s token to the far right of the action line and slide the others left.",
      State.label(state, token))
  end
end

-- After each of Botric's actions: an empty bag takes back the markers set aside, the Favour tile
-- turns face up and gains 1 Gold.
markers.after_action = game.step("after the action", function(state)
  if not state.bag:is_empty() then return end
  for _, c in ipairs(state.aside) do state.bag:put(c) end
  ui.say("The bag is empty: put the %d Action markers set aside back into it (not those on the Solo Action tile).",
    #state.aside)
  state.aside = {}
  if not state.favour.up then
    state.favour.up = true
    ui.say("Turn the Favour tile face up.")
  end
  favour.add(state, 1, "An empty bag refills, turns the Favour tile face up and adds 1 Gold to it.")
end)

return markers
