-- Where a piece can go: shortest step counts, and the squares a move of a given roll may end on.
--
-- An exact move walks the whole roll and never enters a square twice (its start included). The
-- grid is a chessboard, so a square can only end such a path if its shortest distance d is at
-- most the roll and of the roll's parity; these are the candidates. A candidate with d = roll
-- is surely reachable (a shortest path never repeats a square); those with d = roll - 2 are
-- settled exactly, all at once, with the sets (Reach:slack_two); most with d = roll - 4 by a
-- detour through the next rings out (bump4). Any other is checked by a search for one
-- path of exactly the roll that ends on it: first a quick depth-first search pruned by
-- straight-line distance, which almost always finds a path at once; only if that gives up, an
-- exhaustive one pruned by the true distance around the squares already walked, which settles
-- the rare squares that no path reaches. So the answer is exact, whatever the roll.
--
-- Distances come from the rings of bits.lua. A bot asks only about the squares it wants
-- (Reach:allows, Reach:exact), so most candidates are never searched. The endings of the
-- moves of a plain die's roll are tabled for every square before the game's first die
-- (reach.table_endings), and asked instead while no burnt square is in the way.
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
-- VIS: the squares a path may not enter, true for those walked and, when burnt squares stop
-- pieces, those burnt (board.closed: one test a step instead of two).
local DIRS, NEXT, ROW, COL, VIS, T, TR, TC, W, WORD, BIT, K, nodes
local QUICK = 64        -- quick-search steps before the exhaustive search takes over

-- Quick search: true when a path of exactly `left` more steps from a ends on T; false when
-- none does; nil when it gave up. (T is marked in VIS meanwhile: entering it before the last
-- step is no use, and the last step is checked on its own.)
local function quick(a, left)
  nodes = nodes + 1
  if nodes > QUICK then return nil end
  if left == 1 then
    -- the last step must enter T
    local d, f = T - a, DIRS[a]
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
    if not VIS[j] then
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
      elseif left > 1 then
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
  VIS, PASS, LAYERS = b.closed, b.pass, L[opening]
  T, TR, TC = t, b.row[t], b.col[t]
  local burnt = VIS[s]    -- (a piece may leave a burnt square)
  VIS[s] = true
  nodes = 0
  local at_t = VIS[t]
  VIS[t] = true
  local found = quick(s, steps)
  VIS[t] = at_t
  if found == nil then
    for k = 1, K do WALKED[k] = 0 end
    WALKED[WORD[s]] = BIT[s]
    found = thorough(s, steps)
  end
  VIS[s] = burnt
  return found
end

-- ---- Reach: the squares a move may end on -----------------------------------------------
local Reach = {}
Reach.__index = Reach

-- The slack-2 candidates (at distance d = steps - 2) are settled exactly, all at once, with the
-- sets. Neighbours on the grid always lie one ring apart, so a path of d + 2 steps to ring d
-- steps back towards the start exactly once: out to x (ring m), a bump to a (ring m + 1), back
-- to b (ring m, not x), then outwards ring by ring to t. Any such walk is a path: the squares
-- before the bump lie on rings 0 to m (x alone on ring m), those after b beyond m, and the
-- first of these (on ring m + 1) must only not be a. So, ring by ring:
--   BUMPS: squares of ring m + 1 with two neighbours on ring m (a, next to x and b);
--   B: squares of ring m next to a bump (b); B2: those next to two bumps (from them any step
--   out will do, since one of the two bumps is left);
--   ON: squares of ring m that such a path reaches going outwards after its bump: a step out
--   of ON or B2, or out of B onto a square that is no bump (so not a).
-- t is reachable when it is in ON or B of its own ring (t = b: the bump at the very end).
local ONE, TWO, BUMPS, B, B2, ON, NEXT_ON = {}, {}, {}, {}, {}, {}, {}     -- scratch sets

