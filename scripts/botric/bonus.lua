-- Botric's own Refined and High Quality materials: how many an action uses (asked only when it
-- can have any), and the bonus they give it (its points, and 1 Point instead of any Gold).
local util = require "util"
local State = require "state"

local bonus = {}

-- `what` names the action when it is done already (the question then asks what it used).
local function ask(state, c, kind, what)
  local verb = what and "did it use" or "would it use (it takes its own first)"
  return ui.number(string.format("%s: how many of Botric's own %s materials %s?", what or c.label, kind, verb), 0,
    state.data.largest_count)
end

function bonus.high_quality(state, c, what)
  -- Without a Milestone, or without ever refining, it has no High Quality material in the village.
  if state.milestones == 0 or state.refines == 0 then return 0 end
  return util.fact(c, "hq", function() return ask(state, c, "High Quality", what) end)
end

function bonus.refined(state, c, what)
  if state.refines == 0 then return 0 end  -- it has never refined, so it has no Refined materials
  return util.fact(c, "refined", function() return ask(state, c, "ordinary Refined", what) end)
end

local function per(b)
  return b.points + (b.gold > 0 and 1 or 0)
end

function bonus.points(state, hq, refined)
  local b = state.data.bonuses
  return hq * per(b.high_quality) + refined * per(b.refined)
end

-- Scores the bonuses of Botric's own materials that the chosen candidate used.
function bonus.score(state, c, what)
  local hq, refined = bonus.high_quality(state, c, what), bonus.refined(state, c, what)
  local p = bonus.points(state, hq, refined)
  if p > 0 then
    State.score(state, p)
    ui.say("Botric's own materials used (%d High Quality, %d Refined) give it %s (now %d).", hq, refined,
      util.plural(p, "bonus Point"), state.points)
    ui.why("Each bonus scores its Points, and 1 Point instead of its Gold.")
  end
  ui.say("You gain the bonus of each of your own Refined materials it used, as usual.")
end

-- Your turn used Botric's own Refined materials: their owner gains the bonus as usual, Botric 1
-- Point instead of each bonus's Gold. Asked only once Botric has refined (before, it has none).
function bonus.used_by_you(state)
  if state.refines == 0 then return end
  local n = ui.number("Did your turn use any of Botric's own Refined materials? How many in all?", 0,
    state.data.largest_count)
  if n == 0 then return end
  local hq = 0
  if state.milestones > 0 then
    hq = ui.number(string.format("How many of those %d were Botric's High Quality materials?", n), 0, n)
  end
  local p = bonus.points(state, hq, n - hq)
  if p > 0 then
    State.score(state, p)
    ui.say("Botric gains the bonus of its own materials you used (%d High Quality, %d Refined): %s (now %d).", hq, n - hq,
      util.plural(p, "Point"), state.points)
    ui.why("The owner of a Refined material gains its bonus when it is used, as usual; Botric takes 1 Point instead of "
      .. "each bonus's Gold.")
  end
end

return bonus
