-- Where a piece can go: shortest step counts, and the squares a move of a given roll may end on.
--
-- An exact move walks the whole roll and never enters a square twice (its start included). The
-- grid is a chessboard, so a square can only end such a path if its shortest distance d is at
-- most the roll and of the roll's parity; these are the candidates. A candidate with d = roll
-- is surely reachable (a shortest path never repeats a square); most with d = roll - 2 are
-- settled by a look at their neighbours (bump, below). Any other is checked by a search for one
-- path of exactly the roll that ends on it: first a quick depth-first search pruned by
-- straight-line distance, which almost always finds a path at once; only if that gives up, an
-- exhaustive one pruned by the true distance around the squares already walked, which settles
-- the rare squares that no path reaches. So the answer is exact, whatever the roll.
--
-- Distances come from the rings of bits.lua. A bot asks only about the squares it wants
-- (Reach:allows, Reach:exact), so most candidates are never searched.
local bits = require "bits"
local reach = {}

local unpack = table.unpack
local LOG = bits.LOG

-- The rings around a set of squares: out (flat, K words a ring) and how many there are.
-- (out, unless given, starts with room for the rings of a whole board, so it is not grown
-- ring by ring)
local function rings(b, src, opening, maxd, out)
  if out then
    -- filled in place
  elseif b.bits.K == 1 then
    out = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  else
    out = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  end
  local n = b.bits[opening](out, b.pass, src, maxd)
  return out, n
end

-- The rings of squares at 1, 2, ... maxd steps from a square (not a list): a flat array of K
-- words a ring (see bits.lua) and how many rings there are. They go into out if given.
function reach.rings(b, from, opening, maxd, out)
  local L = b.bits
  local src, k = b.one, L.word[from.i]
  src[k] = L.bit[from.i]
  local n
  out, n = rings(b, src, opening and true or false, maxd, out)
  src[k] = 0
  return out, n
end

-- Steps from the squares of set src: square index -> steps, false when unreachable (or
-- farther than limit).
local function dist_from(b, src, opening, limit)
  local L = b.bits
  local K, span = L.K, L.span
  local falses = b.falses
  if not falses then
    falses = {}
    for i = 1, b.size do falses[i] = false end
    b.falses = falses
  end
  local out, n = rings(b, src, opening, limit or b.size)
  local dist = { unpack(falses) }
  local LOG = bits.LOG
  for d = 0, n do
    for k = 1, K do
      local x, base = d == 0 and src[k] or out[(d - 1) * K + k], (k - 1) * span + 1
      while x ~= 0 do
        local low = x & -x
        dist[base + LOG[low]] = d
        x = x ~ low
      end
    end
  end
  return dist
end
reach.dist_from = dist_from

-- Shortest step counts from a square, or from the nearest of a list of squares (walls unless
-- opening, burnt squares per the burnt option): square index -> steps, false when unreachable
-- (or farther than limit, if given).
function reach.distances(b, from, opening, limit)
  return dist_from(b, bits.of(b.bits, from), opening and true or false, limit)
end

-- ---- the path search ------------------------------------------------------------------
-- One search runs at a time, so its state lives in these upvalues instead of a closure.
-- DIRS[i]: the steps square i allows (flags 1, 2, 4, 8); step k goes to i + OFF[k].
local DIRS, OFF, ROW, COL, BURNT, BLOCK, VIS, T, TR, TC, W, nodes
local FLAG = { 1, 2, 4, 8 }
local QUICK = 64        -- quick-search steps before the exhaustive search takes over

-- Quick search: true when a path of exactly `left` more steps from a ends on T; false when
-- none does; nil when it gave up.
local function quick(a, left)
  nodes = nodes + 1
  if nodes > QUICK then return nil end
  local f = DIRS[a]
  if left == 1 then
    -- the last step must enter T (entering it earlier is no use)
    local d = T - a
    if d == W then return f & 4 ~= 0 end
    if d == -W then return f & 1 ~= 0 end
    if d == 1 then return f & 2 ~= 0 end
    if d == -1 then return f & 8 ~= 0 end
    return false
  end
  for k = 1, 4 do
    if f & FLAG[k] ~= 0 then
      local j = a + OFF[k]
      if j ~= T and not VIS[j] and not (BLOCK and BURNT[j]) then
        local dr, dc = ROW[j] - TR, COL[j] - TC
        if dr < 0 then dr = -dr end
        if dc < 0 then dc = -dc end
        if dr + dc < left then
          VIS[j] = true
          local found = quick(j, left - 1)
          VIS[j] = false
          if found ~= false then return found end   -- found, or gave up
        end
      end
    end
  end
  return false
