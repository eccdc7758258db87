-- Hire Villager, the first priority action: 5 Gold from the Favour tile, a Blueprint with it.
local State = require "state"
local favour = require "favour"
local villagers = require "villagers"
local blueprints = require "blueprints"

local hire = {}

-- Returns "done", "failed" or "skipped".
hire.try = game.step("hire villager", function(state, k)
  local data = state.data
  local active = #State.active(state)
  if active >= data.villagers_max then
    ui.say("Hire Villager: Botric has all %d of its villagers, so it skips this action.", data.villagers_max)
    ui.why("Botric has all %d villagers: Hire Villager is skipped, neither a success nor a failure.", data.villagers_max)
    return "skipped"
  end
  if state.favour.gold < data.hire_cost then
    ui.say("Hire Villager: Botric has %d Gold on its Favour tile, %d short of the %d it needs.", state.favour.gold,
      data.hire_cost - state.favour.gold, data.hire_cost)
    favour.failure_gold(state, k, "Hire Villager")
    return "failed"
  end
  local v = villagers.first_standing(state)
  local new
  for _, x in ipairs(state.villagers) do
    if not x.active and not new then new = x end
  end
  ui.say("Botric hires a villager.")
  ui.why("Hire Villager is the left-most priority action, and the Favour tile holds the %d Gold it costs.", data.hire_cost)
  villagers.send(state, v, "the Town Hall")
  favour.pay(state, data.hire_cost, "its new villager")
  new.active, new.standing, new.tile = true, false, "the Town Hall"
  ui.say("Lay Botric's villager %d on the Town Hall: it acts from Botric's next turn.", new.n)
  if #state.queue < data.queue_max then
    ui.say("With the hire Botric also purchases a Blueprint (its Purchase Blueprint token does not move).")
    blueprints.purchase(state, true)
  else
    ui.say("Botric holds %d Blueprints: no Blueprint comes with this hire.", data.queue_max)
  end
  favour.flip_down(state, "hire")
  return "done"
end)

return hire
