-- Where a piece can go: shortest step counts, and the squares a move of a given roll may end on.
--
-- An exact move walks the whole roll and never enters a square twice (its start included). The
-- grid is a chessboard, so a square can only end such a path if its shortest distance d is at
-- most the roll and of the roll's parity; these are the candidates. A candidate with d = roll
-- is surely reachable (a shortest path never repeats a square); most with d = roll - 2 or
-- roll - 4 are settled by a detour through the next rings out (Reach:slack_two, bump4, below:
-- the slack-2 ones all at once, with the sets). Any other is checked by a search for one
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

-- The same around the squares of set src.
function reach.rings_of(b, src, opening, maxd)
  return rings(b, src, opening, maxd)
end

-- Steps from the squares of set src, given its rings out (n of them): square index -> steps,
-- false when unreachable (or beyond the rings).
local function steps_in(b, src, out, n)
  local L = b.bits
  local K, span = L.K, L.span
  local falses = b.falses
  if not falses then
    falses = {}
    for i = 1, b.size do falses[i] = false end
    b.falses = falses
  end
  local dist = { unpack(falses) }
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
reach.steps_in = steps_in

-- Shortest step counts from a square, or from the nearest of a list of squares (walls unless
-- opening, burnt squares per the burnt option): square index -> steps, false when unreachable
-- (or farther than limit, if given).
function reach.distances(b, from, opening, limit)
  local src = bits.of(b.bits, from)
  local out, n = rings(b, src, opening and true or false, limit or b.size)
  return steps_in(b, src, out, n)
end

