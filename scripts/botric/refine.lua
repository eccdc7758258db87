-- Refine: a connected Refinery with room and its materials in the village, by Botric's priority
-- list; its Refined material (High Quality with the Milestone) goes on the tile.
local priority = require "priority"
local util = require "util"
local villagers = require "villagers"

local refine = {}

refine.try = game.step("refine", function(state)
  local n = util.count(state, "Refine: how many Refineries connected to the roads have room to refine and the "
    .. "materials they need somewhere in the village?")
  if n == 0 then
    ui.say("Refine: no Refinery can refine for Botric.")
    return false
  end
  local cands = util.candidates(n, "refinery", "Refinery")
  -- Steps 1 and 2 each take one count, not a question per Refinery: you number the Refineries
  -- that pass a step first (as for Produce), so those after them are out.
  local hq_count, most
  local function high_quality(c)
    if state.milestones == 0 then return false end  -- no Milestone: none of its materials is High Quality
    if hq_count then return c.n <= hq_count end
    return util.fact(c, "hq", function()
      return ui.confirm(string.format("%s: does it make a material whose Milestone Botric holds (its High Quality material)?", c.label))
    end)
  end
  local choice, d = priority.choose(cands, {
    { "makes Botric's High Quality material", prefer = function(c)
      if state.milestones > 0 and hq_count == nil then
        hq_count = ui.number(string.format("Of those %d Refineries, how many make a material whose Milestone Botric "
          .. "holds (its High Quality material)? Number those #1 onwards.", n), 0, n)
      end
      return high_quality(c)
    end },
    { "can make the most Refined materials", most = function(c)
      if most == nil then
        -- Step 1 kept #1 to #k when some make its High Quality material, else all of them.
        local kept = (hq_count and hq_count > 0) and hq_count or n
        local which = kept == n and string.format("those %d Refineries", n)
          or string.format("Refineries #1 %s #%d (those making its High Quality material)", kept == 2 and "and" or "to", kept)
        most = ui.number(string.format("Of %s, how many tie for making the most Refined materials now? Number those "
          .. "#1 onwards.", which), 1, kept)
      end
      return c.n <= most and 1 or 0
    end },
    villagers.closest_step(state, "refinery"),
  }, { tie = "ask", label = util.label, prompt = "These Refineries tie on Botric's priority list: which does it use (your choice)?" })
  ui.say("Botric refines at %s.", choice.label)
  ui.why("Which Refinery: %s.", d.why)
  local v, dist = villagers.closest(state, choice.label, choice.facts.distance, "refinery")
  villagers.send_closest(state, v, dist, choice.label,
    string.format("the Refinery villager %d refined at in round %d", v.n, state.round), "refinery")
  local made_hq = high_quality(choice)
  ui.say("Take the materials it needs from those closest to it (equally close: you choose), and put Botric's %s there.",
    made_hq and "High Quality materials" or "Refined materials")
  state.refines = state.refines + 1
  -- Which kind it made tells which of its own materials can be in the village (README ruling 7).
  if made_hq then state.hq_refines = state.hq_refines + 1 end
  return true
end)

return refine