end

-- Can T still be reached from a within `left` steps without entering a square already walked?
local MARK, QUEUE, DEPTH, stamp = {}, {}, {}, 0
local function open_way(a, left)
  stamp = stamp + 1
  MARK[a] = stamp
  QUEUE[1], DEPTH[1] = a, 0
  local head, n = 1, 1
  while head <= n do
    local x, d = QUEUE[head], DEPTH[head] + 1
    head = head + 1
    if d <= left then
      local f = DIRS[x]
      for k = 1, 4 do
        if f & FLAG[k] ~= 0 then
          local j = x + OFF[k]
          if j == T then return true end
          if MARK[j] ~= stamp and not VIS[j] and not (BLOCK and BURNT[j]) then
            MARK[j] = stamp
            n = n + 1
            QUEUE[n], DEPTH[n] = j, d
          end
        end
      end
    end
  end
  return false
end

-- Exhaustive search: every branch that can still reach T in time.
local function thorough(a, left)
  if not open_way(a, left) then return false end
  local f = DIRS[a]
  for k = 1, 4 do
    if f & FLAG[k] ~= 0 then
      local j = a + OFF[k]
      if not VIS[j] then
        if j == T then
          if left == 1 then return true end
        elseif left > 1 and not (BLOCK and BURNT[j]) then
          VIS[j] = true
          local found = thorough(j, left - 1)
          VIS[j] = false
          if found then return true end
        end
      end
    end
  end
  return false
end

-- Is there a path of exactly `steps` from square index s to t, no square twice?
local function path_exists(b, s, t, steps, opening)
  DIRS, OFF, ROW, COL, W = b.dirs[opening], b.offset, b.row, b.col, b.w
  BURNT, BLOCK, VIS = b.burnt, b.block_burnt, b.visiting
  if not VIS then
    VIS = {}
    for i = 1, b.size do VIS[i] = false end
    b.visiting = VIS
  end
  T, TR, TC = t, b.row[t], b.col[t]
  VIS[s] = true
  nodes = 0
  local found = quick(s, steps)
  if found == nil then found = thorough(s, steps) end
  VIS[s] = false
  return found
end

-- ---- Reach: the squares a move may end on -----------------------------------------------
local Reach = {}
Reach.__index = Reach

-- A slack-2 candidate t (at distance steps - 2) is reachable when a neighbour u of t lies one
-- step farther (ring d + 1) and another neighbour v of u at t's distance d: a shortest path to
-- v, then u, then t. That path never repeats a square: the shortest path holds one square of
-- each distance up to d, v the only one at d, and u is farther. Most candidates pass this test
-- at once, so the searches run far less often.
local function bump(b, out, nrings, t, d, opening)
  if d + 1 > nrings then return false end
  local L = b.bits
  local K, word, bit = L.K, L.word, L.bit
  local dirs, off = b.dirs[opening], b.offset
  local at_d, at_u = (d - 1) * K, d * K
  local ft = dirs[t]
  for k = 1, 4 do
    if ft & FLAG[k] ~= 0 then
      local u = t + off[k]
      if out[at_u + word[u]] & bit[u] ~= 0 then
        local fu = dirs[u]
        for k2 = 1, 4 do
          if fu & FLAG[k2] ~= 0 then
            local v = u + off[k2]
            if v ~= t and out[at_d + word[v]] & bit[v] ~= 0 then return true end
          end
        end
      end
    end
  end
  return false
end

