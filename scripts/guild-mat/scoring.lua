-- The end of the game: the win check, or the loss at a failed last space.
local plural = require("phrase").plural
local scoring = {}

-- "1 point", "80 points".
local function points(n) return plural(n, "point") end

-- The total and its breakdown: standard VP, the last spaces' points and bonus, and the minus
-- points of the loss box and of the negative effects.
local function add_up(state, vp)
  local win = state.mat.layout.win
  local total, parts = vp, { string.format("%d standard VP", vp) }
  local function add(points, what)
    if points ~= 0 then
      total = total + points
      parts[#parts + 1] = string.format("%s %d %s", points > 0 and "+" or "-", math.abs(points), what)
    end
  end
  local met = #state.met
  add(met * win.points_per_last_space, string.format("for %d last space%s met", met, met == 1 and "" or "s"))
  if met >= win.last_spaces then
    add(win.bonus, "bonus")
  end
  local mines = state.mat.loss_box.value
  add(-mines * win.loss_box_mine, string.format("for %d mine%s in the loss box", mines, mines == 1 and "" or "s"))
  for _, minus in ipairs(state.minus) do
    add(-minus.points, "for " .. minus.space .. "'s negative effect")
  end
  return total, table.concat(parts, " ") .. " = " .. total
end

scoring.win_check = game.step("win check", function(state)
  local win = state.mat.layout.win
  local vp = ui.number("Score the game by the standard rules, without the solo mat (Soloist adds its last "
    .. "spaces and takes off its minus points): how many VP do you have?", 0, win.vp_max)
  local total, breakdown = add_up(state, vp)
  ui.say("Final score: " .. breakdown .. ".")
  local met = #state.met
  local result, summary
  if met < win.last_spaces then
    result = "loss"
    summary = string.format("You lost: you met %d of the %d last spaces needed, with %s.", met,
      win.last_spaces, points(total))
  elseif total >= win.vp_needed then
    result = "win"
    summary = string.format("You won with %d points (%d needed).", total, win.vp_needed)
  else
    result = "loss"
    summary = string.format("You lost with %s: %d were needed.", points(total), win.vp_needed)
  end
  ui.say(summary)
  ui.why("A win needs %d last spaces met and at least %d points; you met %d and scored %d.",
    win.last_spaces, win.vp_needed, met, total)
  return { result = result, summary = summary, scores = { vp = vp, total = total, last_spaces = met } }
end)

-- A failed last space ends the game lost, without a win check.
function scoring.lost(state, space)
  return {
    result = "loss",
    summary = string.format("You lost: %s's requirement was not met.", space.id),
    scores = { last_spaces = #state.met },
  }
end

return scoring
