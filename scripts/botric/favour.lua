-- The Favour tile: the Gold Botric spends on hiring and on the Gold Church space, face up or
-- down, and the one failure Gold a turn (the start player marker reminds the table of it).
local favour = {}

function favour.add(state, n, why)
  state.favour.gold = state.favour.gold + n
  ui.say("Put %s from the supply on Botric's Favour tile (now %d).", n == 1 and "1 Gold" or (n .. " Gold"),
    state.favour.gold)
  if why then ui.why(why) end
end

function favour.pay(state, n, what)
  state.favour.gold = state.favour.gold - n
  ui.say("Botric pays %d Gold from its Favour tile for %s: return it to the supply (%d left).", n, what,
    state.favour.gold)
end

-- After a hire or a Church delivery the tile turns face down, unless the harder modifier keeps it up.
-- `what`: "hire" or "delivery" (README ruling 5: the delivery's success text is missing).
function favour.flip_down(state, what)
  if state.options["harder-favour"] then
    ui.say("The Favour tile stays face up.")
    ui.why("Harder game: Botric never turns its Favour tile face down.")
    return
  end
  if state.favour.up then
    state.favour.up = false
    ui.say("Turn the Favour tile face down; it turns face up when the Action markers go back into the bag.")
    ui.why(what == "delivery" and "A Church delivery turns the Favour tile face down, as a hire does (README ruling 5)."
      or "A hire turns the Favour tile face down.")
  end
end

-- A failed Hire Villager or Church Delivery on the first villager action of the turn gives 1 Gold,
-- only while the tile is face up and only once a turn.
function favour.failure_gold(state, k, what)
  if k ~= 1 then
    ui.why("%s failed, but only a failure on the first villager action of the turn gives Gold.", what)
    return
  end
  if not state.favour.up then
    ui.why("%s failed, but the Favour tile is face down: no failure Gold.", what)
    return
  end
  if state.turn.failure_gold then
    ui.why("%s failed, but Botric already had its failure Gold this turn.", what)
    return
  end
  state.turn.failure_gold = true
  favour.add(state, 1)
  ui.say("Put the start player marker on the Favour tile to remember it; take it back at the start of your turn.")
  ui.why("%s failed on the first villager action with the Favour tile face up: 1 Gold, once a turn.", what)
end

return favour
