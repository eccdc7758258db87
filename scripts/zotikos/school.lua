-- SCHOOL: his Scribes in the School gain Knowledge, then his Time die calls Scribes from the
-- Residence while he has fewer than three there.
local words = require "words"
local State = require "state"
local actions = require "actions"

local school = {}

local function room(s)
  return #State.in_school(s) < s.board.school.scribes and State.free_dice(s) > 0
end

-- Whether he can raise his Scribes' total Knowledge at all.
function school.can(s)
  for _, sc in ipairs(State.in_school(s)) do
    if sc.knowledge < s.board.knowledge.max then return true end
  end
  return room(s)
end

-- Raises a Scribe's Knowledge die by one step, up to the top.
function school.raise(s, sc)
  local k = s.board.knowledge
  local before = sc.knowledge
  sc.knowledge = math.min(k.max, sc.knowledge + k.step)
  return sc.knowledge - before
end

-- Whether one of his own Scribes holds the School's specialist space of `specialty`.
local function his_on(s, specialty)
  local index
  for i, sp in ipairs(s.board.specialties) do
    if sp == specialty then index = i end
  end
  for _, sc in ipairs(s.scribes) do
    if sc.where == "school" and sc.place == index then return sc end
  end
  return false
end

-- One question for a new Scribe: its specialty and, in the same answer, whether the School's
-- space of that specialty is free. Not asked about a space Soloist already knows is taken (his
-- own Scribe is on it, or you said so earlier in this School action). `may_be_empty`: a Residence
-- space his Time die named, which may hold no Scribe once the stacks have run out; nil, then
-- (README ruling 31).
function school.ask_scribe(s, prompt, may_be_empty)
  local options = {}
  for _, sp in ipairs(s.board.specialties) do
    local name = words.cap(sp)
    local holder = his_on(s, sp)
    if holder then
      options[#options + 1] = { id = sp, label = string.format("%s (%s already holds the School's %s space)", name,
        holder.starting and string.format("his %s Starting Scribe", name) or string.format("his %s Scribe", name),
        name) }
    elseif (s.school_taken or {})[sp] then
      options[#options + 1] = { id = sp, label = string.format("%s (the School's %s space is taken, as you said)",
        name, name) }
    else
      options[#options + 1] = { id = sp, label = string.format("%s, and the School's %s space is free", name, name) }
      options[#options + 1] = { id = sp .. "-taken", label = string.format("%s, but the School's %s space is taken",
        name, name) }
    end
  end
  if may_be_empty then
    options[#options + 1] = { id = "empty", label = "no Scribe is on that Residence space" }
  end
  local a = ui.ask(prompt, options)
  if a == "empty" then return nil end
  local sp = a:match("^(.-)%-taken$")
  if sp then
    s.school_taken = s.school_taken or {}
    s.school_taken[sp] = true
    return sp, false
  end
  return a, not his_on(s, a) and not (s.school_taken or {})[a]
end

-- The School space a new Scribe takes: its specialty's space, else the first free
-- non-specialist space (README ruling 12: specialist spaces count left of the others).
local function school_space(s, specialty, free)
  if free then
    return specialty, string.format("the School's %s space", words.cap(specialty))
  end
  -- The first non-specialist space none of his Scribes in the School holds (one freed when his
  -- Scribe went to the Scriptorium is empty again; README ruling 12).
  local k = 1
  local held = true
  while held do
    held = false
    for _, sc in ipairs(s.scribes) do
      if sc.where == "school" and sc.place == 100 + k then held = true end
    end
    if held then k = k + 1 end
  end
  return "n" .. k, "the first empty non-specialist space of the School"
end

local function order(s, place)
  if type(place) == "number" then return place end
  for i, sp in ipairs(s.board.specialties) do
    if sp == place then return i end
  end
  return 100 + tonumber(place:sub(2))
end

-- A Scribe into the School, with one of his free Knowledge dice at 2; `free`: whether the
-- School's space of its specialty is free.
function school.add_scribe(s, specialty, free, where_text)
  local place, text = school_space(s, specialty, free)
  local sc = { specialty = specialty, knowledge = s.board.knowledge.start, where = "school", place = order(s, place),
    die = State.free_die(s) }
  s.scribes[#s.scribes + 1] = sc
  ui.say("Place the %s Scribe%s face down on %s, with one of his Knowledge dice set to %d.", words.cap(specialty),
    where_text, text, sc.knowledge)
  ui.why("A Scribe goes on the School space of its specialty, or the first empty non-specialist space (left to "
    .. "right) when that is taken.")
  return sc
end

actions.register("school", game.step("school", function(s)
  if not school.can(s) then
    -- The reason as the table shows it: no Scribe there, or all at the top; and no room, or no die.
    local n = #State.in_school(s)
    local here = n == 0 and "he has no Scribe in the School"
      or string.format("every Scribe of his in the School is at %d", s.board.knowledge.max)
    local more = n >= s.board.school.scribes
      and string.format("%d of his Scribes fill the School already", n)
      or "no Knowledge die of his is free (his Scribes in the Scriptorium hold them)"
    ui.say("Zotikós cannot raise his Scribes' Knowledge: %s, and %s.", here, more)
    ui.why("School: a Scribe comes only while fewer than %d of his are there and a Knowledge die is free.",
      s.board.school.scribes)
    return false
  end
  if #State.in_school(s) == 0 then
    ui.say("No Scribe of his is in the School to gain Knowledge.")
  end
  local raised = false
  for _, sc in ipairs(State.in_school(s)) do
    local up = school.raise(s, sc)
    raised = raised or up > 0
    if up > 0 then
      ui.say("Turn the Knowledge die of %s up to %d.", State.scribe_name(s, sc), sc.knowledge)
    else
      ui.say("The Knowledge die of %s stays at %d, the most it can show.", State.scribe_name(s, sc), sc.knowledge)
    end
  end
  ui.why("School: his Scribes in the School gain %d Knowledge (up to %d), then the Residence may send more.",
    s.board.knowledge.step, s.board.knowledge.max)
  local rolled, tried, placed = {}, 0, 0
  s.school_taken = {}   -- specialist spaces you said are taken, for this School action only
  for _ = 1, 2 do
    if not room(s) then
      ui.why("He brings Scribes from the Residence only while fewer than %d of his are in the School and a "
        .. "Knowledge die is free.", s.board.school.scribes)
      break
    end
    -- A number already rolled, or naming a Residence space you said is empty, is rolled again
    -- (README ruling 31); with every space tried, no Scribe comes.
    local sp, free, n
    while tried < s.board.school.residence do
      n = s.time_die:roll()
      while rolled[n] do
        ui.say("His Time die shows %d again: he rolls again.", n)
        n = s.time_die:roll()
      end
      rolled[n], tried = true, tried + 1
      ui.say("His Time die shows %d: the Scribe on Residence space %d, counting from the left.", n, n)
      sp, free = school.ask_scribe(s, string.format("Which specialty is the Scribe on Residence space %d, and "
        .. "is the School's space of that specialty free?", n), true)
      if sp then break end
      ui.say("Residence space %d holds no Scribe: he rolls again.", n)
      ui.why("An empty Residence space gives no Scribe, so his Time die is rolled again, as for a number already "
        .. "rolled (README ruling 31).")
    end
    if not sp then
      ui.say("No Scribe is left on the Residence spaces: he brings none.")
      ui.why("Every Residence space his Time die can name is empty (README ruling 31).")
      break
    end
    school.add_scribe(s, sp, free, " from Residence space " .. n)
    placed = placed + 1
  end
  if placed > 0 then
    ui.say("Refill the empty Scribe spaces of the Residence as usual.")
  end
  if not raised and placed == 0 then
    ui.say("Zotikós raised no Knowledge: no die of his could go up and no Scribe came from the Residence.")
    ui.why("School: unable to raise his Scribes' total Knowledge in any way, he performs Navigation instead.")
    return false
  end
  return true
end))

return school