-- ---- the path search ------------------------------------------------------------------
-- One search runs at a time, so its state lives in these upvalues instead of a closure.
-- DIRS[i]: the steps square i allows (flags 1 up, 2 right, 4 down, 8 left; see Board.new).
-- NEXT: the same as lists (Board.new's next_to), four entries a square, ending at a 0.
local DIRS, NEXT, ROW, COL, BURNT, BLOCK, VIS, T, TR, TC, W, WORD, BIT, K, nodes
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
  local at = (a - 1) * 4
  for n = at + 1, at + 4 do
    local j = NEXT[n]
    if j == 0 then break end
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
  return false
end

-- Can T still be reached from a within `left` steps without entering a square already walked?
-- A breadth-first search over the bit sets (bits.lua) through the squares not walked yet: WALKED
-- holds the walked squares as bits, beside VIS.
local WALKED, OPEN, FROM, WAY = {}, {}, {}, {}
local PASS, LAYERS
local function open_way(a, left)
  for k = 1, K do OPEN[k], FROM[k] = PASS[k] & ~WALKED[k], 0 end
  FROM[WORD[a]] = BIT[a]
  local n = LAYERS(WAY, OPEN, FROM, left)
  local tk, tb = WORD[T], BIT[T]
  for d = 1, n do
    if WAY[(d - 1) * K + tk] & tb ~= 0 then return true end
  end
  return false
end

-- Exhaustive search: every branch that can still reach T in time.
local function thorough(a, left)
  if not open_way(a, left) then return false end
  local at = (a - 1) * 4
  for n = at + 1, at + 4 do
    local j = NEXT[n]
    if j == 0 then break end
    if not VIS[j] then
      if j == T then
        if left == 1 then return true end
      elseif left > 1 and not (BLOCK and BURNT[j]) then
        local jk, jb = WORD[j], BIT[j]
        VIS[j], WALKED[jk] = true, WALKED[jk] | jb
        local found = thorough(j, left - 1)
        VIS[j], WALKED[jk] = false, WALKED[jk] & ~jb
        if found then return true end
      end
    end
  end
  return false
end

-- Is there a path of exactly `steps` from square index s to t, no square twice?
local function path_exists(b, s, t, steps, opening)
  local L = b.bits
  DIRS, NEXT, ROW, COL, W, WORD, BIT, K = b.dirs[opening], b.next_to[opening], b.row, b.col, b.w, L.word, L.bit, L.K
  BURNT, BLOCK, VIS, PASS, LAYERS = b.burnt, b.block_burnt, b.visiting, b.pass, L[opening]
  if not VIS then
    VIS = {}
    for i = 1, b.size do VIS[i] = false end
    b.visiting = VIS
  end
  T, TR, TC = t, b.row[t], b.col[t]
  VIS[s] = true
  nodes = 0
  local found = quick(s, steps)
  if found == nil then
    for k = 1, K do WALKED[k] = 0 end
    WALKED[WORD[s]] = BIT[s]
    found = thorough(s, steps)
  end
  VIS[s] = false
  return found
end

-- ---- Reach: the squares a move may end on -----------------------------------------------
local Reach = {}
Reach.__index = Reach

-- A slack-2 candidate t (at distance d = steps - 2) is reachable when a neighbour u of t lies
-- one step farther (ring d + 1) and has another neighbour v at t's distance d: a shortest path
-- to v, then u, then t. That path never repeats a square: the shortest path holds one square
-- of each distance up to d, v the only one at d, and u is farther. Neighbours on the grid are
-- always one ring apart, so u qualifies when it has two neighbours in ring d (t one of them):
-- one vote over the rings settles every slack-2 candidate at once (Reach:slack_two).
local ONE, TWO = {}, {}     -- scratch sets

-- The slack-2 candidates that pass that test, as a set (made on first use).
function Reach:slack_two()
  local set = self.two
  if self.two_made then return set end
  self.two_made = true
  local L = self.board.bits
  local K, rings, d = L.K, self.rings, self.steps - 2
  if d < 1 or d + 1 > self.nrings then
    for k = 1, K do set[k] = 0 end
    return set
  end
  bits.neighbours(L, self.opening, rings, (d - 1) * K, ONE, TWO)
  for k = 1, K do TWO[k] = TWO[k] & rings[d * K + k] end         -- the squares u
  bits.neighbours(L, self.opening, TWO, 0, ONE)
  for k = 1, K do set[k] = ONE[k] & rings[(d - 1) * K + k] & self.words[k] end
  return set
end

-- A slack-4 candidate t (at distance steps - 4) is reachable in the same way with a longer
-- detour: a shortest path to v at t's distance d, then u1 (d + 1), u2 (d + 2), u3 (d + 1, not
-- u1) and t. The squares beyond d are all distinct and off the shortest path, so no square
-- repeats. Most slack-4 candidates pass this test, which saves their path search. (Found by
-- walking back from t: u3, u2, u1, then v.)
local function bump4(b, out, nrings, t, d, opening)
  if d + 2 > nrings then return false end
  local L = b.bits
  local K, word, bit = L.K, L.word, L.bit
  local next_to = b.next_to[opening]
  local at_d, at_1, at_2 = (d - 1) * K, d * K, (d + 1) * K
  for n3 = (t - 1) * 4 + 1, t * 4 do
    local u3 = next_to[n3]
    if u3 == 0 then break end
    if out[at_1 + word[u3]] & bit[u3] ~= 0 then
      for n2 = (u3 - 1) * 4 + 1, u3 * 4 do
        local u2 = next_to[n2]
        if u2 == 0 then break end
        if out[at_2 + word[u2]] & bit[u2] ~= 0 then
          for n1 = (u2 - 1) * 4 + 1, u2 * 4 do
            local u1 = next_to[n1]
            if u1 == 0 then break end
            if u1 ~= u3 and out[at_1 + word[u1]] & bit[u1] ~= 0 then
              for n = (u1 - 1) * 4 + 1, u1 * 4 do
                local v = next_to[n]
                if v == 0 then break end
                if v ~= t and out[at_d + word[v]] & bit[v] ~= 0 then return true end
              end
            end
          end
        end
      end
    end
  end
  return false
end

-- A Reach for moves of `steps`, with or without OPENING, filled by reach.reach.
-- ok and dead: the candidates checked and found reachable, or not, as sets; two: those that
-- pass the slack-2 test; fallback: no exact path anywhere, so the piece may stop anywhere
-- within the roll.
local function new_reach(b, steps, opening)
  local L = b.bits
  return setmetatable({ board = b, from = false, stamp = 0, steps = steps, opening = opening,
    words = bits.zeros(3 * L.K), rings = false, nrings = 0, ok = bits.none(L), dead = bits.none(L),
    two = bits.none(L), two_made = false, fallback = false, cands = false, squares = false }, Reach)
