-- A priority list, the heart of an automa: the candidates go through the rule's criteria in
-- order, each keeping only the best by it, until one is left; a tie after the last criterion is
-- broken as the rule says (the player chooses, a random pick, or the first in the given order).
-- The result says which criterion decided, so the bot's `ui.why` can name the rule's step.
local component = require "component"

local format, concat, math_type = string.format, table.concat, math.type

local priority = {}

local KINDS = { most = true, least = true, prefer = true, avoid = true }
local KIND_ORDER = { "most", "least", "prefer", "avoid" }
local TIES = { first = true, ask = true, random = true }

-- A criterion is { "name", most = f } (the highest f(c) is kept), { "name", least = f },
-- { "name", prefer = f } (those for which f(c) is true, when any is) or { "name", avoid = f }.
local function check_criteria(criteria, level)
  if type(criteria) ~= "table" then
    error("priority: the criteria must be an array of { \"name\", most|least|prefer|avoid = function }", level)
  end
  for n, c in ipairs(criteria) do
    if type(c) ~= "table" or type(c[1]) ~= "string" then
      error(format("priority: criterion %d needs its name first, as the rule words it", n), level)
    end
    for k in pairs(c) do
      if not KINDS[k] and k ~= 1 then
        error(format("priority: criterion %d ('%s') has an unknown field '%s' (most, least, prefer, avoid)",
          n, c[1], tostring(k)), level)
      end
    end
    local kind
    for _, k in ipairs(KIND_ORDER) do
      if c[k] ~= nil then
        if kind then
          error(format("priority: criterion %d ('%s') has both %s and %s", n, c[1], kind, k), level)
        end
        kind = k
      end
    end
    if kind == nil or type(c[kind]) ~= "function" then
      error(format("priority: criterion %d ('%s') needs one of most, least, prefer or avoid as a function",
        n, c[1]), level)
    end
  end
end

-- The score by which a criterion ranks a candidate: higher is better.
local function score(c, kind, candidate, n)
  local v = c[kind](candidate)
  if kind == "prefer" or kind == "avoid" then
    if type(v) ~= "boolean" then
      error(format("priority: criterion %d ('%s') must return true or false, not %s", n, c[1], tostring(v)), 4)
    end
    return (v == (kind == "prefer")) and 1 or 0
  end
  if math_type(v) == nil then
    error(format("priority: criterion %d ('%s') must return a number, not %s", n, c[1], tostring(v)), 4)
  end
  return kind == "most" and v or -v
end

local function kind_of(c)
  for _, k in ipairs(KIND_ORDER) do
    if c[k] then return k end
  end
end