-- A slack-4 candidate t (at distance steps - 4) is reachable in the same way with a longer
-- detour: a shortest path to v at t's distance d, then u1 (d + 1), u2 (d + 2), u3 (d + 1, not
-- u1) and t. The squares beyond d are all distinct and off the shortest path, so no square
-- repeats. Most slack-4 candidates pass this test, which saves their path search.
local function bump4(b, out, nrings, t, d, opening)
  if d + 2 > nrings then return false end
  local L = b.bits
  local K, word, bit = L.K, L.word, L.bit
  local dirs, off = b.dirs[opening], b.offset
  local at_d, at_1, at_2 = (d - 1) * K, d * K, (d + 1) * K
  local ft = dirs[t]
  for k3 = 1, 4 do
    if ft & FLAG[k3] ~= 0 then
      local u3 = t + off[k3]
      if out[at_1 + word[u3]] & bit[u3] ~= 0 then
        local f3 = dirs[u3]
        for k2 = 1, 4 do
          if f3 & FLAG[k2] ~= 0 then
            local u2 = u3 + off[k2]
            if out[at_2 + word[u2]] & bit[u2] ~= 0 then
              local f2 = dirs[u2]
              for k1 = 1, 4 do
                if f2 & FLAG[k1] ~= 0 then
                  local u1 = u2 + off[k1]
                  if u1 ~= u3 and out[at_1 + word[u1]] & bit[u1] ~= 0 then
                    local f1 = dirs[u1]
                    for k = 1, 4 do
                      if f1 & FLAG[k] ~= 0 then
                        local v = u1 + off[k]
                        if v ~= t and out[at_d + word[v]] & bit[v] ~= 0 then return true end
                      end
                    end
                  end
                end
              end
            end
          end
        end
      end
    end
  end
  return false
end

