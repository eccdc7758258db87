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

-- The School space a new Scribe takes: its specialty's space, else the first free
-- non-specialist space (README ruling 12: specialist spaces count left of the others).
local function school_space(s, specialty, index)
  local mine = false
  for _, sc in ipairs(s.scribes) do
    if sc.where == "school" and sc.place == index then mine = true end
  end
  local free = not mine and ui.confirm(string.format("Is the School's %s specialist space free?",
    words.cap(specialty)))
  if free then
    return specialty, string.format("the School's %s space", words.cap(specialty))
  end
  s.non_specialist = (s.non_specialist or 0) + 1
  return "n" .. s.non_specialist, "the first empty non-specialist space of the School"
end

local function order(s, place)
  if type(place) == "number" then return place end
  for i, sp in ipairs(s.board.specialties) do
    if sp == place then return i end
  end
  return 100 + tonumber(place:sub(2))
end

function school.add_scribe(s, specialty, where_text)
  local place, text = school_space(s, specialty, order(s, specialty))
  local sc = { specialty = specialty, knowledge = s.board.knowledge.start, where = "school", place = order(s, place),
    die = State.free_die(s) }
  s.scribes[#s.scribes + 1] = sc
  ui.say("Place the %s Scribe%s face down on %s, with one of his Knowledge dice set to %d.", words.cap(specialty),
    where_text, text, sc.knowledge)
  return sc
end

actions.register("school", game.step("school", function(s)
  if not school.can(s) then
    ui.say("Zotikós cannot raise his Scribes' Knowledge: every Scribe in the School is at %d and he has no room "
      .. "for another.", s.board.knowledge.max)
    ui.why("School: a Scribe comes only while fewer than %d of his are there and a Knowledge die is free.",
      s.board.school.scribes)
    return false
  end
  for _, sc in ipairs(State.in_school(s)) do
    local up = school.raise(s, sc)
    if up > 0 then
      ui.say("Turn the Knowledge die of his %s Scribe up to %d.", words.cap(sc.specialty), sc.knowledge)
    end
  end
  ui.why("School: his Scribes in the School gain %d Knowledge (up to %d), then the Residence may send more.",
    s.board.knowledge.step, s.board.knowledge.max)
  local rolled = {}
  for _ = 1, 2 do
    if not room(s) then
      ui.why("He brings Scribes from the Residence only while fewer than %d of his are in the School and a "
        .. "Knowledge die is free.", s.board.school.scribes)
      break
    end
    local n = s.time_die:roll()
    while rolled[n] do
      ui.say("His Time die shows %d again: he rolls again.", n)
      n = s.time_die:roll()
    end
    rolled[n] = true
    ui.say("His Time die shows %d: the Scribe on Residence space %d, counting from the left.", n, n)
    local options = {}
    for _, sp in ipairs(s.board.specialties) do options[#options + 1] = { id = sp, label = words.cap(sp) } end
    local sp = ui.ask(string.format("Which specialty is the Scribe on Residence space %d?", n), options)
    school.add_scribe(s, sp, " from Residence space " .. n)
  end
  if next(rolled) then
    ui.say("Refill the empty Scribe spaces of the Residence as usual.")
  end
  return true
end))

return school
