-- The board: squares, walls, the fire's numbers on lines, texts and burnt squares. Where a piece
-- can go is in reach.lua. Everything a move search needs is built once here as plain integer
-- arrays (neighbours, rows, columns) and bit sets (bits.lua), so the searches allocate nothing
-- per step.
local bits = require "bits"
local powers = require "powers"
local reach = require "reach"
local Board = {}
Board.__index = Board

local LETTERS = "ABCDEFGHIJKL"
local POWER_OF = { d = "defense", s = "speed", t = "time", l = "luck", h = "stealth", o = "opening" }
Board.POWER_OF = POWER_OF
Board.LETTERS = LETTERS

local function fail(name, fmt, ...)
  error(string.format("board %s: " .. fmt, name, ...), 0)
end

-- Walls are kept under one integer per pair (smaller index first): no strings to build.
local function pair(i, j)
  if i < j then return i * 1024 + j end
  return j * 1024 + i
end

-- the letters of the board's text: a text, or a power square
local BOOK, SCROLL, FLOOR = string.byte("BS.", 1, 3)
local POWER_AT = {}
for letter, power in pairs(POWER_OF) do POWER_AT[letter:byte()] = power end

-- Board.new runs at the start of every game, so it builds what play needs in one pass over the
-- squares, and the bit masks a row at a time (bits.lua).
function Board.new(name, data, opts)
  opts = opts or {}
  local self = setmetatable({ id = name, name = data.name, description = data.description, opts = opts }, Board)
  local rows = data.rows
  local h, w = #rows, #rows[1]
  local size = w * h
  self.w, self.h, self.size = w, h, size
  self.block_burnt = opts.burnt ~= "cross"   -- burnt squares stop pieces unless burnt=cross
  self.up_to = opts.move == "up-to"
  local fc, fr = data.fire_columns, data.fire_rows
  if #fc ~= w then fail(name, "fire_columns has %d numbers for %d columns", #fc, w) end
  if #fr ~= h then fail(name, "fire_rows has %d numbers for %d rows", #fr, h) end
  self.fire_columns, self.fire_rows = fc, fr
  local L = bits.layout(w, h)
  local word, bit = L.word, L.bit
  -- sets: the open texts, the squares on no numbered line (fireproof: no fire reaches them),
  -- the squares of each power, and the squares of each colour of the chessboard (row + column
  -- even or odd)
  local text_set, fireproof, power_sets = bits.none(L), bits.none(L), {}
  for _, power in ipairs(powers.ORDER) do power_sets[power] = bits.none(L) end
  local colour = { [0] = bits.none(L), [1] = bits.none(L) }
  L.colour = colour
  -- the steps each square allows, as flags (1 up, 2 right, 4 down, 8 left): free without
  -- crossing a wall, all for a piece with OPENING; a step k goes to i + offset[k]
  local free, all = {}, {}
  local squares, row, col, burnt = {}, {}, {}, {}
  local letters, sides = {}, {}
  for c = 1, w do letters[c], sides[c] = LETTERS:sub(c, c), (c < w and 2 or 0) | (c > 1 and 8 or 0) end
  local texts, exposed, i, k, x = 0, 0, 0, 0, 0
  for r = 1, h do
    local line = rows[r]
    if #line ~= w then
      fail(name, "row %d has %d squares, the first row %d", r, #line, w)
    end
    if (r - 1) % L.rows == 0 then k, x = k + 1, 1 end  -- a new word
    local number, ends = tostring(r), (r > 1 and 1 or 0) | (r < h and 4 or 0)
    local on_fire_row = fr[r] ~= 0
    local even_columns, odd_columns = colour[r % 2], colour[(r + 1) % 2]  -- their colours on this row
    for c = 1, w do
      i = i + 1
      local ch = line:byte(c)
      local sq = { i = i, r = r, c = c, name = letters[c] .. number, burnt = false }
      if ch == BOOK or ch == SCROLL then
        sq.text, texts = ch == BOOK and "book" or "scroll", texts + 1
        text_set[k] = text_set[k] | x
        if on_fire_row or fc[c] ~= 0 then exposed = exposed + 1 end
      elseif ch ~= FLOOR then
        local power = POWER_AT[ch]
        local set = power_sets[power]
        sq.power, set[k] = power, set[k] | x
      end
      if not on_fire_row and fc[c] == 0 then fireproof[k] = fireproof[k] | x end
      local hue = c % 2 == 0 and even_columns or odd_columns
      hue[k] = hue[k] | x
      squares[i], row[i], col[i], burnt[i], word[i], bit[i] = sq, r, c, false, k, x
      local f = ends | sides[c]
      free[i], all[i] = f, f
      x = x << 1
    end
  end
  -- open_texts counts the open texts, exposed those of them on a numbered line (a fire can
  -- still take them)
  self.squares, self.row, self.col, self.open_texts, self.exposed = squares, row, col, texts, exposed
  local labelled = {}
  for _, n in ipairs(fc) do labelled[n] = true end
  for _, n in ipairs(fr) do labelled[-n] = true end
  for n = 1, 6 do
    if not labelled[n] then fail(name, "no column carries fire number %d", n) end
    if not labelled[-n] then fail(name, "no row carries fire number %d", n) end
  end
  -- the squares of the lines that carry each fire number (as a set) and the lines' names
  -- (column letters, row numbers), for the burns
  local lines, line_names = { column = {}, row = {} }, { column = {}, row = {} }
  for n = 1, 6 do
    local on_columns, on_rows, column_names, row_names = bits.none(L), bits.none(L), {}, {}
    for r = 1, h do
      local at = (r - 1) * w
      for c = 1, w do
        local k, x = word[at + c], bit[at + c]
        if fr[r] == n then on_rows[k] = on_rows[k] | x end
        if fc[c] == n then on_columns[k] = on_columns[k] | x end
      end
      if fr[r] == n then row_names[#row_names + 1] = tostring(r) end
    end
    for c = 1, w do
      if fc[c] == n then column_names[#column_names + 1] = letters[c] end
    end
    lines.column[n], lines.row[n] = on_columns, on_rows
    line_names.column[n], line_names.row[n] = column_names, row_names
  end
  -- each fire line as narration names it: the fire number, then the grid lines that carry it
  -- ("row 1 (grid row 8)"), since the board labels rows by their grid number
  local line_labels = { column = {}, row = {} }
  for kind, names in pairs(line_names) do
    for n = 1, 6 do
      local grid = names[n]
      line_labels[kind][n] = string.format("%s %d (grid %s%s %s)", kind, n, kind, #grid > 1 and "s" or "",
        table.concat(grid, ", "))
    end
  end
  self.lines, self.line_names, self.line_labels = lines, line_names, line_labels
  -- walls: each takes a step away from both its squares; kept by pair (Board:wall) and as a
  -- list, upper or left square first (bits.connect)
  local walls, list = {}, {}
  for _, wall in ipairs(data.walls) do
    local a, b = wall:match("^(%w+)%-(%w+)$")
    local sa, sb = self:at(a), self:at(b)
    if not sa or not sb then fail(name, "wall %s names a square off the board", wall) end
    if math.abs(sa.r - sb.r) + math.abs(sa.c - sb.c) ~= 1 then
      fail(name, "wall %s is not between neighbouring squares", wall)
    end
    local lo, hi = sa.i, sb.i
    if lo > hi then lo, hi = hi, lo end
    walls[pair(lo, hi)] = true
    local n = #list
    list[n + 1], list[n + 2] = lo, hi
    if hi == lo + 1 then                        -- side by side: lo's right, hi's left
      free[lo], free[hi] = free[lo] & ~2, free[hi] & ~8
    else                                        -- one above the other: lo's down, hi's up
      free[lo], free[hi] = free[lo] & ~4, free[hi] & ~1
    end
  end
  self.walls = walls
  self.dirs = { [false] = free, [true] = all }
  self.offset = { -w, 1, w, -1 }
  -- the same as lists, for the path searches: the neighbours of square i one may step to are
  -- next_to[opening][(i - 1) * 4 + 1 ..], up, right, down, left, ending at the first 0
  self.next_to = {}
  for _, opening in ipairs({ false, true }) do
    local flags, list = self.dirs[opening], {}
    for j = 1, size do
      local at, f = (j - 1) * 4, flags[j]
      for k = 1, 4 do list[at + k] = 0 end
      for k, step in ipairs(self.offset) do
        if f & (1 << (k - 1)) ~= 0 then
          at = at + 1
          list[at] = j + step
        end
      end
    end
    self.next_to[opening] = list
  end
  self.burnt = burnt      -- burnt[i] mirrors squares[i].burnt, for the searches
  -- the squares a path search may not enter: those burnt, when they stop pieces (reach.lua
  -- marks the squares it walks there too)
  self.closed = {}
  for j = 1, size do self.closed[j] = false end
  self.bits = bits.connect(L, list)
  -- as bit sets: where pieces may pass and stop, and the open texts (refilled in place, never
  -- replaced, like the bit layout, one, endings and mover: reach.lua keeps them in upvalues)
  self.pass, self.stoppable, self.text_set = {}, {}, text_set
  for k2 = 1, L.K do self.pass[k2], self.stoppable[k2] = L.full[k2], L.full[k2] end
  self.fireproof, self.power_sets, self.opening_squares = fireproof, power_sets, power_sets.opening
  self.text_squares = bits.zeros(L.K)     -- every text square, claimed or not
  for k2 = 1, L.K do self.text_squares[k2] = text_set[k2] end
  self.one = bits.none(L)     -- scratch: one square as a set (reach.lua)
  self.around_texts = { out = bits.zeros(16 * L.K), n = false }  -- text_rings' table, refilled
  self.cache, self.cache_keys, self.cached_any = {}, {}, false
  self.version = 0    -- counts the burns: where pieces can go changes only then (reach.lua)
  reach.prepare(self)
  return self
end

function Board:wall(a, b)
  return self.walls[pair(a.i, b.i)] == true
end

-- The square named like "C4" (column letter, row number), or nil.
function Board:at(name)
  local letter, number = string.match(name, "^(%u)(%d+)$")
  if not letter then return nil end
  local c, r = LETTERS:find(letter, 1, true), tonumber(number)
  if not c or c > self.w or r < 1 or r > self.h then return nil end
  return self.squares[(r - 1) * self.w + c]
end

function Board:neighbours(a, b)
  local dr, dc = a.r - b.r, a.c - b.c
  return dr * dr + dc * dc == 1
end

-- The fire number of a square's column and row (0: none).
function Board:fire_numbers(sq)
  return self.fire_columns[sq.c], self.fire_rows[sq.r]
end

function Board:texts_left()
  return self.open_texts
end

function Board:open_text(sq)
  return sq.text and not sq.owner and not sq.lost
end

-- Cached results are dropped when the board changes (a claim or a burn), and the text rings
-- marked to be worked out again; the moves (reach.lua) only when a square burns, since claims
-- do not change where a piece can go. (Claim and burn_line do this themselves, calling forget
-- only when something is cached: calls cost more than the few lines. The keys ever cached are
-- listed in cache_keys, so clearing them keeps the table.)
local function forget(self)
  local cache, keys = self.cache, self.cache_keys
  for n = 1, #keys do cache[keys[n]] = nil end
  self.cached_any = false
end

-- A seat claims an open text. (exposed counted it unless it is fireproof)
function Board:claim(sq, n)
  sq.owner = n
  local L, i = self.bits, sq.i
  local k, bit, texts = L.word[i], L.bit[i], self.text_set
  texts[k] = texts[k] & ~bit
  self.open_texts = self.open_texts - 1
  if self.fireproof[k] & bit == 0 then self.exposed = self.exposed - 1 end
  self.around_texts.n = false
  if self.cached_any then forget(self) end
end

-- The lines that carry fire number n (kind "column" or "row") burn: their squares not burnt
-- yet burn, and the open texts there are lost. Returns how many were lost, and the squares
-- that burnt now as a set (refilled at the next burn).
local NEWLY = {}
function Board:burn_line(kind, n)
  local L = self.bits
  local K, span, LOG = L.K, L.span, bits.LOG
  local line, stop, pass, texts = self.lines[kind][n], self.stoppable, self.pass, self.text_set
  local squares, burnt, closed, block, lost, any = self.squares, self.burnt, self.closed, self.block_burnt, 0, 0
  for k = 1, K do
    local x = line[k] & stop[k]     -- (the stoppable squares are those not burnt)
    NEWLY[k], any = x, any | x
    if x ~= 0 then
      local gone = x & texts[k]
      stop[k], texts[k] = stop[k] & ~x, texts[k] & ~gone
      if block then pass[k] = pass[k] & ~x end
      local first = (k - 1) * span + 1
      while x ~= 0 do
        local low = x & -x
        x = x ~ low
        local i = first + LOG[low]
        local sq = squares[i]
        sq.burnt, burnt[i], closed[i] = true, true, block
        if gone & low ~= 0 then
          sq.lost, lost = true, lost + 1
        end
      end
    end
  end
  if any ~= 0 then
    -- every text lost lay on a numbered line: the one burning
    self.open_texts, self.exposed = self.open_texts - lost, self.exposed - lost
    self.around_texts.n, self.version = false, self.version + 1
    if self.cached_any then forget(self) end
  end
  return lost, NEWLY
end

-- Do all the open texts lie on no numbered line? (An open text on a numbered line can still
-- burn: that line has not burnt yet.) Kept as a count, since it is asked after every turn.
function Board:all_texts_fireproof()
  return self.exposed == 0
end

-- Can a piece on square `from` ever reach an open text? Burnt squares only spread, so only
-- what can be reached now matters; walls stop it unless it has OPENING points (opening) or
-- can reach an OPENING square where it might roll for some. Always true with burnt=cross.
local RINGS = {}    -- scratch
local function reaches(self, src, through_walls, set)
  local K = self.bits.K
  local n = self.bits[through_walls](RINGS, self.pass, src, self.size)
  for d = 0, n do
    for k = 1, K do
      local x = d == 0 and src[k] or RINGS[(d - 1) * K + k]
      if x & set[k] ~= 0 then return true end
    end
  end
  return false
end

-- (the answers, by square and opening, kept until the board changes: asked after every turn
-- once the texts left are fireproof)
local function answers() return {} end
function Board:may_reach_text(from, opening)
  if not self.block_burnt then return true end
  local known = self:cached("may reach text", answers)
  local key = from.i * 2 + (opening and 1 or 0)
  local yes = known[key]
  if yes == nil then
    local src = bits.of(self.bits, from)
    yes = reaches(self, src, false, self.text_set)
      or ((opening or reaches(self, src, false, self.opening_squares)) and reaches(self, src, true, self.text_set))
    known[key] = yes
  end
  return yes
end

-- A value computed from the board, kept until the board changes (a claim, a loss, a burn).
function Board:cached(key, make, ...)
  local cache = self.cache
  local v = cache[key]
  if v == nil then
    v = make(self, ...)
    local keys = self.cache_keys
    if not keys[key] then
      keys[key] = true
      keys[#keys + 1] = key
    end
    cache[key], self.cached_any = v, true
  end
  return v
end

Board.distances = reach.distances
Board.reach = reach.reach
Board.rings = reach.rings

-- The rings of squares around the open texts (walls and burnt squares respected), see
-- bits.lua: { out = rings, n = how many }, n false while to be worked out again (after a claim
-- or a burn). One table, made with the board and refilled; a reader looks at rings 1 to n only.
function Board:text_rings()
  local rings = self.around_texts
  if not rings.n then rings.n = self.bits[false](rings.out, self.pass, self.text_set, self.size) end
  return rings
end

-- Steps from square sq to the nearest open text, false when none can be reached (from the
-- rings around the texts).
function Board:text_steps(sq)
  local L = self.bits
  local K, k, bit = L.K, L.word[sq.i], L.bit[sq.i]
  if self.text_set[k] & bit ~= 0 then return 0 end
  local rings = self:text_rings()
  local out = rings.out
  for d = 1, rings.n do
    if out[(d - 1) * K + k] & bit ~= 0 then return d end
  end
  return false
end

local function text_distance(self)
  local rings = self:text_rings()
  return reach.steps_in(self, self.text_set, rings.out, rings.n)
end

-- Steps from every square to the nearest open text (walls and burnt squares respected):
-- square index -> steps, false when none can be reached. Kept until the board changes.
function Board:text_distance()
  return self:cached("text distance", text_distance)
end

return Board
