-- The guild-mat bot written by hand as one plain Lua 5.4 file, with no host: the yardstick
-- Soloist's speed is measured against (bench/bench.cpp). It plays exactly the games
-- `soloist sim guild-mat` plays, with the same random streams and the same simulated player,
-- and prints the same summary; tests/cli/reference.sh checks that, figure by figure.
--
--   lua5.4 bench/reference/guild-mat.lua GAMES SEED [--answers random|first] [--option id=value]...
--     [--records FILE]
--
-- Options as for soloist sim: rounds (1 to 17), swap (true or false), colors ("red blue green").
-- --records writes one line a game, as the records of `soloist sim --results FILE` (the
-- lines after its header), for comparing the games one by one.
-- Nothing here narrates: a simulation reads no narration, so only what changes the game is
-- kept (the rules of scripts/guild-mat/*.lua, with scripts/lib's bag, line, counters and dice
-- written inline).

-- Random streams, as interpreter/domain/random.cpp draws them: a stream named N of a game of
-- seed S starts xoshiro256** from SplitMix64(S) xor FNV-1a(N); a bounded integer is
-- rejection-sampled; all arithmetic is on 64 bits, read as unsigned.

local function splitmix64(state)  -- returns the next state and the output
  state = state + 0x9e3779b97f4a7c15
  local z = state
  z = (z ~ (z >> 30)) * 0xbf58476d1ce4e5b9
  z = (z ~ (z >> 27)) * 0x94d049bb133111eb
  return state, z ~ (z >> 31)
end

local function fnv1a(name)
  local h = 0xcbf29ce484222325
  for i = 1, #name do
    h = (h ~ name:byte(i)) * 0x100000001b3
  end
  return h
end

-- x mod n, x read as unsigned, 0 < n < 2^62.
local function umod(x, n)
  if x >= 0 then
    return x % n
  end
  local r = x - (((x >> 1) // n) << 1) * n
  if r >= n then
    r = r - n
  end
  return r
end

-- A xoshiro256** stream seeded as Xoshiro256ss(seed): a function below(n) giving a uniform
-- integer in [0, n).
local function new_stream(seed)
  local s0, s1, s2, s3
  seed, s0 = splitmix64(seed)
  seed, s1 = splitmix64(seed)
  seed, s2 = splitmix64(seed)
  seed, s3 = splitmix64(seed)
  return function(n)
    local threshold = umod(-n, n)  -- 2^64 mod n: the lowest values, rejected
    while true do
      local x = s1 * 5
      local result = ((x << 7) | (x >> 57)) * 9
      local t = s1 << 17
      s2 = s2 ~ s0
      s3 = s3 ~ s1
      s1 = s1 ~ s2
      s0 = s0 ~ s3
      s2 = s2 ~ t
      s3 = (s3 << 45) | (s3 >> 19)
      if result < 0 or result >= threshold then
        return umod(result, n)
      end
    end
  end
end

-- The random streams of one game (RandomStreams::stream).
local function game_stream(seed, name)
  local _, mixed = splitmix64(seed)
  return new_stream(mixed ~ fnv1a(name))
end

-- The simulated player's stream (cli/simulation.cpp, SimulatedPlayer).
local function player_stream(seed)
  local _, mixed = splitmix64(seed ~ 0x5eed5eed5eed5eed)
  return new_stream(mixed)
end

-- The mat's data: these tables mirror scripts/guild-mat/mat.yaml and spaces.yaml (without
-- the texts, which only narration reads).

local MARKERS_PER_COLOR = 6
local ROWS = { "A", "B", "C" }
local REGION_DIE_SIDES = 6
local WIN = { last_spaces = 2, points_per_last_space = 3, bonus = 5, loss_box_mine = 2, vp_needed = 70,
  vp_max = 300 }

local QUESTIONS = {
  jar = { type = "number", max = 999 },
  ["any-action-cards"] = { type = "confirm" },
  ["action-cards"] = { type = "number", max = 20 },
  ["trade-medals"] = { type = "number", max = 50 },
  ["exploration-medals"] = { type = "number", max = 50 },
  ["civil-medals"] = { type = "number", max = 50 },
  ["medal-kinds"] = { type = "number", max = 20 },
  ["combat-strength"] = { type = "number", max = 99 },
  ["play-area-cards"] = { type = "number", max = 99 },
  ["ore-crystal"] = { type = "number", max = 99 },
}

-- Effects, in order: { "say" } (narration only), { "clear_regions" } (a roll of the region
-- die), { "minus_points", n }.
local SAY, CLEAR_REGIONS = { "say" }, { "clear_regions" }

local SPACES = {
  { id = "A1", row = "A", column = 1, kind = "plain" },
  { id = "A2", row = "A", column = 2, kind = "mine", action = { SAY },
    requirement = { question = "jar", at_least = 7 }, failure = { SAY, { "minus_points", 2 } } },
  { id = "A3", row = "A", column = 3, kind = "plain" },
  { id = "A4", row = "A", column = 4, kind = "mine", action = { SAY },
    requirement = { question = "any-action-cards", is = false }, failure = { SAY } },
  { id = "A5", row = "A", column = 5, kind = "coin",
    requirement = { question = "trade-medals", at_least = 1 }, failure = { CLEAR_REGIONS }, coin_to = "B6" },
  { id = "A6", row = "A", column = 6, kind = "last",
    requirement = { question = "jar", at_least = 20 }, changed_requirement = { question = "jar", at_least = 25 } },
  { id = "B1", row = "B", column = 1, kind = "plain" },
  { id = "B2", row = "B", column = 2, kind = "coin", action = { CLEAR_REGIONS },
    requirement = { question = "combat-strength", at_least = 3 }, coin_to = "A6" },
  { id = "B3", row = "B", column = 3, kind = "plain" },
  { id = "B4", row = "B", column = 4, kind = "mine", action = { SAY },
    requirement = { question = "jar", at_least = 14 }, failure = { SAY, { "minus_points", 3 } } },
  { id = "B5", row = "B", column = 5, kind = "mine",
    requirement = { question = "play-area-cards", at_least = 6 }, failure = { SAY } },
  { id = "B6", row = "B", column = 6, kind = "last",
    requirement = { question = "exploration-medals", at_least = 3 },
    changed_requirement = { question = "trade-medals", at_least = 2 } },
  { id = "C1", row = "C", column = 1, kind = "mine",
    requirement = { question = "action-cards", at_least = 3 }, failure = { SAY } },
  { id = "C2", row = "C", column = 2, kind = "plain" },
  { id = "C3", row = "C", column = 3, kind = "mine",
    requirement = { question = "ore-crystal", at_least = 3 }, failure = { CLEAR_REGIONS } },
  { id = "C4", row = "C", column = 4, kind = "mine",
    requirement = { question = "medal-kinds", at_least = 3 }, failure = { SAY } },
  { id = "C5", row = "C", column = 5, kind = "plain" },
  { id = "C6", row = "C", column = 6, kind = "last",
    requirement = { question = "civil-medals", at_least = 3 }, changed_requirement = { impossible = true } },
}

-- The rows as arrays of spaces (rows[1] is A), requirements pointing at their questions, and
-- coins at their last spaces.
local rows = {}
do
  local by_id = {}
  for r, name in ipairs(ROWS) do
    rows[r] = {}
    for _, space in ipairs(SPACES) do
      if space.row == name then
        rows[r][space.column] = space
      end
      by_id[space.id] = space
    end
  end
  for _, space in ipairs(SPACES) do
    for _, req in ipairs{ space.requirement or false, space.changed_requirement or false } do
      if req and req.question then
        req.question = QUESTIONS[req.question]
      end
    end
    space.coin_to = space.coin_to and by_id[space.coin_to]
  end
end

-- The command line.

local function usage(message)
  io.stderr:write("guild-mat.lua: ", message, "\n",
    "usage: lua5.4 guild-mat.lua GAMES SEED [--answers random|first] [--option id=value]... [--records FILE]\n")
  os.exit(2)
end

-- A decimal from 0 to 2^64 - 1, kept in a Lua integer's 64 bits (read as unsigned).
local function parse_unsigned(text, what)
  local digits = text and text:match("^0*(%d+)$")
  if not digits or #digits > 20 or (#digits == 20 and digits > "18446744073709551615") then
    usage(what .. " must be a whole number from 0 to 18446744073709551615")
  end
  local value = 0
  for i = 1, #digits do
    value = value * 10 + (digits:byte(i) - 48)
  end
  return value
end

-- A 64-bit integer written as unsigned.
local function unsigned_text(x)
  if x >= 0 then
    return string.format("%d", x)
  end
  local q = (x >> 1) // 5
  return string.format("%d%d", q, x - q * 10)
end

local args = { ... }
local games = args[1] and math.tointeger(tonumber(args[1]))
if not games or games < 1 then
  usage("GAMES must be a whole number of at least 1")
end
local first_seed = parse_unsigned(args[2], "SEED")
if math.ult(-1 - (games - 1), first_seed) then
  usage("SEED with GAMES would play seeds past 18446744073709551615")
end
local policy = "random"
local rounds, swap, color_text = 16, true, "red blue green"
local records
do
  local i = 3
  while i <= #args do
    local flag, value = args[i], args[i + 1]
    if flag == "--answers" and (value == "random" or value == "first") then
      policy = value
    elseif flag == "--option" and value then
      local id, v = value:match("^([^=]+)=(.*)$")
      if id == "rounds" and math.tointeger(tonumber(v)) and tonumber(v) >= 1 and tonumber(v) <= 17 then
        rounds = math.tointeger(tonumber(v))
      elseif id == "swap" and (v == "true" or v == "false") then
        swap = v == "true"
      elseif id == "colors" then
        color_text = v
      else
        usage("unknown or bad option " .. value)
      end
    elseif flag == "--records" and value then
      records = assert(io.open(value, "w"))
    else
      usage("unknown argument " .. tostring(flag))
    end
    i = i + 2
  end
end
local first_answers = policy == "first"

local colors = {}
do
  local seen = {}
  for color in color_text:gmatch("[^%s,]+") do
    local key = color:lower()   -- "Red" and "red" are one colour, as in the bot
    if seen[key] then
      usage("the colors option names " .. color .. " twice")
    end
    seen[key] = true
    colors[#colors + 1] = color
  end
  if #colors ~= #ROWS then
    usage(string.format("the colors option needs %d different colours, one per row; it has %d", #ROWS, #colors))
  end
end

-- One game.

local remove = table.remove

-- The game being played: its streams, the player's answers so far, its tallies.
local answer, roll_die  -- the player's below(n); the region die's below(n)
local questions, minus, loss_box

-- The simulated player: an option's index from 0, yes or no, a number.
local function ask(options)
  questions = questions + 1
  if first_answers then
    return 0
  end
  return answer(options)
end

local function confirm()
  questions = questions + 1
  return first_answers or answer(2) == 0
end

local function number(max)
  questions = questions + 1
  if first_answers then
    return 0
  end
  return answer(max + 1)
end

-- Whether the player meets a requirement (asking what the bot cannot see).
local function meets(req)
  if req.impossible then
    return false
  end
  local question = req.question
  if question.type == "confirm" then
    return confirm() == req.is
  end
  local n = number(question.max)
  return (req.at_least == nil or n >= req.at_least) and (req.at_most == nil or n <= req.at_most)
end

local function carry_out(effects)
  for i = 1, effects and #effects or 0 do
    local effect = effects[i]
    local kind = effect[1]
    if kind == "clear_regions" then
      roll_die(REGION_DIE_SIDES)
    elseif kind == "minus_points" then
      minus = minus + effect[2]
    end
  end
end

local BAG_STREAM, DIE_STREAM = "bag:guilds", "dice:regions"

-- Plays the game of this seed; returns its result, its scores (last spaces met, and the VP
-- and total when the win check was made) and the questions asked.
local function play(seed)
  local draw = game_stream(seed, BAG_STREAM)
  roll_die = game_stream(seed, DIE_STREAM)
  answer = player_stream(seed)
  questions, minus, loss_box = 0, 0, 0

  for _, space in ipairs(SPACES) do
    space.coin_from = nil  -- a last space: the coin space whose coin moved onto it
  end
  local bag = {}
  for _, color in ipairs(colors) do
    for _ = 1, MARKERS_PER_COLOR do
      bag[#bag + 1] = color
    end
  end
  local start = {}          -- the markers on start spaces I, II, III
  local row_of = {}         -- colour -> its row's index
  local rows_opened = 0
  local filled = {}         -- markers in each row: they fill it from the left
  for r = 1, #ROWS do
    filled[r] = 0
  end
  local met = 0             -- last spaces met

  local function refill_start()
    local n = #bag
    if n > 0 then
      local i = 1 + draw(n)
      start[#start + 1] = bag[i]
      remove(bag, i)
    end
  end

  for _ = 1, 3 do
    refill_start()
  end

  local lost, round = false, 1
  while true do
    -- Step 3: an exchange of two neighbouring start markers of different colours (in the last
    -- round only I and II: only I's marker is placed).
    if swap then
      local a, b, c = start[1], start[2], start[3]
      local first_pair = a and b and a ~= b
      local second_pair = round < rounds and b and c and b ~= c
      if first_pair or second_pair then
        local pick = ask(1 + (first_pair and 1 or 0) + (second_pair and 1 or 0))
        if pick > 0 then
          local i = (pick == 1 and first_pair) and 1 or 2
          start[i], start[i + 1] = start[i + 1], start[i]
        end
      end
    end

    -- Step 4: the marker on I goes onto the leftmost empty space of its colour's row.
    local color = start[1]
    if color == nil then
      break  -- no marker left: the win check
    end
    local r = row_of[color]
    if not r then
      rows_opened = rows_opened + 1
      r = rows_opened
      row_of[color] = r
    end
    local column = filled[r] + 1
    filled[r] = column
    local space = rows[r][column]
    local kind = space.kind
    if kind == "last" then
      local req = space.coin_from and space.changed_requirement or space.requirement
      if not meets(req) then
        lost = true
        break
      end
      met = met + 1
      if met >= WIN.last_spaces then
        break
      end
    elseif space.requirement then
      carry_out(space.action)
      if not meets(space.requirement) then  -- (met, the mine or coin goes to the player)
        carry_out(space.failure)
        if kind == "mine" then
          loss_box = loss_box + 1
        else
          space.coin_to.coin_from = space
        end
      end
    end

    -- Step 5: the start markers move down; a new one is drawn onto III.
    remove(start, 1)
    refill_start()

    -- Step 6: the player's turn.
    ask(1)

    if round >= rounds then
      break
    end
    round = round + 1
  end

  if lost then
    return "loss", nil, nil, met, questions, round
  end
  local vp = number(WIN.vp_max)
  local total = vp + met * WIN.points_per_last_space - loss_box * WIN.loss_box_mine - minus
  if met >= WIN.last_spaces then
    total = total + WIN.bonus
  end
  local result = (met >= WIN.last_spaces and total >= WIN.vp_needed) and "win" or "loss"
  return result, vp, total, met, questions, round
end

-- The summary, as cli/simulation.cpp prints it.

local results, scores, asked, lasted = {}, {}, {}, {}  -- result -> games; name -> {min, max, sum, n}; questions -> games; rounds -> games

local function tally(name, value)
  local s = scores[name]
  if not s then
    s = { min = value, max = value, sum = 0, n = 0 }
    scores[name] = s
  end
  if value < s.min then s.min = value end
  if value > s.max then s.max = value end
  s.sum = s.sum + value
  s.n = s.n + 1
end

for g = 0, games - 1 do
  local result, vp, total, met, n, played = play(first_seed + g)
  results[result] = (results[result] or 0) + 1
  if vp then
    tally("total", total)
    tally("vp", vp)
  end
  tally("last_spaces", met)
  asked[n] = (asked[n] or 0) + 1
  lasted[played] = (lasted[played] or 0) + 1
  if records then
    local seed = unsigned_text(first_seed + g)
    if vp then
      records:write(string.format('{"cell":1,"game":%d,"questions":%d,"result":"%s","rounds":%d,"scores":{"last_spaces":%d,'
        .. '"total":%d,"vp":%d},"seed":%s}\n', g, n, result, played, met, total, vp, seed))
    else
      records:write(string.format('{"cell":1,"game":%d,"questions":%d,"result":"%s","rounds":%d,"scores":{"last_spaces":%d},'
        .. '"seed":%s}\n', g, n, result, played, met, seed))
    end
  end
end
if records then
  records:close()
end

-- std::round: to the nearest whole number, halves away from zero.
local function round(x)
  if x < 0 then
    return -round(-x)
  end
  local f = math.floor(x)
  return x - f >= 0.5 and f + 1 or f
end

-- As a C++ stream prints a double: %g with 6 significant digits.
local function figure(x)
  return string.format("%.6g", x)
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do
    keys[#keys + 1] = k
  end
  table.sort(keys)
  return keys
end

local out = {}
out[#out + 1] = string.format("games: %d (seeds %s to %s, answers %s)", games, unsigned_text(first_seed),
  unsigned_text(first_seed + games - 1), policy)
out[#out + 1] = "errors: 0"
for _, result in ipairs(sorted_keys(results)) do
  local n = results[result]
  out[#out + 1] = string.format("result %s: %d (%s%%)", result, n, figure(round(1000.0 * n / games) / 10))
end
for _, name in ipairs(sorted_keys(scores)) do
  local s = scores[name]
  out[#out + 1] = string.format("score %s: min %s, mean %s, max %s", name, figure(s.min),
    figure(round(100.0 * s.sum / s.n) / 100), figure(s.max))
end
local counts = sorted_keys(asked)
local sum, seen, median = 0, 0, nil
for _, n in ipairs(counts) do
  sum = sum + n * asked[n]
  seen = seen + asked[n]
  if not median and seen * 2 >= games then
    median = n  -- the lower median of an even count
  end
end
out[#out + 1] = string.format("questions a game: median %d, mean %s, min %d, max %d", median,
  figure(round(100.0 * sum / games) / 100), counts[1], counts[#counts])
-- Every game's end says how many rounds it lasted.
local lengths = sorted_keys(lasted)
sum, seen, median = 0, 0, nil
for _, n in ipairs(lengths) do
  sum = sum + n * lasted[n]
  seen = seen + lasted[n]
  if not median and seen * 2 >= games then
    median = n
  end
end
out[#out + 1] = string.format("rounds a game: median %d, mean %s, min %d, max %d", median,
  figure(round(100.0 * sum / games) / 100), lengths[1], lengths[#lengths])
io.write(table.concat(out, "\n"), "\n")
