-- The game end: Botric's points with its exceptions, the two awards a tie gives to Botric, the winner.
local State = require "state"
local bonus = require "bonus"
local util = require "util"

local scoring = {}

local function landmark_points(state)
  local o, lp = state.options, state.data.landmark_points
  local easier, harder = o["easier-landmarks"], o["harder-landmarks"]
  if easier and not harder then return lp.easier, "Easier game: " end
  if harder and not easier then return lp.harder, "Harder game: " end
  return lp.normal, ""  -- both modifiers at once cancel out (README ruling 17)
end

scoring.final = game.step("game end", function(state)
  state.phase = "the game end"
  ui.say("The game is over: Botric scores.")
  local lines, total = {}, state.points
  local function line(text, n)
    lines[#lines + 1] = string.format("%s: %d", text, n)
  end
  line("Points during the game", state.points)
  local gold = state.favour.gold
  if gold > 0 then
    local g = ui.number(string.format("Botric has %d Gold on its Favour tile: how many Points do they score by the usual rule?",
      gold), 0, gold)
    total = total + g
    line("Gold on the Favour tile", g)
  end
  local per, how = landmark_points(state)
  if state.landmarks > 0 then
    total = total + per * state.landmarks
    line(string.format("%d Landmarks at %d each", state.landmarks, per), per * state.landmarks)
    ui.why("%sBotric's Landmarks score %d each, whatever their own conditions say.", how, per)
  end
  if state.roads < state.data.roads then
    local r = ui.number("Longest road: how many Points does Botric score for the road that gives it the most?", 0, 60)
    total = total + r
    line("Longest road", r)
  end
  local yours = ui.number(string.format("Chaplain Award: Botric made %s. How many did you make?",
    util.plural(state.deliveries, "Church delivery", "Church deliveries")), 0, state.data.church_spaces_max)
  if yours > state.deliveries then
    ui.say("You made more Church deliveries: the Chaplain Award is yours.")
    ui.why("You made a majority of the Church deliveries, so you win the Chaplain Award.")
  elseif state.deliveries == 0 then
    ui.say("Nobody made a Church delivery: nobody takes the Chaplain Award.")
  else
    local a = ui.number("Botric takes the Chaplain Award: how many Points is it worth?", 0, 30)
    total = total + a
    line("Chaplain Award", a)
    ui.why("You win the Chaplain Award only with more deliveries than Botric; a tie is Botric's.")
  end
  local sales = ui.number(string.format("Merchant Award: Botric made %s. How many did you make?",
    util.plural(state.sales, "Market sale")), 0, 60)
  if sales > state.sales and sales >= 5 then
    ui.say("You made more Market sales, and at least 5: the Merchant Award is yours.")
    ui.why("You made a majority of the Market sales and at least 5, so you win the Merchant Award.")
  elseif state.sales > 0 then
    local a = ui.number("Botric takes the Merchant Award: how many Points is it worth?", 0, 30)
    total = total + a
    line("Merchant Award", a)
    if sales > state.sales then
      ui.why("You made more Market sales but fewer than 5, so the award is not yours; it goes to Botric, who made "
        .. "sales too (README ruling 15).")
    else
      ui.why("You win the Merchant Award only with more sales than Botric and at least 5; a tie is Botric's.")
    end
  elseif sales > 0 then
    ui.say("You made fewer than 5 Market sales and Botric made none: nobody takes the Merchant Award.")
    ui.why("You need at least 5 sales to take it, and Botric takes it only with a sale of its own (README ruling 15).")
  else
    ui.say("Nobody made a Market sale: nobody takes the Merchant Award.")
  end
  if state.refines > 0 then
    -- Asked only once it has refined; High Quality only once it holds a Milestone.
    local hq = 0
    if state.milestones > 0 then
      hq = ui.number("How many of Botric's own High Quality materials are left in the village?", 0, state.data.largest_count)
    end
    local refined = ui.number("How many of Botric's own ordinary Refined materials are left in the village?", 0,
      state.data.largest_count)
    local p = bonus.points(state, hq, refined)
    if p > 0 then
      total = total + p
      line(string.format("%d High Quality and %d Refined materials sold", hq, refined), p)
      ui.why("Botric sells its own materials left in the village for their bonus Points, plus 1 Point for the bonus Gold.")
    end
  end
  state.final = total
  ui.say("Botric's score: %d (%s).", total, table.concat(lines, "; "))
  State.show(state, "Botric at the end")
  local you = ui.number("Your final score, counted as usual?", 0, 999)
  local won = you > total
  ui.why("You win only with a higher score than Botric.")
  return {
    result = won and "win" or "loss",
    summary = won and string.format("You won, %d to %d.", you, total)
      or string.format("Botric won, %d to %d%s.", total, you, you == total and " (a tie is Botric's)" or ""),
    scores = { player = you, botric = total },
  }
end)

return scoring