end

local MOST = 12   -- the most steps of a move: a die's 6, doubled by SPEED

-- What a board keeps for the moves of the piece about to move: per opening, the rings around
-- its square (refilled when another square, a burn or a longer roll needs others; stamp counts
-- the fillings), and per roll and opening a Reach, valid while made from the current rings.
-- All are made with the board, before the game's first die (so a simulation makes them once),
-- and refilled, so a turn allocates nothing here.
function reach.prepare(b)
  local m = { reaches = {} }
  for _, o in ipairs({ false, true }) do
    -- room for 16 rings, so they are not grown ring by ring
    m[o] = { from = false, version = -1, n = 0, maxd = 0, stamp = 0, out = bits.zeros(16 * b.bits.K) }
    for steps = 1, MOST do m.reaches[steps * 2 + (o and 1 or 0)] = new_reach(b, steps, o) end
  end
  b.mover = m
end

local function mover(b, fi, opening, steps, longest)
  local m = b.mover
  local rg = m[opening]
  if rg.from ~= fi or rg.version ~= b.version or (rg.n == rg.maxd and rg.maxd < steps) then
    -- the rings as far as the move may go: `longest` if given, else a die's roll doubled by SPEED
    local maxd = longest or (steps <= 6 and 2 * steps or steps)
    if maxd < steps then maxd = steps end
    local L = b.bits
    local src, k = b.one, L.word[fi]
    src[k] = L.bit[fi]
    rg.n = L[opening](rg.out, b.pass, src, maxd)
    src[k] = 0
    rg.from, rg.version, rg.maxd, rg.stamp = fi, b.version, maxd, rg.stamp + 1
  end
  return rg, m.reaches
end

-- The destinations of a move of `steps` from `from` (a square), with or without OPENING.
-- Three sets of K words in one array `words` (see bits.lua): at 0 the candidates (right
-- distance and parity, not burnt), at K every square within the roll (where a piece with no
-- exact path may stop), at 2K the candidates at exactly the roll (surely reachable). A Reach
-- is good until the next move is asked about. `longest` (optional): the most steps this move
-- may still ask about from this square (the roll, or its double when SPEED can be paid), so
-- the rings are not searched farther.
function reach.reach(b, from, steps, opening, longest)
  opening = opening and true or false
  local fi = from.i
  local rg, reaches = mover(b, fi, opening, steps, longest)
  local key = steps * 2 + (opening and 1 or 0)
  local r = reaches[key]
  if r and r.from == fi and r.stamp == rg.stamp then return r end
  local L = b.bits
  local K = L.K
  if not r then   -- (more steps than a die and SPEED give)
    r = new_reach(b, steps, opening)
    reaches[key] = r
  end
  r.from, r.stamp, r.rings, r.nrings = fi, rg.stamp, rg.out, rg.n
  r.two_made, r.cands, r.squares = false, false, false
  local out, stop, words, ok, dead = rg.out, b.stoppable, r.words, r.ok, r.dead
  local top = steps < rg.n and steps or rg.n
  -- the grid is a chessboard: a square an even number of steps away has the mover's colour
  local colour = L.colour[(b.row[fi] + b.col[fi] + steps) % 2]
  local none, up_to = true, b.up_to
  for k = 1, K do
    local within = 0
    for d = k, (top - 1) * K + k, K do within = within | out[d] end
    within = within & stop[k]
    local exact = top == steps and out[(steps - 1) * K + k] & stop[k] or 0
    local cands = within & colour[k]
    if up_to then
      -- any square within the roll, and every one surely reachable
      cands, exact = within, within
    end
    words[k], words[K + k], words[2 * K + k] = cands, within, exact
    ok[k], dead[k] = 0, 0
    none = none and cands == 0
  end
  r.fallback = none
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
-- Does candidate index i (word k, bit) pass a test that needs no path search? (ring steps;
-- the slack-2 test; the slack-4 detour)
local function settled(self, i, k, bit)
  local K, steps, rings, nrings = self.board.bits.K, self.steps, self.rings, self.nrings
  if self.words[2 * K + k] & bit ~= 0 then return true end
  if steps > 2 and steps - 2 <= nrings and rings[(steps - 3) * K + k] & bit ~= 0 then
    return self:slack_two()[k] & bit ~= 0
  end
  return steps > 4 and steps - 4 <= nrings and rings[(steps - 5) * K + k] & bit ~= 0
    and bump4(self.board, rings, nrings, i, steps - 4, self.opening)
