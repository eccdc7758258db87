-- The board: squares, walls, the fire's numbers on lines, texts and burnt squares. Where a piece
-- can go is in reach.lua. Everything a move search needs is built once here as plain integer
-- arrays (neighbours, rows, columns) and bit sets (bits.lua), so the searches allocate nothing
-- per step.
local bits = require "bits"
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

-- Board.new runs at the start of every game, so it builds only what play needs, simply.
function Board.new(name, data, opts)
  opts = opts or {}
  local self = setmetatable({ id = name, name = data.name, description = data.description, opts = opts }, Board)
  local rows = data.rows
  local h, w = #rows, #rows[1]
  local size = w * h
  self.w, self.h, self.size = w, h, size
  self.block_burnt = opts.burnt ~= "cross"   -- burnt squares stop pieces unless burnt=cross
  self.up_to = opts.move == "up-to"
  local squares, row, col, burnt = {}, {}, {}, {}
  local letters = {}
  for c = 1, w do letters[c] = LETTERS:sub(c, c) end
  local texts = 0
  local B, S, DOT = string.byte("BS.", 1, 3)
  for r = 1, h do
    local line = rows[r]
    if #line ~= w then
      fail(name, "row %d has %d squares, the first row %d", r, #line, w)
    end
    local number = tostring(r)
    for c = 1, w do
      local ch = line:byte(c)
      local i = (r - 1) * w + c
      local sq = { i = i, r = r, c = c, name = letters[c] .. number, burnt = false }
      if ch == B then
        sq.text, texts = "book", texts + 1
      elseif ch == S then
        sq.text, texts = "scroll", texts + 1
      elseif ch ~= DOT then
        sq.power = POWER_OF[string.char(ch)]
      end
      squares[i], row[i], col[i], burnt[i] = sq, r, c, false
    end
  end
  self.squares, self.row, self.col, self.open_texts = squares, row, col, texts
  local fc, fr = data.fire_columns, data.fire_rows
  if #fc ~= w then fail(name, "fire_columns has %d numbers for %d columns", #fc, w) end
  if #fr ~= h then fail(name, "fire_rows has %d numbers for %d rows", #fr, h) end
  self.fire_columns, self.fire_rows = fc, fr
  local labelled = {}
  for _, n in ipairs(fc) do labelled[n] = true end
  for _, n in ipairs(fr) do labelled[-n] = true end
  for n = 1, 6 do
    if not labelled[n] then fail(name, "no column carries fire number %d", n) end
    if not labelled[-n] then fail(name, "no row carries fire number %d", n) end
  end
  self.lines = { column = {}, row = {} }      -- filled by line_squares when a line first burns
  local walls = {}
  for _, wall in ipairs(data.walls) do
    local a, b = wall:match("^(%w+)%-(%w+)$")
    local sa, sb = self:at(a), self:at(b)
    if not sa or not sb then fail(name, "wall %s names a square off the board", wall) end
    if math.abs(sa.r - sb.r) + math.abs(sa.c - sb.c) ~= 1 then
      fail(name, "wall %s is not between neighbouring squares", wall)
    end
    walls[pair(sa.i, sb.i)] = true
  end
  self.walls = walls
  -- the steps each square allows, as flags (1 up, 2 right, 4 down, 8 left): dirs[false]
  -- without crossing a wall, dirs[true] for a piece with OPENING; a step k goes to i + offset[k]
  local free, all = {}, {}
  for i = 1, size do
    local r, c = row[i], col[i]
    local a = (r > 1 and 1 or 0) | (c < w and 2 or 0) | (r < h and 4 or 0) | (c > 1 and 8 or 0)
    free[i], all[i] = a, a
  end
  -- each wall takes a step away from both its squares (walls[key]: key = lower * 1024 + higher)
  for key in pairs(walls) do
    local lo, hi = key // 1024, key % 1024
    if row[lo] == row[hi] then                  -- side by side: lo's right, hi's left
      free[lo], free[hi] = free[lo] & ~2, free[hi] & ~8
    else                                        -- one above the other: lo's down, hi's up
      free[lo], free[hi] = free[lo] & ~4, free[hi] & ~1
    end
  end
  self.dirs = { [false] = free, [true] = all }
  self.offset = { -w, 1, w, -1 }
  self.burnt = burnt      -- burnt[i] mirrors squares[i].burnt, for the searches
  -- as bit sets: where pieces may pass and stop, and the open texts
  local L = bits.new(self)
  self.bits = L
  self.pass, self.stoppable, self.text_set = {}, {}, {}
  for k = 1, L.K do self.pass[k], self.stoppable[k], self.text_set[k] = L.full[k], L.full[k], 0 end
  -- fireproof: the squares on no numbered line, which no fire can reach
  self.fireproof = {}
  for k = 1, L.K do self.fireproof[k] = 0 end
  for i = 1, size do
    local k = L.word[i]
    if squares[i].text then self.text_set[k] = self.text_set[k] | L.bit[i] end
    if fc[col[i]] == 0 and fr[row[i]] == 0 then self.fireproof[k] = self.fireproof[k] | L.bit[i] end
  end
  self.opening_squares = bits.of(L, {})
  self.one = bits.of(L, {})     -- scratch: one square as a set (reach.lua)
  for i = 1, size do
    if squares[i].power == "opening" then
      local k = L.word[i]
      self.opening_squares[k] = self.opening_squares[k] | L.bit[i]
    end
  end
  self.cache, self.graph_cache = {}, {}
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
  return math.abs(a.r - b.r) + math.abs(a.c - b.c) == 1
end

-- The fire number of a square's column and row (0: none).
function Board:fire_numbers(sq)
  return self.fire_columns[sq.c], self.fire_rows[sq.r]
end

-- The squares of the lines that carry fire number n (kind "column" or "row"), in board order.
function Board:line_squares(kind, n)
  local list = self.lines[kind][n]
  if not list then
    list = {}
    local squares, w, fc, fr = self.squares, self.w, self.fire_columns, self.fire_rows
    for r = 1, self.h do
      local at = (r - 1) * w
      if kind == "row" then
        if fr[r] == n then
          for c = 1, w do list[#list + 1] = squares[at + c] end
        end
      else
        for c = 1, w do
          if fc[c] == n then list[#list + 1] = squares[at + c] end
        end
      end
    end
    self.lines[kind][n] = list
  end
  return list
end

function Board:texts_left()
  return self.open_texts
end

function Board:open_text(sq)
  return sq.text and not sq.owner and not sq.lost
end

-- Cached results are dropped when the board changes; those of the paths (graph_cache) only
-- when a square burns, since claims do not change where a piece can go.
local function changed(self, graph)
  if next(self.cache) ~= nil then self.cache = {} end
  if graph and next(self.graph_cache) ~= nil then self.graph_cache = {} end
end

local function drop_text(self, sq)
  local k = self.bits.word[sq.i]
  self.text_set[k] = self.text_set[k] & ~self.bits.bit[sq.i]
  self.open_texts = self.open_texts - 1
end

-- A seat claims an open text.
function Board:claim(sq, n)
  sq.owner = n
  drop_text(self, sq)
  changed(self, false)
end

-- A square burns: an open text there is lost. Returns true if a text was lost.
function Board:burn(sq)
  local lost = false
  if self:open_text(sq) then
    sq.lost = true
    drop_text(self, sq)
    lost = true
  end
  sq.burnt = true
  self.burnt[sq.i] = true
  local k, bit = self.bits.word[sq.i], self.bits.bit[sq.i]
  self.stoppable[k] = self.stoppable[k] & ~bit
  if self.block_burnt then self.pass[k] = self.pass[k] & ~bit end
  changed(self, true)
  return lost
end

-- Do all the open texts lie on no numbered line? (An open text on a numbered line can still
-- burn: that line has not burnt yet.)
function Board:all_texts_fireproof()
  for k = 1, self.bits.K do
    if self.text_set[k] & ~self.fireproof[k] ~= 0 then return false end
  end
  return true
end

-- Can a piece on square `from` ever reach an open text? Burnt squares only spread, so only
-- what can be reached now matters; walls stop it unless it has OPENING points (opening) or
-- can reach an OPENING square where it might roll for some. Always true with burnt=cross.
function Board:may_reach_text(from, opening)
  if not self.block_burnt then return true end
  local L = self.bits
  local K = L.K
  local src = bits.of(L, from)
  local function reaches(through_walls, set)
    local out = {}
    local n = L[through_walls](out, self.pass, src, self.size)
    for d = 0, n do
      for k = 1, K do
        local x = d == 0 and src[k] or out[(d - 1) * K + k]
        if x & set[k] ~= 0 then return true end
      end
    end
    return false
  end
  if reaches(false, self.text_set) then return true end
  if not opening and not reaches(false, self.opening_squares) then return false end
  return reaches(true, self.text_set)
end

-- A value computed from the board, kept until the board changes (a claim, a loss, a burn).
function Board:cached(key, make, ...)
  local v = self.cache[key]
  if v == nil then
    v = make(self, ...)
    self.cache[key] = v
  end
  return v
end

local reach = require "reach"
Board.distances = reach.distances
Board.reach = reach.reach
Board.rings = reach.rings

local function text_distance(self)
  return reach.dist_from(self, self.text_set, false)
end

-- Steps from every square to the nearest open text (walls and burnt squares respected):
-- square index -> steps, false when none can be reached. Kept until the board changes.
function Board:text_distance()
  return self:cached("text distance", text_distance)
end

return Board