-- Keeps the candidates best by each criterion in turn, stopping when one is left (a criterion
-- is evaluated only while a tie remains, so one that asks a question is asked only when it
-- matters). Returns the survivors in their given order and the number of the criterion that
-- left one (nil when none narrowed it to one).
local function keep(candidates, criteria)
  local kept = {}
  for i, c in ipairs(candidates) do kept[i] = c end
  if #kept <= 1 then
    return kept, nil
  end
  for n, c in ipairs(criteria) do
    local kind = kind_of(c)
    local best, next_kept = nil, {}
    for _, candidate in ipairs(kept) do
      local s = score(c, kind, candidate, n)
      if best == nil or s > best then
        best, next_kept = s, { candidate }
      elseif s == best then
        next_kept[#next_kept + 1] = candidate
      end
    end
    kept = next_kept
    if #kept == 1 then
      return kept, n
    end
  end
  return kept, nil
end

function priority.keep(candidates, criteria)
  check_criteria(criteria, 3)
  return keep(candidates, criteria)
end

-- How a candidate is named: opts.label, else its id (a string or number, or a table's id),
-- else its place among the candidates (never an address, which would differ between runs).
local function label_of(opts, candidate, candidates)
  if opts.label then
    return tostring(opts.label(candidate))
  end
  local id = component.id_of(candidate)
  if type(id) == "string" or type(id) == "number" then
    return tostring(id)
  end
  for i, c in ipairs(candidates or {}) do
    if rawequal(c, candidate) then return "candidate " .. i end
  end
  return "a candidate"
end

local function labels(opts, list, candidates)
  local out = {}
  for i, c in ipairs(list) do out[i] = label_of(opts, c, candidates) end
  if #out <= 1 then
    return out[1] or ""
  end
  return concat(out, ", ", 1, #out - 1) .. " and " .. out[#out]
end

-- Chooses one candidate. `opts`:
--   tie    = "first" (default: the first of the tied in the given order), "ask" (the player
--            chooses among the tied), "random" (one random.pick among the tied) or a function
--            (tied) -> the chosen one (and optionally how the rule words that choice), for a
--            rule's own tie-break such as a die roll;
--   stream = the stream of a random tie (default "priority:<id>"); id = a name for the list
--            (default "choice");
--   label  = function(candidate) -> how the candidate is named (default: its id or itself);
--   prompt = the question on a tie asked of the player;
--   first  = how the rule words taking the first on a tie (default "the first in order").
-- Returns the candidate (nil when there are none) and a decision:
--   { step = n or nil, criterion = name or nil, tied = {...} (the tie that was broken, if any),
--     by = "only" | "criterion" | "first" | "ask" | "random" | "rule" (a tie function) | "none",
--     why = text naming what decided }.
function priority.choose(candidates, criteria, opts)
  opts = opts or {}
  if type(candidates) ~= "table" then
    error("priority.choose: the candidates must be an array", 2)
  end
  local tie = opts.tie or "first"
  if type(tie) ~= "function" and not TIES[tie] then
    error(format("priority.choose: tie must be first, ask, random or a function, not %s", tostring(tie)), 2)
  end
  check_criteria(criteria, 3)
  if #candidates == 0 then
    return nil, { by = "none", why = "there is nothing to choose from" }
  end
  if #candidates == 1 then
    local only = candidates[1]
    return only, { by = "only", why = format("%s is the only choice", label_of(opts, only, candidates)) }
  end
  local kept, step = keep(candidates, criteria)
  if step then
    local name = criteria[step][1]
    return kept[1], { by = "criterion", step = step, criterion = name,
      why = format("step %d of the priority list decides: %s (%s)", step, name, label_of(opts, kept[1], candidates)) }
  end
  local steps = #criteria == 0 and "no step of the priority list separates"
    or (#criteria == 1 and "step 1 of the priority list leaves" or format("steps 1 to %d leave", #criteria))
  local tied_text = format("%s %s tied", steps, labels(opts, kept, candidates))
  local choice, by, how
  if tie == "ask" then
    -- Each option's id is the candidate's id when the tied ones have distinct ids (readable in
    -- a journal or scenario), else its place among the tied.
    local options, seen, distinct = {}, {}, true
    for _, c in ipairs(kept) do
      local id = component.id_of(c)
      if (type(id) ~= "string" and math_type(id) ~= "integer") or seen[tostring(id)] then
        distinct = false
      else
        seen[tostring(id)] = true
      end
    end
    for i, c in ipairs(kept) do
      options[i] = { id = distinct and tostring(component.id_of(c)) or tostring(i), label = label_of(opts, c, candidates) }
    end
    local answer = ui.ask(opts.prompt or format("A tie: %s. Which one?", labels(opts, kept, candidates)), options)
    for i, o in ipairs(options) do
      if o.id == answer then choice = kept[i] end
    end
    by, how = "ask", "you chose"
  elseif tie == "random" then
    local _, c = random.pick(opts.stream or ("priority:" .. tostring(opts.id or "choice")), kept)
    choice, by, how = c, "random", "a random pick took"
  elseif tie == "first" then
    choice, by, how = kept[1], "first", "so " .. (opts.first or "the first in order") .. ":"
  else
    local words
    choice, words = tie(kept)
    local found = false
    for _, c in ipairs(kept) do
      if rawequal(c, choice) then found = true end
    end
    if not found then
      error("priority.choose: the tie function must return one of the tied candidates", 2)
    end
    by, how = "rule", words or "the rule's tie-break took"
  end
  return choice, { by = by, tied = kept,
    why = format("%s; %s %s", tied_text, how, label_of(opts, choice, candidates)) }
end

return priority
