-- Experiments: choosing one from the die's section (six-step priority list), completing them
-- with gold for missing Mastery levels, and the choice when gold allows only one.
local util = require "util"
local priority = require "priority"

local experiments = {}

local function short(state, e)
  return math.max(0, e.level - state.level[e.track])
end

local function has_type(state, kind, include_incomplete)
  for _, e in ipairs(state.completed) do
    if e.type == kind then return true end
  end
  if include_incomplete then
    for _, e in ipairs(state.incomplete) do
      if e.type == kind then return true end
    end
  end
  return false
end

-- The six steps: five criteria, then the left-hand experiment on a tie. The candidates are the
-- offers' places from the left. Step 1 reads the offers' types only when it can separate them:
-- when it has some types but not all four. Step 4 asks your markers lazily, in the order of the
-- offers still tied, once per track. Returns the index of the chosen offer and why.
local function choose(state, offers)
  local places = {}
  for i = 1, #offers do places[i] = i end
  local held = 0
  for _, kind in ipairs(util.elements(state.board)) do
    if has_type(state, kind, true) then held = held + 1 end
  end
  local separates = held > 0 and held < #state.board.tracks
  local i, decision = priority.choose(places, {
    { "of a type it does not yet have",
      avoid = function(i) return separates and has_type(state, offers[i].type, true) end },
    -- One number, not two steps: the VP count only among those it can complete at once.
    { "one it can complete at once (gold making up missing levels), the most VP among those",
      most = function(i) return short(state, offers[i]) <= state.gold and 1000 + offers[i].vp or 0 end },
    { "the one whose Mastery requirement it is closest to", least = function(i) return short(state, offers[i]) end },
    -- Exceeding is a yes or no: past both requirements, by any margins, is a tie for step 5.
    -- Not past one, the smaller gap wins (a marker on the requirement is 0 to go: README ruling 12).
    { "the one whose requirement you already exceed, else the one you are closest to reaching",
      most = function(i)
        local gap = offers[i].level - util.player_level(state, offers[i].track)
        return gap < 0 and 1 or -gap
      end },
    { "the one worth the most VP", most = function(i) return offers[i].vp end },
  }, { first = "the left-hand experiment" })
  if decision.by == "only" then
    return i, "it is the only experiment in that section"
  elseif decision.by == "criterion" then
    return i, string.format("step %d of the priority list picks it: %s", decision.step, decision.criterion)
  end
  return i, "steps 1 to 5 leave a tie, so step 6: the left-hand experiment"
end

function experiments.choose(state, offers)
  return util.settled(state, function() return choose(state, offers) end)
end

