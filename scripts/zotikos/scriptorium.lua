-- SCRIPTORIUM: his two most knowledgeable Scribes go in, and he translates as many Manuscripts
-- as their Knowledge allows, chosen one at a time by his four priorities.
local priority = require "priority"
local words = require "words"
local State = require "state"
local actions = require "actions"
local requests = require "requests"

local scriptorium = {}

-- The most Manuscripts affordable: the cheapest ones first.
local function most(costs, budget)
  table.sort(costs)
  local n, spent = 0, 0
  for _, c in ipairs(costs) do
    if spent + c > budget then break end
    n, spent = n + 1, spent + c
  end
  return n
end

function scriptorium.max_count(list, budget)
  local costs = {}
  for i, m in ipairs(list) do costs[i] = m.cost end
  return most(costs, budget)
end

-- Whether taking `m` after `chosen` still lets him reach `target` Manuscripts in the budget.
local function keeps_most(list, chosen, m, budget, target)
  local spent, out = m.cost, {}
  for _, c in ipairs(chosen) do spent = spent + c.cost end
  if spent > budget then return false end
  for _, x in ipairs(list) do
    local taken = x == m
    for _, c in ipairs(chosen) do taken = taken or c == x end
    if not taken then out[#out + 1] = x.cost end
  end
  return most(out, budget - spent) >= target - #chosen - 1
end

-- The Manuscripts he translates from those entered, in the order he takes them (no question).
function scriptorium.choose(s, list, budget, room)
  local target = math.min(scriptorium.max_count(list, budget), room)
  local wanted = {}
  for _, r in ipairs(s.requests) do
    for _, n in ipairs(r.needs) do
      if n.specialty ~= "any" then wanted[n.specialty] = true end
    end
  end
  local chosen, whys = {}, {}
  local rightmost = s.board.scriptorium.display - s.board.scriptorium.rightmost
  for _ = 1, target do
    -- Candidates right to left: a tie after the four priorities takes the rightmost (ruling 13).
    local candidates = {}
    for i = #list, 1, -1 do
      local m = list[i]
      if keeps_most(list, chosen, m, budget, target) then
        local taken = false
        for _, c in ipairs(chosen) do taken = taken or c == m end
        if not taken then candidates[#candidates + 1] = m end
      end
    end
    local m, decision = priority.choose(candidates, {
      { "higher Renown", most = function(c) return c.renown end },
      { "matching a King's Request", prefer = function(c) return wanted[c.specialty] == true end },
      { "the specialty he has fewest Manuscripts of", least = function(c)
        local n = 0
        for _, t in ipairs(s.shelf) do
          if t.kind == "manuscript" and t.specialty == c.specialty then n = n + 1 end
        end
        for _, t in ipairs(chosen) do
          if t.specialty == c.specialty then n = n + 1 end
        end
        return n
      end },
      { "the rightmost two spaces", prefer = function(c) return c.space > rightmost end },
    }, { first = "the rightmost", label = function(c)
      return string.format("%s (space %d)", words.cap(c.specialty), c.space) end })
    chosen[#chosen + 1] = m
    local left_out = #list - #chosen + 1 - #candidates
    whys[#whys + 1] = decision.why .. (left_out > 0 and string.format(
      "; %s would leave him short of %d", words.plural(left_out, "other Manuscript"), target) or "")
  end
  return chosen, target, whys
end

-- The Manuscripts on display he could translate. One question a display space: its Manuscript's
-- specialty and Knowledge cost together (only his Scribes' specialties are offered, each cost
-- up to what his Scribes can pay, and "more than that").
local function ask_display(s, specialties, budget)
  local list = {}
  local options = {}
  for _, sp in ipairs(specialties) do
    for c = 1, budget do
      options[#options + 1] = { id = sp .. "-" .. c, label = string.format("%s, needing %d Knowledge", words.cap(sp), c) }
    end
    options[#options + 1] = { id = sp .. "-more", label = string.format("%s, needing more than %d Knowledge",
      words.cap(sp), budget) }
  end
  options[#options + 1] = { id = "other", label = "another specialty, or no Manuscript" }
  for k = 1, s.board.scriptorium.display do
    local a = ui.ask(string.format("Scriptorium display, space %d of %d from the left: its Manuscript's specialty "
      .. "and the Knowledge it needs?", k, s.board.scriptorium.display), options)
    local sp, cost = a:match("^(.-)%-(%d+)$")
    if sp then
      list[#list + 1] = { specialty = sp, cost = tonumber(cost), space = k }
    end
  end
  return list
end

-- The Renown of each Manuscript that can be among the most he translates (his priorities
-- compare them, and he scores those he takes); a Manuscript no largest choice holds is not asked.
local function ask_renown(list, budget, target)
  for _, m in ipairs(list) do
    if target > 0 and keeps_most(list, {}, m, budget, target) then
      m.renown = ui.number(string.format("The %s Manuscript on space %d: its Renown?", words.cap(m.specialty),
        m.space), 0, 20)
    end
  end
end

actions.register("scriptorium", game.step("scriptorium", function(s)
  local pool = State.in_school(s)
  if #pool == 0 then
    ui.say("Zotikós has no Scribe in the School.")
    ui.why("The Scriptorium needs a Scribe of his in the School.")
    return false
  end
  -- Room first: with no empty shelf space nothing he could translate would fit (README ruling 10),
  -- so the display is not asked about.
  if #s.shelf >= s.board.shelf_spaces then
    ui.say("His shelf is full: he can translate no Manuscript, so %s in the School.",
      #pool == 1 and "his Scribe stays" or "his Scribes stay")
    ui.why("Each Manuscript he translates needs an empty shelf space (README ruling 10).")
    return false
  end
  -- Up to two Scribes: the highest Knowledge, the leftmost on a tie. The reason is worded for
  -- the table (the rule has no numbered list here), naming the School space that made a Scribe
  -- the leftmost (README ruling 12: specialist spaces count left of the non-specialist ones).
  local function space_text(sc)
    if sc.place < 100 then
      return string.format("on the School's %s space", words.cap(s.board.specialties[sc.place]))
    end
    return string.format("on non-specialist space %d", sc.place - 100)
  end
  local moving, whys = {}, {}
  for _ = 1, 2 do
    local sc, decision = priority.choose(pool, {
      { "higher Knowledge", most = function(x) return x.knowledge end },
    }, { first = "the leftmost", label = State.scribe_text })
    if not sc then break end
    moving[#moving + 1] = sc
    local name = State.scribe_name(s, sc)
    if decision.by == "only" then
      whys[#whys + 1] = string.format("%s, the only one %s", name, #moving == 1 and "in the School" or "left")
    elseif decision.by == "criterion" then
      whys[#whys + 1] = string.format("%s, the highest Knowledge (%d)", name, sc.knowledge)
    else
      local mixed, special = false, nil
      for _, x in ipairs(decision.tied) do
        if special == nil then special = x.place < 100 elseif special ~= (x.place < 100) then mixed = true end
      end
      local where = name:find(" on the School's", 1, true) and "" or (", " .. space_text(sc))
      whys[#whys + 1] = string.format("%d Scribes tie at Knowledge %d, so the leftmost: %s%s%s", #decision.tied,
        sc.knowledge, name, where,
        mixed and " (specialist spaces count left of the non-specialist ones, README ruling 12)" or "")
    end
    for i, x in ipairs(pool) do
      if x == sc then table.remove(pool, i) break end
    end
  end
  local budget, specialties, seen = 0, {}, {}
  for _, sc in ipairs(moving) do
    budget = budget + sc.knowledge
    if not seen[sc.specialty] then
      seen[sc.specialty] = true
      specialties[#specialties + 1] = sc.specialty
    end
  end
  local names = {}
  for i, sc in ipairs(moving) do
    names[i] = string.format("%s (Knowledge %d)", State.scribe_name(s, sc), sc.knowledge)
  end
  ui.say("Zotikós picks %s for the Scriptorium: %d Knowledge for %s Manuscripts.", words.list(names), budget,
    words.list((function() local t = {} for i, sp in ipairs(specialties) do t[i] = words.cap(sp) end return t end)()))
  ui.why("Scriptorium: the Scribes with the highest Knowledge go, the leftmost on a tie: %s.",
    table.concat(whys, "; then "))
  local list = ask_display(s, specialties, budget)
  local room = s.board.shelf_spaces - #s.shelf
  ask_renown(list, budget, math.min(scriptorium.max_count(list, budget), room))
  local chosen, target, mwhys = scriptorium.choose(s, list, budget, room)
  if target == 0 then
    ui.say("He can translate no Manuscript there, so %s in the School.",
      #moving == 1 and "his Scribe stays" or "his Scribes stay")
    ui.why("No Manuscript of his %s that %s Knowledge pays for (README ruling 13).",
      #moving == 1 and "Scribe's specialty" or "Scribes' specialties", #moving == 1 and "its" or "their")
    return false
  end
  for _, sc in ipairs(moving) do sc.where = "scriptorium" end
  ui.say("Move %s to the leftmost empty %s of the Scriptorium.", words.list(names),
    #moving == 1 and "space" or "spaces")
  -- How many he translates: what his Knowledge pays for, unless his empty shelf spaces are fewer.
  local fit = scriptorium.max_count(list, budget)
  local most_text = string.format("At most %s %s in %d Knowledge", words.plural(fit, "Manuscript"),
    fit == 1 and "fits" or "fit", budget)
  if room < fit then
    most_text = most_text .. string.format(", but his shelf has room for only %d", room)
  end
  local spent = 0
  for i, m in ipairs(chosen) do
    spent = spent + m.cost
    ui.say("He translates the %s Manuscript of space %d (%d Knowledge) and scores %d Renown.", words.cap(m.specialty),
      m.space, m.cost, m.renown)
    ui.why("%s; pick %d: %s.", most_text, i, mwhys[i])
    requests.shelve(s, { kind = "manuscript", specialty = m.specialty })
    s.renown:add(m.renown)
  end
  if spent < budget then
    ui.say("The %d Knowledge he did not spend is lost.", budget - spent)
  end
  return true
end))

return scriptorium