-- The destinations of a move of `steps` from `from` (a square), with or without OPENING.
-- Three sets of K words in one array `words` (see bits.lua): at 0 the candidates (right
-- distance and parity, not burnt), at K every square within the roll (where a piece with no
-- exact path may stop), at 2K the candidates at exactly the roll (surely reachable).
-- Reaches are kept for the square last asked about (the mover's: a move asks for up to five)
-- until a square burns; keeping more is seldom of use and costs memory.
function reach.reach(b, from, steps, opening)
  opening = opening and true or false
  local cache = b.graph_cache
  if cache.from ~= from.i then
    cache = { from = from.i }
    b.graph_cache = cache
  end
  local key = steps * 2 + (opening and 1 or 0)
  local r = cache[key]
  if r then return r end
  local L = b.bits
  local K = L.K
  local rkey = opening and -2 or -1
  local rg = cache[rkey]
  if not rg or (rg.n == rg.maxd and rg.maxd < steps) then
    local maxd = steps <= 6 and 2 * steps or steps   -- a die's roll, and its double with SPEED
    -- the mover's square as a set, in a table kept for the purpose
    local src, k = b.one, L.word[from.i]
    src[k] = L.bit[from.i]
    local out, n = rings(b, src, opening, maxd)
    src[k] = 0
    rg = { out = out, n = n, maxd = maxd }
    cache[rkey] = rg
  end
  local out, stop = rg.out, b.stoppable
  local words = {}
  for k = 1, 3 * K do words[k] = 0 end
  local top = steps < rg.n and steps or rg.n
  if K == 1 then
    local x = 0
    for d = 1, top do x = x | out[d] end
    words[2] = x
  else
    for d = 1, top do
      local at = (d - 1) * K
      for k = 1, K do words[K + k] = words[K + k] | out[at + k] end
    end
  end
  -- the grid is a chessboard: a square an even number of steps away has the mover's colour
  local colour = L.colour[(b.row[from.i] + b.col[from.i] + steps) % 2]
  for k = 1, K do
    local x = words[K + k] & stop[k]
    words[K + k], words[k] = x, x & colour[k]
    if top == steps then words[2 * K + k] = out[(steps - 1) * K + k] & stop[k] end
  end
  if b.up_to then
    -- any square within the roll, and every one surely reachable
    for k = 1, K do words[k], words[2 * K + k] = words[K + k], words[K + k] end
  end
  local none = true
  for k = 1, K do none = none and words[k] == 0 end
  -- ok and dead: the candidates checked and found reachable, or not, as sets (K words);
  -- fallback: no exact path anywhere, so the piece may stop anywhere within the roll
  r = setmetatable({ board = b, from = from.i, steps = steps, opening = opening, words = words,
    rings = out, nrings = rg.n, ok = false, dead = false, fallback = none, cands = false,
    squares = false }, Reach)
  cache[key] = r
  return r
end

-- The candidates' indices, in board order (built on first use).
function Reach:candidates()
  local c = self.cands
  if not c then
    c = bits.append(self.board.bits, self.words, 1, {})
    self.cands = c
  end
  return c
end

-- Is candidate index i the end of an exact path? (cached: the answers are the sets ok, those
-- found reachable, and dead, those found not)
function Reach:exact(i)
  local b = self.board
  local L = b.bits
  local K = L.K
  local k, bit = L.word[i], L.bit[i]
  local good, dead = self.ok, self.dead
  if good and good[k] & bit ~= 0 then return true end
  if dead and dead[k] & bit ~= 0 then return false end
  local steps, rings, nrings = self.steps, self.rings, self.nrings
  local ok = self.words[2 * K + k] & bit ~= 0
    or (steps > 2 and steps - 2 <= nrings and rings[(steps - 3) * K + k] & bit ~= 0
      and bump(b, rings, nrings, i, steps - 2, self.opening))
    or (steps > 4 and steps - 4 <= nrings and rings[(steps - 5) * K + k] & bit ~= 0
      and bump4(b, rings, nrings, i, steps - 4, self.opening))
    or path_exists(b, self.from, i, steps, self.opening)
  if ok then
    if not good then
      good = {}
      for j = 1, K do good[j] = 0 end
      self.ok = good
    end
    good[k] = good[k] | bit
  else
    if not dead then
      dead = {}
      for j = 1, K do dead[j] = 0 end
      self.dead = dead
    end
    dead[k] = dead[k] | bit
    local all = true
    for j = 1, K do all = all and self.words[j] & ~dead[j] == 0 end
    if all then self.fallback = true end
  end
  return ok
end

-- Does some exact path exist? If not, the piece may stop anywhere within the roll.
-- The farthest candidates are tried first: they have the least to spare, so are the quickest
-- to confirm (those at exactly the roll need nothing at all).
function Reach:exact_any()
  if self.fallback then return false end
  local L = self.board.bits
  local K, words, out = L.K, self.words, self.rings
  for k = 2 * K + 1, 3 * K do
    if words[k] ~= 0 then return true end
  end
  local span = L.span
  for d = self.steps - 2, 1, -2 do
    if d <= self.nrings then
      for k = 1, K do
        local x, base_i = out[(d - 1) * K + k] & words[k], (k - 1) * span + 1
        while x ~= 0 do
          local low = x & -x
          x = x ~ low
          if self:exact(base_i + LOG[low]) then return true end
        end
      end
    end
  end
  return false
end

-- The squares to consider: the first word of their set in self.words (a move ends on one of
-- them; unless fallback, each must still pass Reach:exact).
function Reach:pool_at()
  return self.fallback and self.board.bits.K + 1 or 1
end

-- May the move end on square index i?
function Reach:allows(i)
  local L = self.board.bits
  local k, bit = L.word[i], L.bit[i]
  if self.words[L.K + k] & bit == 0 then return false end
  if not self:exact_any() then return true end
  return self.words[k] & bit ~= 0 and self:exact(i)
end

function Reach:has(sq)
  return self:allows(sq.i)
end

-- Every square the move may end on, in board order (top row first).
function Reach:list()
  local out = self.squares
  if out then return out end
  out = {}
  local squares, L = self.board.squares, self.board.bits
  local exact = self:exact_any()
  local words, at, span, n = self.words, self:pool_at() - 1, L.span, 0
  for k = 1, L.K do
    local x, base_i = words[at + k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      local i = base_i + LOG[low]
      if not exact or self:exact(i) then
        n = n + 1
        out[n] = squares[i]
      end
    end
  end
  self.squares = out
  return out
end

-- The first square (in board order) of set (K words) the move may end on, or nil.
function Reach:find_in(set)
  local b = self.board
  local L = b.bits
  local exact = self:exact_any()
  local words, at, span = self.words, self:pool_at() - 1, L.span
  for k = 1, L.K do
    local x, base_i = words[at + k] & set[k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      local i = base_i + LOG[low]
      if not exact or self:exact(i) then return b.squares[i] end
    end
  end
  return nil
end

-- The first square (in board order) the move may end on that pred accepts, or nil.
function Reach:find(pred)
  local squares = self.board.squares
  local exact = self:exact_any()
  for _, i in ipairs(bits.append(self.board.bits, self.words, self:pool_at(), {})) do
    if pred(squares[i]) and (not exact or self:exact(i)) then return squares[i] end
  end
  return nil
end

return reach
