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
  -- What the questions below add; its points and Landmarks are counted when the result is given,
  -- so that a correction at the last question still counts.
  local per, how = landmark_points(state)
  state.final = { each = per, asked = 0 }
  local lines = {}
  local function line(text, n)
    lines[#lines + 1] = string.format("%s: %d", text, n)
  end
  local function add(text, n)
    state.final.asked = state.final.asked + n
    line(text, n)
  end
  local function total()
    return state.points + per * state.landmarks + state.final.asked
  end
  line("Points during the game", state.points)
  local gold = state.favour.gold
  if gold > 0 then
    add("Gold on the Favour tile", ui.number(string.format(
      "Botric has %d Gold on its Favour tile: how many Points do they score by the usual rule?", gold), 0, gold))
  end
  if state.landmarks > 0 then
    line(string.format("%s at %d each", util.plural(state.landmarks, "Landmark"), per), per * state.landmarks)
    ui.why("%sBotric's Landmarks score %d each, whatever their own conditions say.", how, per)
  end
  if state.roads < state.data.roads then
    add("Longest road", ui.number("Longest road: how many Points does Botric score for the road that gives it the most?", 0, 60))
  end
  -- Your deliveries since your first count are known (README ruling 32): at least that many.
  local seen = math.min(state.your_deliveries, state.data.church_spaces_max)
  if seen > state.deliveries then
    ui.say("You made at least %s (the spaces your turns filled, by the counts you gave), more than Botric's %d: "
      .. "the Chaplain Award is yours.", util.plural(seen, "Church delivery", "Church deliveries"), state.deliveries)
    ui.why("You made a majority of the Church deliveries, so you win the Chaplain Award; each space your turns filled "
      .. "was a delivery of yours, so Soloist need not ask.")
  else
    local yours = ui.number(string.format("Chaplain Award: Botric made %s. How many did you make?",
      util.plural(state.deliveries, "Church delivery", "Church deliveries")), seen, state.data.church_spaces_max)
    if yours > state.deliveries then
      ui.say("You made more Church deliveries: the Chaplain Award is yours.")
      ui.why("You made a majority of the Church deliveries, so you win the Chaplain Award.")
    elseif state.deliveries == 0 then
      ui.say("Nobody made a Church delivery: nobody takes the Chaplain Award.")
    else
      add("Chaplain Award", ui.number("Botric takes the Chaplain Award: how many Points is it worth?", 0, 30))
      ui.why("You win the Chaplain Award only with more deliveries than Botric; a tie is Botric's.")
    end
  end
  local sales = ui.number(string.format("Merchant Award: Botric made %s. How many did you make?",
    util.plural(state.sales, "Market sale")), 0, 60)
  if sales > state.sales and sales >= 5 then
    ui.say("You made more Market sales, and at least 5: the Merchant Award is yours.")
    ui.why("You made a majority of the Market sales and at least 5, so you win the Merchant Award.")
  elseif state.sales > 0 then
    add("Merchant Award", ui.number("Botric takes the Merchant Award: how many Points is it worth?", 0, 30))
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
  -- Each kind of its own materials is asked about only if one of its Refine actions made it.
  local hq_can, refined_can = bonus.has_high_quality(state), bonus.has_refined(state)
  if hq_can or refined_can then
    local hq, refined = 0, 0
    if hq_can then
      hq = ui.number("How many of Botric's own High Quality materials are left in the village?", 0, state.data.largest_count)
    end
    if refined_can then
      refined = ui.number("How many of Botric's own ordinary Refined materials are left in the village?", 0,
        state.data.largest_count)
    end
    local p = bonus.points(state, hq, refined)
    if p > 0 then
      add(string.format("Its own materials left, sold (%d High Quality, %d Refined)", hq, refined), p)
      ui.why("Botric sells its own materials left in the village for their bonus Points, plus 1 Point for the bonus Gold.")
    end
  end
  local said = total()
  ui.say("Botric's score: %d (%s).", said, table.concat(lines, "; "))
  State.show(state, "Botric at the end")
  local you = ui.number("Your final score, counted as usual?", 0, 999)
  local botric = total()
  if botric ~= said then
    ui.say("With your correction Botric's score is %d.", botric)
  end
  local won = you > botric
  ui.why("You win only with a higher score than Botric.")
  return {
    result = won and "win" or "loss",
    summary = won and string.format("You won, %d to %d.", you, botric)
      or string.format("Botric won, %d to %d%s.", botric, you, you == botric and " (a tie is Botric's)" or ""),
    scores = { player = you, botric = botric },
  }
end)

return scoring
