-- The board: squares, walls, the fire's numbers on lines, burnt squares, and where a piece
-- can go with a roll.
local Board = {}
Board.__index = Board

local LETTERS = "ABCDEFGHIJKL"
local POWER_OF = { d = "defense", s = "speed", t = "time", l = "luck", h = "stealth", o = "opening" }
Board.POWER_OF = POWER_OF

local function fail(name, fmt, ...)
  error(string.format("board %s: " .. fmt, name, ...), 0)
end

function Board.new(name, data, opts)
  local self = setmetatable({ id = name, name = data.name, description = data.description,
    opts = opts or {} }, Board)
  local h = #data.rows
  local w = #data.rows[1]
  self.w, self.h = w, h
  self.squares = {}
  for r, line in ipairs(data.rows) do
    if #line ~= w then
      fail(name, "row %d has %d squares, the first row %d", r, #line, w)
    end
    for c = 1, w do
      local ch = line:sub(c, c)
      local i = (r - 1) * w + c
      local sq = { i = i, r = r, c = c, name = LETTERS:sub(c, c) .. r, burnt = false }
      if ch == "B" or ch == "S" then
        sq.text = ch == "B" and "book" or "scroll"
      elseif POWER_OF[ch] then
        sq.power = POWER_OF[ch]
      end
      self.squares[i] = sq
    end
  end
  if #data.fire_columns ~= w then fail(name, "fire_columns has %d numbers for %d columns", #data.fire_columns, w) end
  if #data.fire_rows ~= h then fail(name, "fire_rows has %d numbers for %d rows", #data.fire_rows, h) end
  self.fire_columns, self.fire_rows = data.fire_columns, data.fire_rows
  for n = 1, 6 do
    local col, row = false, false
    for _, v in ipairs(data.fire_columns) do col = col or v == n end
    for _, v in ipairs(data.fire_rows) do row = row or v == n end
    if not col then fail(name, "no column carries fire number %d", n) end
    if not row then fail(name, "no row carries fire number %d", n) end
  end
  self.by_name = {}
  for _, sq in ipairs(self.squares) do self.by_name[sq.name] = sq end
  self.walls = {}   -- "i:j" with i < j
  for _, wall in ipairs(data.walls) do
    local a, b = wall:match("^(%w+)%-(%w+)$")
    local sa, sb = self.by_name[a], self.by_name[b]
    if not sa or not sb then fail(name, "wall %s names a square off the board", wall) end
    if math.abs(sa.r - sb.r) + math.abs(sa.c - sb.c) ~= 1 then
      fail(name, "wall %s is not between neighbouring squares", wall)
    end
    self.walls[math.min(sa.i, sb.i) .. ":" .. math.max(sa.i, sb.i)] = true
  end
  -- neighbours: {sq =, wall =}
  for _, sq in ipairs(self.squares) do
    sq.nbrs = {}
    for _, d in ipairs({ { -1, 0 }, { 0, 1 }, { 1, 0 }, { 0, -1 } }) do
      local r, c = sq.r + d[1], sq.c + d[2]
      if r >= 1 and r <= h and c >= 1 and c <= w then
        local o = self.squares[(r - 1) * w + c]
        sq.nbrs[#sq.nbrs + 1] = { sq = o, wall = self:wall(sq, o) }
      end
    end
  end
  return self
end

function Board:wall(a, b)
  return self.walls[math.min(a.i, b.i) .. ":" .. math.max(a.i, b.i)] == true
end

function Board:at(name)
  return self.by_name[name]
end

function Board:neighbours(a, b)
  return math.abs(a.r - b.r) + math.abs(a.c - b.c) == 1
end

-- The fire number of a square's column and row (0: none).
function Board:fire_numbers(sq)
  return self.fire_columns[sq.c], self.fire_rows[sq.r]
end

-- The squares of the lines that carry fire number n (kind "column" or "row").
function Board:line_squares(kind, n)
  local out = {}
  for _, sq in ipairs(self.squares) do
    if (kind == "column" and self.fire_columns[sq.c] == n) or (kind == "row" and self.fire_rows[sq.r] == n) then
      out[#out + 1] = sq
    end
  end
  return out
end

function Board:texts_left()
  local n = 0
  for _, sq in ipairs(self.squares) do
    if sq.text and not sq.owner and not sq.lost then n = n + 1 end
  end
  return n
end

function Board:open_text(sq)
  return sq.text and not sq.owner and not sq.lost
end

-- May a piece step from a onto b? (walls unless opening; burnt squares per the burnt option)
local function can_step(self, a, nb, opening)
  if nb.wall and not opening then return false end
  if nb.sq.burnt and self.opts.burnt == "blocked" then return false end
  return true
end

local function can_stop(self, sq)
  return not sq.burnt
end

-- Shortest step counts from a square, or from the nearest of a list of squares (walls and
-- burnt squares respected).
function Board:distances(from, opening)
  local queue, head, dist = from.i and { from } or from, 1, {}
  for _, sq in ipairs(queue) do dist[sq.i] = 0 end
  while head <= #queue do
    local a = queue[head]
    head = head + 1
    for _, nb in ipairs(a.nbrs) do
      if dist[nb.sq.i] == nil and can_step(self, a, nb, opening) then
        dist[nb.sq.i] = dist[a.i] + 1
        queue[#queue + 1] = nb.sq
      end
    end
  end
  return dist
end

local BUDGET = 20000

-- The squares a piece on `from` may end its move on with `steps` steps: exactly `steps` along a
-- path that never enters a square twice (move=exact), or 1..steps (move=up-to). A piece boxed in
-- so that no exact path exists may stop anywhere it can reach within the roll.
function Board:reachable(from, steps, opening)
  local dist = self:distances(from, opening)
  local function within()
    local out = {}
    for _, sq in ipairs(self.squares) do
      local d = dist[sq.i]
      if d and d >= 1 and d <= steps and can_stop(self, sq) then out[#out + 1] = sq end
    end
    return out
  end
  if self.opts.move == "up-to" then
    return within()
  end
  -- candidates: a shortest path no longer than the roll, of the same parity (the grid is bipartite)
  local wanted, count = {}, 0
  for _, sq in ipairs(self.squares) do
    local d = dist[sq.i]
    if d and d >= 1 and d <= steps and (steps - d) % 2 == 0 and can_stop(self, sq) then
      wanted[sq.i] = true
      count = count + 1
    end
  end
  local found, nfound, nodes = {}, 0, 0
  local visited = { [from.i] = true }
  local function dfs(a, left)
    if nfound >= count or nodes >= BUDGET then return end
    nodes = nodes + 1
    if left == 0 then
      if wanted[a.i] and not found[a.i] then
        found[a.i] = true
        nfound = nfound + 1
      end
      return
    end
    for _, nb in ipairs(a.nbrs) do
      local b = nb.sq
      if not visited[b.i] and can_step(self, a, nb, opening) then
        local d = dist[b.i]
        visited[b.i] = true
        dfs(b, left - 1)
        visited[b.i] = nil
      end
    end
  end
  if count > 0 then dfs(from, steps) end
  local out = {}
  for _, sq in ipairs(self.squares) do
    if found[sq.i] then out[#out + 1] = sq end
  end
  if #out == 0 then
    return within(), true
  end
  return out
end

return Board