-- The slack-2 endings of every ring d = 1 .. dmax at once, into sets[(d - 1) * K + 1 ..]
-- (every square of ring d with such a path; a move of d + 2 steps may end there).
-- One word: the neighbour votes written out.
local function slack_two_one_word(L, opening, rings, nrings, dmax, sets)
  local m = L.masks[opening]
  local right, left, down, up, w = m.right[1], m.left[1], m.down[1], m.up[1], L.w
  local on = 0
  for r = 1, dmax < nrings and dmax or nrings do
    local ring = rings[r]
    local bumps = 0
    if r < nrings then
      local c = ring
      local a, b, e, f = (c & right) << 1, (c & left) >> 1, (c & down) << w, (c & up) >> w
      bumps = ((a & b) | (e & f) | ((a | b) & (e | f))) & rings[r + 1]
    end
    local c = bumps
    local a, b, e, f = (c & right) << 1, (c & left) >> 1, (c & down) << w, (c & up) >> w
    local near = (a | b | e | f) & ring                                 -- B
    sets[r] = on | near
    local twice = ((a & b) | (e & f) | ((a | b) & (e | f))) & ring      -- B2
    c = on | twice
    local out = ((c & right) << 1) | ((c & left) >> 1) | ((c & down) << w) | ((c & up) >> w)
    c = near
    out = out | ((((c & right) << 1) | ((c & left) >> 1) | ((c & down) << w) | ((c & up) >> w)) & ~bumps)
    on = out & (r < nrings and rings[r + 1] or 0)
  end
end

local function slack_two_sets(L, opening, rings, nrings, dmax, sets)
  local K = L.K
  if K == 1 then return slack_two_one_word(L, opening, rings, nrings, dmax, sets) end
  local neighbours = bits.neighbours
  for k = 1, K do ON[k] = 0 end
  for m = 1, dmax < nrings and dmax or nrings do
    local here, out = (m - 1) * K, m * K       -- rings m and m + 1
    if m < nrings then
      neighbours(L, opening, rings, here, ONE, TWO)
      for k = 1, K do BUMPS[k] = TWO[k] & rings[out + k] end
    else
      for k = 1, K do BUMPS[k] = 0 end         -- no ring m + 1
    end
    neighbours(L, opening, BUMPS, 0, ONE, TWO)
    for k = 1, K do
      local ring = rings[here + k]
      B[k], B2[k] = ONE[k] & ring, TWO[k] & ring
      sets[here + k] = ON[k] | B[k]
      ON[k] = ON[k] | B2[k]
    end
    -- ON for ring m + 1
    if m < nrings then
      neighbours(L, opening, ON, 0, NEXT_ON)
      neighbours(L, opening, B, 0, ONE)
      for k = 1, K do
        local ring = rings[out + k]
        ON[k] = (NEXT_ON[k] & ring) | (ONE[k] & ring & ~BUMPS[k])
      end
    end
  end
end