experiments.gain = game.step("gain experiment", function(state)
  if #state.incomplete >= 2 then
    util.gold_instead(state, "Two incomplete experiments are already on its tracker",
      "It can hold at most 2 incomplete experiments; the card gives 1 Gold instead.")
    return
  end
  local face = state.die and state.die.face or state.wild
  local n = ui.number(string.format("How many experiments are in the %s section of the board?", face), 0, 4)
  if n == 0 then
    util.gold_instead(state, string.format("The %s section is empty", face),
      "It takes experiments only from its die's section; with none there, it takes the Gold as when it cannot hold one.")
    return
  end
  local offers = {}
  for i = 1, n do
    offers[i] = util.offered_experiment(state, n == 1 and string.format("The experiment in the %s section", face)
      or string.format("Experiment %d of %d from the left", i, n))
  end
  local i, why = experiments.choose(state, offers)
  -- What is still to be asked of it is asked of the one it takes, and the questions say so.
  if n > 1 then
    util.rename_experiment(offers[i], string.format("The experiment it takes (number %d from the left)", i))
  end
  local e = util.known_experiment(offers[i])
  state.incomplete[#state.incomplete + 1] = e
  ui.say("Botmegistus takes the %s from the %s section (number %d from the left); place it by its tracker.",
    util.describe_experiment(e), face, i)
  ui.why("Its die shows %s, so it takes from that section; %s.", face, why)
end)

local function complete(state, e)
  local cost = short(state, e)
  state.gold = state.gold - cost
  for k, x in ipairs(state.incomplete) do
    if x == e then
      table.remove(state.incomplete, k)
      break
    end
  end
  state.completed[#state.completed + 1] = e
  if cost > 0 then
    ui.say("Botmegistus completes the %s, paying %d Gold for the missing %s (return %s to the supply). Tuck it "
      .. "under its tracker.", util.describe_experiment(e), cost, cost == 1 and "level" or "levels",
      cost == 1 and "it" or "them")
  else
    ui.say("Botmegistus completes the %s. Tuck it under its tracker.", util.describe_experiment(e))
  end
end

experiments.complete = game.step("completing experiments", function(state)
  while true do
    local able = {}
    for _, e in ipairs(state.incomplete) do
      if short(state, e) <= state.gold then
        able[#able + 1] = e
      end
    end
    if #able == 0 then
      return
    end
    local total = 0
    for _, e in ipairs(able) do
      total = total + short(state, e)
    end
    if total <= state.gold then
      for _, e in ipairs(able) do
        complete(state, e)
      end
      ui.why("It meets the Mastery requirements (ignoring materials), with 1 Gold per missing level where needed.")
      return
    end
    local each = {}
    for _, e in ipairs(able) do
      each[#each + 1] = string.format("the %s, %d short", util.describe_experiment(e), short(state, e))
    end
    local why = string.format("Its %d Gold covers %s, but not both: it prefers a type it has not completed",
      state.gold, table.concat(each, ", or "))
    local e, decision = priority.choose(able, {
      { "a type it has not completed", avoid = function(x) return has_type(state, x.type) end },
      { "the most VP", most = function(x) return x.vp end },
    })
    if decision.step == 1 or decision.by == "only" then
      why = why .. ": " .. util.cap(e.type)
    elseif decision.step == 2 then
      why = why .. " (neither or both are), then the most VP"
    else
      -- Still tied after both of the text's criteria (README ruling 12): the one it took first.
      why = string.format("%s (neither or both are), then the most VP (both %d), so the one it took first", why, e.vp)
    end
    complete(state, e)
    ui.why(why .. ".")
  end
end)

-- A Masterpiece by what was asked of it: its requirement, and its VP once that was asked.
local function requirement(state, e)
  local vp, cost = rawget(e, "vp"), short(state, e)
  return string.format("one needing %s %d%s%s", util.cap(e.track), e.level, vp and string.format(", %d VP", vp) or "",
    cost > 0 and string.format(", %d short", cost) or "")
end

-- Which Masterpieces it can complete (gold only with the option), and the one it completes: the
-- most VP among them. Asked lazily: every requirement, the VP only of those it can complete when
-- there are two or more, and the type (and VP) only of the one it completes.
local function masterpiece_choice(state, drawn, ask_type)
  local able, missed = {}, {}
  for _, e in ipairs(drawn) do
    local cost = short(state, e)
    if cost == 0 or (state.options["masterpiece-gold"] and cost <= state.gold) then
      able[#able + 1] = e
    else
      missed[#missed + 1] = requirement(state, e)
    end
  end
  local best = priority.choose(able, { { "the most VP", most = function(x) return x.vp end } })
  local met = {}
  for _, e in ipairs(able) do
    local cost = short(state, e)
    if e == best and ask_type then
      met[#met + 1] = util.describe_experiment(util.known_experiment(e))
        .. (cost > 0 and string.format(", %d short", cost) or "")
    else
      if e == best then util.known_experiment(e, true) end -- its VP, not its type
      met[#met + 1] = requirement(state, e)
    end
  end
  return best, met, missed
end

-- The Masterpieces at final scoring: the most VP among those it meets (gold only with the option).
function experiments.masterpiece(state)
  local n = state.options.masterpieces
  if n == 0 then
    ui.say("No Masterpiece experiment is added for Botmegistus (difficulty option).")
    return
  end
  ui.say("Draw %d random Masterpiece experiments for Botmegistus.", n)
  local drawn = {}
  for i = 1, n do
    drawn[i] = util.offered_experiment(state, string.format("Masterpiece %d of %d", i, n))
  end
  -- Its type counts only for the Formulas, as one more type of completed experiment: with all four
  -- types already completed it cannot add one, so it is not asked.
  local ask_type = false
  for _, kind in ipairs(util.elements(state.board)) do
    ask_type = ask_type or not has_type(state, kind)
  end
  local best, met, missed = util.settled(state, function() return masterpiece_choice(state, drawn, ask_type) end)
  local gold_rule = state.options["masterpiece-gold"]
    and "it may pay 1 Gold per missing level (difficulty option)" or "it spends no gold on Masterpieces"
  if not best then
    ui.say("Botmegistus meets none of them: discard them.")
    ui.why("It can complete none of them (%s); %s.", table.concat(missed, "; "), gold_rule)
    return
  end
  local e = util.known_experiment(best, not ask_type)
  e.masterpiece = true
  local cost = short(state, e)
  state.gold = state.gold - cost
  state.completed[#state.completed + 1] = e
  ui.say("Botmegistus completes the %s%s; discard the other%s.", util.describe_experiment(e),
    cost > 0 and string.format(", paying %d Gold (return %s to the supply)", cost, cost == 1 and "it" or "them") or "",
    n > 2 and "s" or "")
  ui.why("It completes the Masterpiece with the most VP among those it can complete (%s)%s; %s%s.",
    table.concat(met, "; "), #missed > 0 and "; out of reach: " .. table.concat(missed, "; ") or "", gold_rule,
    ask_type and "" or "; its type is not asked: all four types are already among its completed experiments, "
      .. "so it adds no Formula")
end

return experiments