end

-- Is candidate index i the end of an exact path? (cached: the answers are the sets ok, those
-- found reachable, and dead, those found not)
function Reach:exact(i)
  local L = self.board.bits
  local k, bit = L.word[i], L.bit[i]
  local good, dead = self.ok, self.dead
  if good[k] & bit ~= 0 then return true end
  if dead[k] & bit ~= 0 then return false end
  local ok = settled(self, i, k, bit) or path_exists(self.board, self.from, i, self.steps, self.opening)
  if ok then
    good[k] = good[k] | bit
  else
    dead[k] = dead[k] | bit
    local all, words = true, self.words
    for j = 1, L.K do all = all and words[j] & ~dead[j] == 0 end
    if all then self.fallback = true end
  end
  return ok
end

-- Does a candidate of ring d pass test(self, i, k, bit)?
local function any_in_ring(self, d, test)
  if d < 1 or d > self.nrings then return false end
  local L = self.board.bits
  local K, span, words, out = L.K, L.span, self.words, self.rings
  for k = 1, K do
    local x, base_i = out[(d - 1) * K + k] & words[k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      if test(self, base_i + LOG[low], k, low) then return true end
    end
  end
  return false
end

local function detour(self, i, k, bit)
  if not settled(self, i, k, bit) then return false end
  self.ok[k] = self.ok[k] | bit
  return true
end

local function searched(self, i)
  return self:exact(i)
end

-- Does some exact path exist? If not, the piece may stop anywhere within the roll.
-- Candidates that need no path search are tried first (those at exactly the roll need nothing
-- at all, the slack-2 ones are settled together, then the slack-4 detours); then the farthest
-- first: they have the least to spare, so are the quickest to confirm.
function Reach:exact_any()
  if self.fallback then return false end
  local K = self.board.bits.K
  local words, good, steps = self.words, self.ok, self.steps
  for k = 1, K do
    if words[2 * K + k] ~= 0 or good[k] ~= 0 then return true end
  end
  -- (the slack-2 vote costs two neighbour passes: only when nothing simpler answered)
  if steps > 2 then
    local two = self:slack_two()
    for k = 1, K do
      if two[k] ~= 0 then return true end
    end
  end
  -- a path of `steps` steps needs that many squares besides its start: when the rings end
  -- before the roll (they hold every square the piece can reach) with fewer, there is none
  local nrings, rings = self.nrings, self.rings
  if nrings < steps then
    local count = 0
    for w = 1, nrings * K do
      local x = rings[w]
      while x ~= 0 and count < steps do
        count = count + 1
        x = x & (x - 1)
      end
    end
    if count < steps then
      self.fallback = true
      return false
    end
  end
  if any_in_ring(self, steps - 4, detour) then return true end
  for d = steps - 2, 1, -2 do
    if any_in_ring(self, d, searched) then return true end
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

-- Every square the move may end on, in board order (top row first). The candidates at exactly
-- the roll and those that pass the slack-2 test are settled together, as sets; only the others
-- are asked one by one.
function Reach:list()
  local out = self.squares
  if out then return out end
  out = {}
  local squares, L = self.board.squares, self.board.bits
  local K = L.K
  local exact = self:exact_any()
  local words, at, span, n, good = self.words, self:pool_at() - 1, L.span, 0, self.ok
  if exact then
    local two = self.steps > 2 and self:slack_two()
    for k = 1, K do
      good[k] = good[k] | (words[k] & (words[2 * K + k] | (two and two[k] or 0)))
    end
  end
  for k = 1, K do
    local x, base_i = words[at + k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      local i = base_i + LOG[low]
      if not exact or good[k] & low ~= 0 or self:exact(i) then
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