-- The slack-2 candidates that have such a path, as a set (made on first use); the others are
-- marked dead.
local TWOS = {}     -- scratch: the sets of each ring
local function slack_two(self)
  local set = self.two
  if self.two_made then return set end
  self.two_made = true
  local L = self.board.bits
  local K, rings, nrings, d = L.K, self.rings, self.nrings, self.steps - 2
  for k = 1, K do set[k] = 0 end
  if d < 1 or d > nrings then return set end
  if K == 1 then    -- (without slack_two_sets' call on the way)
    slack_two_one_word(L, self.opening, rings, nrings, d, TWOS)
  else
    slack_two_sets(L, self.opening, rings, nrings, d, TWOS)
  end
  local words, dead, at = self.words, self.dead, (d - 1) * K
  for k = 1, K do
    local ring = rings[at + k] & words[k]
    set[k] = TWOS[at + k] & ring
    dead[k] = dead[k] | (ring & ~set[k])
  end
  return set
end
Reach.slack_two = slack_two

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
-- pass the slack-2 test; some: an exact path is known to exist; fallback: no exact path
-- anywhere, so the piece may stop anywhere within the roll. rings: the mover's rings for its
-- opening (always the same table, refilled: reach.reach need not set it).
local function new_reach(b, steps, opening)
  local L = b.bits
  return setmetatable({ board = b, from = false, stamp = 0, steps = steps, opening = opening,
    words = bits.zeros(3 * L.K), rings = b.mover[opening].out, nrings = 0, ok = bits.none(L),
    dead = bits.none(L), two = bits.none(L), two_made = false, some = false, fallback = false,
    cands = false, squares = false }, Reach)
end

local MOST = 12   -- the most steps of a move: a die's 6, doubled by SPEED

-- What a board keeps for the moves of the piece about to move: per opening, the rings around
-- its square (refilled when another square, a burn or a longer roll needs others; stamp counts
-- the fillings), and per roll and opening a Reach, valid while made from the current rings.
-- All are made with the board, before the game's first die (so a simulation makes them once),
-- and refilled, so a turn allocates nothing here. (Only for the rolls a move can have: a die's
-- 1 to 6, or an even number up to 12 when SPEED doubles it; every game copies them.)
function reach.prepare(b)
  local m = { reaches = {}, K = b.bits.K }    -- (K: words a set, read by every move)
  b.mover = m
  for _, o in ipairs({ false, true }) do
    -- room for 16 rings, so they are not grown ring by ring
    m[o] = { from = false, version = -1, n = 0, maxd = 0, stamp = 0, out = bits.zeros(16 * b.bits.K) }
    for steps = 1, MOST do
      if steps <= 6 or steps % 2 == 0 then m.reaches[steps * 2 + (o and 1 or 0)] = new_reach(b, steps, o) end
    end
  end
  if not b.up_to then reach.table_endings(b) end
end

-- The endings of every move of up to TABLED steps from every square, with and without OPENING,
-- on the board as printed (no square burnt), worked out once before the game's first die:
-- b.endings holds, for opening o (0 or 1), steps n and square index i, the set of squares
-- (K words) where an exact path ends, from word ((o * TABLED + n - 1) * size + i - 1) * K + 1.
-- A move asks this table instead of searching while no square has burnt, at any time with
-- burnt=cross, where burnt squares can still be crossed (the move must not end on one), and
-- after a burn that lies farther away than the move could go (unburnt_around, below). (Only
-- up to a plain die's roll: longer moves come with SPEED, rarer, and would cost much more to
-- table; not with move=up-to, whose moves need no path.)
local TABLED = 6
local RINGS = {}    -- scratch
function reach.table_endings(b)
  local L = b.bits
  local K, span, src, word, bit = L.K, L.span, b.one, L.word, L.bit
  local endings, n = {}, 0
  for _, opening in ipairs({ false, true }) do
    local layers = L[opening]
    for steps = 1, TABLED do
      for from = 1, b.size do
        local at = n + ((steps - 1) * b.size + from - 1) * K
        for k = 1, K do endings[at + k] = 0 end
      end
    end
    for from = 1, b.size do
      src[word[from]] = bit[from]
      local nrings = layers(RINGS, b.pass, src, TABLED)
      src[word[from]] = 0
      slack_two_sets(L, opening, RINGS, nrings, TABLED - 2, TWOS)
      for steps = 1, TABLED do
        local at = n + ((steps - 1) * b.size + from - 1) * K
        for k = 1, K do
          local set = 0
          local d = steps
          if d <= nrings then set = RINGS[(d - 1) * K + k] end      -- at exactly the roll
          d = steps - 2
          if d >= 1 and d <= nrings then set = set | TWOS[(d - 1) * K + k] end
          -- slack 4: a path from t back to the start, if t comes first (the table has it
          -- already), else the detour, else a search (no square of a roll up to 6 has more
          -- slack: it would be the start itself)
          d = steps - 4
          if d >= 1 and d <= nrings then
            local x, base_i = RINGS[(d - 1) * K + k], (k - 1) * span + 1
            local back = n + (steps - 1) * b.size * K + word[from]
            while x ~= 0 do
              local low = x & -x
              x = x ~ low
              local t = base_i + LOG[low]
              if t < from then
                if endings[back + (t - 1) * K] & bit[from] ~= 0 then set = set | low end
              elseif bump4(b, RINGS, nrings, t, d, opening) or path_exists(b, from, t, steps, opening) then
                set = set | low
              end
            end
          end
          endings[at + k] = set
        end
      end
    end
    n = n + TABLED * b.size * K
  end
  b.endings = endings
end

-- Has no square burnt within steps - 1 of the moving piece's square, counted on the board as
-- printed? A path of `steps` passes only there before its end, so the table's endings still
-- hold (less those burnt). Those squares are the table's endings of 1 to steps - 1 steps from
-- the piece: the sets at words first, first + stride, ... before the move's own, at `last`.
-- (reach.reach has it written out for boards of one word)
local function unburnt_around(endings, pass, first, last, stride, K)
  for at = first, last - 1, stride do
    for k = 1, K do
      if endings[at + k] & ~pass[k] ~= 0 then return false end
    end
  end
  return true
end

-- What the moves read of the board they are asked about (BOARD), kept in upvalues: a field
-- read costs more than the one comparison a call. The tables kept are refilled in place, never
-- replaced (board.lua), so they are looked up again only when another board asks.
local BOARD, B_L, B_K, B_WORD, B_BIT, B_SIZE, B_ENDINGS, B_MOVER, B_REACHES, B_PASS, B_STOP
local B_BLOCK, B_UP_TO, B_ONE
local function use(b)
  local L = b.bits
  BOARD, B_L, B_K, B_WORD, B_BIT, B_SIZE = b, L, L.K, L.word, L.bit, b.size
  B_ENDINGS, B_MOVER, B_REACHES, B_PASS, B_STOP = b.endings, b.mover, b.mover.reaches, b.pass, b.stoppable
  B_BLOCK, B_UP_TO, B_ONE = b.block_burnt, b.up_to, b.one
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
  if b ~= BOARD then use(b) end
  local fi, K, endings, version = from.i, B_K, B_ENDINGS, b.version
  if endings and steps <= TABLED then
    local first = ((opening and TABLED or 0) * B_SIZE + fi - 1) * K
    local stride = B_SIZE * K
    local at = first + (steps - 1) * stride     -- (the endings of 1 step from fi are at first)
    local clear = version == 0 or not B_BLOCK
    if clear then
      -- the board as printed
    elseif K == 1 then
      local burnt = ~B_PASS[1]
      clear = true
      for w = first + 1, at, stride do
        if endings[w] & burnt ~= 0 then
          clear = false
          break
        end
      end
    else
      clear = unburnt_around(endings, B_PASS, first, at, stride, K)
    end
    if clear then
      -- from the table, unless it leaves no square (then the piece may stop anywhere within
      -- the roll, which the rings below give)
      local r = B_REACHES[steps * 2 + (opening and 1 or 0)]
      local words, ok, dead, stop, any = r.words, r.ok, r.dead, B_STOP, 0
      if K == 1 then
        any = endings[at + 1] & stop[1]
        words[1], words[2], words[3], ok[1], dead[1] = any, any, any, any, 0
      else
        for k = 1, K do
          local x = endings[at + k] & stop[k]
          words[k], words[K + k], words[2 * K + k], ok[k], dead[k] = x, x, x, x, 0
          any = any | x
        end
      end
      if any ~= 0 then
        r.from, r.cands, r.squares = fi, false, false
        -- stamp -1: filled from the table, where some, fallback, two_made and two never
        -- change, so they are set only after the rings filled it
        if r.stamp ~= -1 then
          r.stamp, r.some, r.fallback, r.two_made = -1, true, false, true
          local two = r.two
          for k = 1, K do two[k] = 0 end
        end
        return r
      end
      r.from = false   -- its sets are spent: the rings below must fill them again
    end
  end
  -- the rings around the piece's square, unless those kept will do: the same square and
  -- board, and far enough (as far as the move may go: `longest` if given, else a die's roll
  -- doubled by SPEED)
  local rg = B_MOVER[opening]
  if rg.from ~= fi or rg.version ~= version or (rg.n == rg.maxd and rg.maxd < steps) then
    local maxd = longest or (steps <= 6 and 2 * steps or steps)
    if maxd < steps then maxd = steps end
    local src, k = B_ONE, B_WORD[fi]
    src[k] = B_BIT[fi]
    rg.n = B_L[opening](rg.out, B_PASS, src, maxd)
    src[k] = 0
    rg.from, rg.version, rg.maxd, rg.stamp = fi, version, maxd, rg.stamp + 1
  end
  local key = steps * 2 + (opening and 1 or 0)
  local r, stamp = B_REACHES[key], rg.stamp
  if r and r.from == fi and r.stamp == stamp then return r end
  if not r then   -- (more steps than a die and SPEED give)
    r = new_reach(b, steps, opening)
    B_REACHES[key] = r
  end
  -- (r.rings is rg.out from the start: new_reach)
  local out, n = rg.out, rg.n
  r.from, r.stamp, r.nrings = fi, stamp, n
  r.some, r.two_made, r.cands, r.squares = false, false, false, false
  local stop, words, ok, dead = B_STOP, r.words, r.ok, r.dead
  local top = steps < n and steps or n
  -- the grid is a chessboard: a square an even number of steps away has the mover's colour
  local colour = B_L.colour[(from.r + from.c + steps) % 2]
  local none, up_to = true, B_UP_TO
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
-- Most are settled without a path search: true at exactly the roll, or slack 2 with a path, or
-- the slack-4 detour; false with no path on the board as printed (the table), or slack 2
-- without a path. With settled_only (exact_any's detour pass), one not settled true answers
-- false and is kept in neither set.
-- (Reach's methods call one another as local functions: cheaper than through the metatable)
local function exact(self, i, settled_only)
  local b = self.board
  if b ~= BOARD then use(b) end
  local k, bit = B_WORD[i], B_BIT[i]
  local good, dead = self.ok, self.dead
  if good[k] & bit ~= 0 then return true end
  if dead[k] & bit ~= 0 then return false end
  local K, steps, words = B_K, self.steps, self.words
  local rings, nrings, endings, ok = self.rings, self.nrings, B_ENDINGS, nil
  if words[2 * K + k] & bit ~= 0 then
    ok = true
  elseif endings and steps <= TABLED
    and endings[(((self.opening and TABLED or 0) + steps - 1) * B_SIZE + self.from - 1) * K + k] & bit == 0 then
    ok = false    -- a path now was a path on the board as printed: the table has none
  elseif steps > 2 and steps - 2 <= nrings and rings[(steps - 3) * K + k] & bit ~= 0 then
    ok = slack_two(self)[k] & bit ~= 0
  elseif steps > 4 and steps - 4 <= nrings and rings[(steps - 5) * K + k] & bit ~= 0
    and bump4(b, rings, nrings, i, steps - 4, self.opening) then
    ok = true
  end
  if not ok then
    if settled_only then return false end
    if ok == nil then ok = path_exists(b, self.from, i, steps, self.opening) end
  end
  if ok then
    good[k] = good[k] | bit
  else
    dead[k] = dead[k] | bit
    local all = true
    for j = 1, K do all = all and words[j] & ~dead[j] == 0 end
    if all then self.fallback = true end
  end
  return ok
end
Reach.exact = exact

-- Does a candidate of ring d pass test(self, i)?
local function any_in_ring(self, d, test)
  if d < 1 or d > self.nrings then return false end
  local L = self.board.bits
  local K, span, words, out = L.K, L.span, self.words, self.rings
  for k = 1, K do
    local x, base_i = out[(d - 1) * K + k] & words[k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      if test(self, base_i + LOG[low]) then return true end
    end
  end
  return false
end

local function detour(self, i)
  return exact(self, i, true)
end

local function searched(self, i)
  return exact(self, i)
end

-- Does some exact path exist? If not, the piece may stop anywhere within the roll. The answer
-- is kept (the labels found and none, at the end): some, an exact path is known; fallback,
-- there is none.
-- Candidates that need no path search are tried first (those at exactly the roll need nothing
-- at all, the slack-2 ones are settled together, then the slack-4 detours); then the farthest
-- first: they have the least to spare, so are the quickest to confirm.
local function exact_any(self)
  if self.some then return true end
  if self.fallback then return false end
  do
    local K = self.board.bits.K
    local words, good, steps = self.words, self.ok, self.steps
    for k = 1, K do
      if words[2 * K + k] ~= 0 or good[k] ~= 0 then goto found end
    end
    -- A path of `steps` steps needs that many squares besides its start, and its colours
    -- alternate (the board is a chessboard): (steps + 1) // 2 squares at an odd distance (its
    -- 1st, 3rd, ... step) and steps // 2 at an even one. When the rings end before the roll
    -- (they hold every square the piece can reach) with fewer of either, there is none, with
    -- no search. (First: a boxed-in piece is the usual reason for no square at exactly the roll.)
    local nrings, rings = self.nrings, self.rings
    if nrings < steps then
      local odd, even = (steps + 1) // 2, steps // 2     -- still to find
      for k = 1, K do
        -- (the rings are disjoint: the squares of the odd ones, or the even ones, count at once)
        local x, y = 0, 0
        for w = k, (nrings - 1) * K + k, 2 * K do x = x | rings[w] end
        for w = K + k, (nrings - 1) * K + k, 2 * K do y = y | rings[w] end
        -- (a square found takes one off: at most the roll's steps are counted, with no call)
        while x ~= 0 and odd > 0 do x, odd = x & (x - 1), odd - 1 end
        while y ~= 0 and even > 0 do y, even = y & (y - 1), even - 1 end
      end
      if odd > 0 or even > 0 then goto none end
    end
    -- (the slack-2 sets cost some neighbour passes a ring: only when nothing simpler answered)
    if steps > 2 then
      local two = slack_two(self)
      for k = 1, K do
        if two[k] ~= 0 then goto found end
      end
    end
    -- (the slack-2 candidates are all settled by now)
    if any_in_ring(self, steps - 4, detour) then goto found end
    for d = steps - 4, 1, -2 do
      if any_in_ring(self, d, searched) then goto found end
    end
  end
  ::none::
  self.fallback = true
  do return false end
  ::found::
  self.some = true
  return true
end
Reach.exact_any = exact_any

-- The squares to consider: the first word of their set in self.words (a move ends on one of
-- them; unless fallback, each must still pass Reach:exact).
function Reach:pool_at()
  return self.fallback and self.board.bits.K + 1 or 1
end

-- May the move end on square index i? (A square already found reachable answers at once: the
-- move's own check of the square a bot chose.)
local function allows(self, i)
  local b = self.board
  if b ~= BOARD then use(b) end
  local k, bit = B_WORD[i], B_BIT[i]
  if self.ok[k] & bit ~= 0 then return true end
  local words = self.words
  if words[B_K + k] & bit == 0 then return false end
  if not exact_any(self) then return true end
  return words[k] & bit ~= 0 and exact(self, i)
end
Reach.allows = allows

-- Is there no square at all the move may end on (a boxed-in piece)? (The squares within the
-- roll: with none of them, no exact path either.)
function Reach:none()
  local words, K = self.words, self.board.bits.K
  for k = K + 1, 2 * K do
    if words[k] ~= 0 then return false end
  end
  return true
end

function Reach:has(sq)
  return allows(self, sq.i)
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
  local some = exact_any(self)
  local words, at, span, n, good = self.words, self.fallback and K or 0, L.span, 0, self.ok
  if some then
    local two = self.steps > 2 and slack_two(self)
    for k = 1, K do
      good[k] = good[k] | (words[k] & (words[2 * K + k] | (two and two[k] or 0)))
    end
  end
  for k = 1, K do
    -- (g may miss the squares exact finds reachable below: each is asked once, in order)
    local x, base_i, g = words[at + k], (k - 1) * span + 1, good[k]
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      local i = base_i + LOG[low]
      if not some or g & low ~= 0 or exact(self, i) then
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
  local some = exact_any(self)
  local words, at, span = self.words, self.fallback and L.K or 0, L.span
  for k = 1, L.K do
    local x, base_i = words[at + k] & set[k], (k - 1) * span + 1
    while x ~= 0 do
      local low = x & -x
      x = x ~ low
      local i = base_i + LOG[low]
      if not some or exact(self, i) then return b.squares[i] end
    end
  end
  return nil
end

-- The first square (in board order) the move may end on that pred accepts, or nil.
function Reach:find(pred)
  local squares = self.board.squares
  local some = exact_any(self)
  for _, i in ipairs(bits.append(self.board.bits, self.words, self:pool_at(), {})) do
    if pred(squares[i]) and (not some or exact(self, i)) then return squares[i] end
  end
  return nil
end

return reach
