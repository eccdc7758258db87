-- Botric's own Refined and High Quality materials: how many an action uses (asked only when it
-- can have any), and the bonus they give it (its points, and 1 Point instead of any Gold).
local util = require "util"
local State = require "state"

local bonus = {}

-- Its High Quality material comes only from a Refine action made with the Milestone of that type,
-- its ordinary Refined material from any other (README ruling 7).
function bonus.has_high_quality(state)
  return math.min(state.hq_refines, state.refines) > 0
end

function bonus.has_refined(state)
  return state.refines > state.hq_refines
end

-- The most of its own materials `c` can take: its own bound (`c.own_max`, as a Church space's 2
-- Refined), else its materials in all when known (a Market tile), else the largest count; less
-- those of the other kind counted already.
local function room(state, c, other)
  local max = c.own_max or c.facts.total or state.data.largest_count
  return math.max(0, max - (c.facts[other] or 0))
end

-- `what` names the action when it is done already (the question then asks what it used).
local function ask(state, c, kind, other, what)
  local max = room(state, c, other)
  if max == 0 then return 0 end
  local verb = what and "did it use" or "would it use (it takes its own first)"
  return ui.number(string.format("%s: how many of Botric's own %s materials %s?", what or c.label, kind, verb), 0, max)
end

function bonus.high_quality(state, c, what)
  if not bonus.has_high_quality(state) then return 0 end
  return util.fact(c, "hq", function() return ask(state, c, "High Quality", "refined", what) end)
end

function bonus.refined(state, c, what)
  if not bonus.has_refined(state) then return 0 end
  return util.fact(c, "refined", function() return ask(state, c, "ordinary Refined", "hq", what) end)
end

-- Its own materials `c` uses, of both kinds, as far as they are known (0 when not asked).
function bonus.known_used(c)
  return (c.facts.hq or 0) + (c.facts.refined or 0)
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
  local hq_can, refined_can = bonus.has_high_quality(state), bonus.has_refined(state)
  if not (hq_can or refined_can) then return end
  local n = ui.number(refined_can and "Did your turn use any of Botric's own Refined materials? How many in all?"
    or "Did your turn use any of Botric's own High Quality materials? How many?", 0, state.data.largest_count)
  if n == 0 then return end
  local hq = 0
  if hq_can and refined_can then
    hq = ui.number(string.format("How many of those %d were Botric's High Quality materials?", n), 0, n)
  elseif hq_can then
    hq = n  -- every Refined material it ever made is High Quality
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
