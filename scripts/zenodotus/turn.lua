-- A seat's turn: the fire's move, the move roll with LUCK, SPEED and OPENING, the landing
-- (text or power square), STEALTH, and TIME's extra turn.
local phrase = require "phrase"
local powers = require "powers"
local fire_move = require("fire").move
local reach_from = require("reach").reach
local outlook = require("scoring").outlook
local turn = {}
-- the host's functions, looked up once
local say, record, roll_die, show = ui.say, game.record, random.roll, ui.show
-- (whether a seat can pay for a power, points >= COST, is written out where a turn asks it)
local COST = powers.COST
-- the fields of the events of every move, refilled for each record (the host copies them)
local MOVED = { seat = 0, from = "", to = "", steps = 0 }
local CLAIMED = { seat = 0, square = "", text = "" }

-- The power choices for a move, in the order offered: {id, label, speed, opening}; a combo's
-- paid is how many of SPEED and OPENING it pays for (a strategy's cost of the choice).
local CHOICES = {
  { id = "none", label = "No power", speed = false, opening = false },
  { id = "speed", label = "SPEED", speed = true, opening = false },
  { id = "opening", label = "OPENING", speed = false, opening = true },
  { id = "speed+opening", label = "SPEED and OPENING", speed = true, opening = true },
}
-- the label of a choice when OPENING is already paid this turn (for a theft across a wall
-- before the move): the walls are open whichever is chosen, so no choice pays OPENING again
for _, c in ipairs(CHOICES) do c.label_on = c.label .. ", OPENING already on" end

-- A combo's squares (combo.reach) are worked out only when someone reads them, and its full
-- list of destinations (combo.dests) only when someone reads that: a bot often settles its
-- move before looking at the dearer power choices, and one that asks combo.reach about the
-- squares it wants never needs the list. The list is kept by the reach (Reach:list), not the
-- combo, so a move has no combo.dests to clear.
-- the move the combos are for: its board, square and longest roll (upvalues, set by move)
local mover_board, mover_pos, mover_longest

-- A combo's reach, worked out and kept as combo.reach. Reading combo.reach comes here through
-- the metamethod; the strategies that weigh every combo (base.best_move, random) call it
-- directly, which saves the metamethod's call. (A reach asked again gives the same squares.)
function turn.reach_of(combo)
  local r = reach_from(mover_board, mover_pos, combo.steps, combo.walls_open, mover_longest)
  combo.reach = r     -- (no __newindex: a plain assignment, cheaper than rawset)
  return r
end
local reach_of = turn.reach_of

local lazy = { __index = function(combo, k)
  if k == "reach" then
    return reach_of(combo)
  elseif k == "dests" then
    return combo.reach:list()
  end
end }

-- The combos are made once a game and refilled each move (good until the next move): one
-- table per power choice, for a turn with OPENING already paid or not (walls_open: OPENING
-- chosen or already paid); and the list of the choices a seat can afford, for each state of
-- its powers: OFFERS[speed][opening], speed true when SPEED can be paid, opening 1 when
-- OPENING cannot be paid, 2 when it can, 3 when it is already paid.
local function make_combo(c, already)
  return setmetatable({ id = c.id, label = already and c.label_on or c.label, speed = c.speed, opening = c.opening,
    paid = (c.speed and 1 or 0) + (c.opening and 1 or 0), steps = 0, walls_open = c.opening or already }, lazy)
end
local OFFERS = { [false] = {}, [true] = {} }
local COMBOS = { [false] = {}, [true] = {} }   -- by OPENING already paid
for n, c in ipairs(CHOICES) do
  COMBOS[false][n], COMBOS[true][n] = make_combo(c, false), make_combo(c, true)
end
for opening = 1, 3 do
  local combo = COMBOS[opening == 3]
  for _, speed in ipairs({ false, true }) do
    local list = {}
    for n, c in ipairs(CHOICES) do
      if (not c.speed or speed) and (not c.opening or opening == 2) then list[#list + 1] = combo[n] end
    end
    OFFERS[speed][opening] = list
  end
end

-- "step" after 1, else "steps" (a constant, so narration stays unbuilt when nobody reads it)
local function step_word(n) return n == 1 and "step" or "steps" end
turn.step_word = step_word

-- May the move stop short of its steps? Always with move=up-to; with exact moves, when no square
-- lies at exactly the roll (ruling 2). (Asked once the combo's reach knows: after its list, or
-- after it allowed a square.)
local function stops_short(G, combo)
  return G.board.up_to or combo.reach.fallback
end
turn.stops_short = stops_short

-- Is a power choice barred? Ruling 2's fallback (no square at exactly the move's steps: stop
-- anywhere within them) is for a piece that cannot walk its roll. A dearer choice (SPEED
-- doubling the roll) that fits nowhere while the roll with no power does would buy that
-- fallback, a way out of the exact move: it is not a move (ruling 7). combos[1] is the choice
-- of no power.
function turn.barred(combos, combo)
  if combo == combos[1] or combo.paid == 0 then return false end
  return not reach_of(combo):exact_any() and reach_of(combos[1]):exact_any()
end

-- Can no roll move the piece? With burnt squares blocking, a power choice reaches no square
-- only when nothing next to the piece can be entered (ruling 2 lets a piece with no square at
-- exactly its roll stop within it), whatever the roll: then LUCK on the move die is no use.
-- combos: the power choices the seat can pay for (SPEED adds nothing to it; OPENING may).
function turn.stuck(G, combos)
  if not G.board.block_burnt then return false end   -- (a longer roll may cross burnt squares)
  for n = 1, #combos do
    if not combos[n].reach:none() then return false end
  end
  return true
end

-- The power choice of the move is paid for once, when the seat moves with it: a human pays on
-- choosing it, before the square is asked (so the board it may show has the points as spent),
-- the turn pays for a bot's with its square. A choice that leaves no square is not paid for.
local paid     -- the choice paid for in this move
function turn.pay(seat, combo)
  if paid == combo then return end
  paid = combo
  if combo.speed then powers.spend(seat, "speed", ": %d steps", combo.steps) end
  if combo.opening and not seat.opening then
    powers.spend(seat, "opening", ": walls do not stop it this turn")
    seat.opening = true
  end
end
local pay = turn.pay

local move = game.step("player move", function(G, seat)
  local roll = roll_die("move", 6)
  say("%s rolls %d to move.", seat.name, roll)
  local points, ctl = seat.points, seat.ctl
  local options
  while true do
    -- the power choices the seat can afford for this roll, each with its steps
    local speed_ok = points.speed >= COST
    options = OFFERS[speed_ok][seat.opening and 3 or points.opening >= COST and 2 or 1]
    local double = roll * 2
    mover_board, mover_pos, mover_longest = G.board, seat.pos, speed_ok and double or roll
    for n = 1, #options do
      local combo = options[n]
      combo.steps, combo.reach = combo.speed and double or roll, nil
    end
    -- LUCK re-rolls the move die as often as the seat pays for it; it is offered with the
    -- move of no power (whose reach is worked out only if the seat reads it)
    if not (points.luck >= COST and ctl.luck_move(G, seat, roll, options[1], options)) then break end
    powers.spend(seat, "luck", " to re-roll the move die")
    roll = roll_die("move", 6)
    say("%s re-rolls: %d.", seat.name, roll)
  end
  paid = nil
  local combo, dest = ctl.move(G, seat, roll, options)
  if not dest then
    say("%s cannot move.", seat.name)
    return nil
  end
  if not combo.reach:allows(dest.i) then
    error(string.format("%s chose %s, which it cannot reach", seat.name, tostring(dest.name)))
  end
  pay(seat, combo)
  local from, to, steps = seat.pos.name, dest.name, combo.steps
  MOVED.seat, MOVED.from, MOVED.to, MOVED.steps = seat.n, from, to, steps
  record("move", MOVED)
  -- (the steps are the roll, which a move that may stop short need not walk in full)
  if stops_short(G, combo) then
    say("%s moves from %s to %s (up to %d %s).", seat.name, from, to, steps, step_word(steps))
  else
    say("%s moves %d %s from %s to %s.", seat.name, steps, step_word(steps), from, to)
  end
  seat.pos = dest
  return dest
end)

local LEFT = { seat = 0, square = "" }
local nothing_follows     -- (defined below, with the theft and TIME tests it uses)
local landing = game.step("landing", function(G, seat, sq)
  if G.board:open_text(sq) then
    -- the last open text: its claim ends the game at once (ruling 12), so a player whom it
    -- would leave beaten may rather play on (ruling 5); any other claim only gains a text, and
    -- one that wins, or leaves a tie to the dice, is taken, so those are made unasked
    if G.board.open_texts == 1 then
      local outcome, rival = outlook(G, seat, 1)
      if outcome == "lose" and not nothing_follows(G, seat) and not seat.ctl.claim(G, seat, sq, rival) then
        LEFT.seat, LEFT.square = seat.n, sq.name
        record("unclaimed", LEFT)
        say("%s leaves the %s on %s unclaimed: the game goes on.", seat.name, sq.text, sq.name)
        return
      end
    end
    G.board:claim(sq, seat.n)
    seat.texts = seat.texts + 1
    CLAIMED.seat, CLAIMED.square, CLAIMED.text = seat.n, sq.name, sq.text
    record("claim", CLAIMED)
    say("%s claims the %s on %s (%s).", seat.name, sq.text, sq.name, phrase.plural(seat.texts, "text"))
  elseif sq.power then
    if seat.ctl.power_roll(G, seat, sq.power) then
      powers.square_roll(seat, sq.power)
    end
  end
end)

-- A theft: the seats a thief may rob are on its square or a neighbouring one (across a wall
-- only with OPENING). (Their list is made for the first: none for a move with no theft.)
local function targets_of(G, seat)
  local targets
  local board, seats, pos = G.board, G.seats, seat.pos
  for n = 1, #seats do
    local other = seats[n]
    local at = other.pos
    if other ~= seat and not other.retired and other.texts > 0 and at then
      local target
      if at == pos then
        target = { seat = other, across = false }
      elseif board:neighbours(pos, at) then
        if not board:wall(pos, at) then
          target = { seat = other, across = false }
        elseif seat.opening or seat.points.opening >= COST then
          target = { seat = other, across = not seat.opening }
        end
      end
      if target then
        if targets then targets[#targets + 1] = target else targets = { target } end
      end
    end
  end
  return targets
end
turn.targets_of = targets_of

-- One use of STEALTH against the target t.
local function steal(G, seat, t)
  local victim = t.seat
  if t.across then
    powers.spend(seat, "opening", " to reach across the wall")
    seat.opening = true
  end
  powers.spend(seat, "stealth", " against %s", victim.name)
  if victim.points.defense >= powers.COST and victim.ctl.block(G, victim, seat) then
    victim.points.defense = victim.points.defense - powers.COST
    powers.record_use(victim, "defense", victim.points.defense)
    record("theft", { thief = seat.n, victim = victim.n, blocked = true })
    local left = victim.points.defense
    say("%s blocks the theft with DEFENSE (%s left).", victim.name, phrase.plural(left, "point"))
    return
  end
  -- the victim's first claimed text changes hands
  local squares = G.board.squares
  for i = 1, #squares do
    local sq = squares[i]
    if sq.owner == victim.n then
      sq.owner = seat.n
      victim.texts = victim.texts - 1
      seat.texts = seat.texts + 1
      record("theft", { thief = seat.n, victim = victim.n, square = sq.name })
      say("%s steals the %s of %s from %s.", seat.name, sq.text, sq.name, victim.name)
      return
    end
  end
end

-- STEALTH may be used again and again in a turn, while its points pay for it (the text puts
-- no limit on how often a power is used, only on its points), before the move and after it
-- (before: true for the first). Returns true when it was used.
local theft = game.step("theft", function(G, seat, before)
  local used = false
  while seat.points.stealth >= COST do
    local targets = targets_of(G, seat)
    if not targets then return used end
    local t = seat.ctl.steal(G, seat, targets, before)
    if not t then return used end
    steal(G, seat, t)
    used = true
  end
  return used
end)

-- A new turn: walls stop the piece again (OPENING lasts for the turn it is paid in).
local function fresh(seat)
  seat.opening = false
end

-- Would a new turn's move find the piece boxed in, whatever its roll? With burnt squares
-- blocking, when every square next to it is burnt, or behind a wall it cannot pay OPENING for
-- (turn.stuck's test, asked before any roll: it does not depend on the roll).
local function boxed_in(G, seat)
  local b = G.board
  if not b.block_burnt then return false end
  local list, burnt, at = b.next_to[seat.points.opening >= COST], b.burnt, (seat.pos.i - 1) * 4
  for k = 1, 4 do
    local j = list[at + k]
    if j == 0 then break end
    if not burnt[j] then return false end
  end
  return true
end

-- Could leaving the last open text change the count? Not in the game's very last turn (after a
-- retirement, with no other seat's turn to come after this one) unless the seat can steal now
-- or pay TIME for another turn: the game ends with this turn anyway, one text short (ruling 5).
nothing_follows = function(G, seat)
  local last = G.last
  if not (last and last[seat.n] and G.last_left == 1) then return false end
  if seat.points.stealth >= COST and targets_of(G, seat) then return false end
  return seat.points.time < COST or boxed_in(G, seat)
end

function turn.play(G, seat)
  fresh(seat)
  say("Round %d, %s's turn.", G.round, seat.name)
  fire_move(G, seat)
  -- (G:over() is nil while no seat has retired and a fire can still reach a text)
  if (G.last or G.board.exposed == 0) and G:over() or seat.retired then return end
  if seat.skip then
    seat.skip = false
    say("%s recovers from the fire: no move this turn.", seat.name)
    G:show(seat.after_turn)
    return
  end
  -- a move: steal, roll, move, land, steal; again while the seat spends TIME on another turn
  local first = true
  while true do
    -- powers may be used at any time in the turn: a thief beside its victim need not move first.
    -- A TIME turn begins where the theft after the last move left off, nothing changed since
    -- (no fire, no other move): asking again would repeat that question.
    if first and seat.points.stealth >= COST and theft(G, seat, true) then show(seat.after_theft, G.entries) end
    local dest = move(G, seat)
    if dest then landing(G, seat, dest) end
    -- the board after the move comes before any theft, so a player asked to block sees where
    -- the thief stands (and is shown again after a theft)
    show(seat.after_move, G.entries)     -- (G:show)
    -- the game ends the moment the last text is claimed: no theft after it; nor after no move,
    -- which leaves the seat where its last theft question was asked
    if dest and G.board.open_texts > 0 and theft(G, seat, false) then show(seat.after_theft, G.entries) end
    -- (whether the seat can pay for TIME is asked first: usually it cannot, and G:over() may
    -- search the board). A boxed-in piece is not offered TIME: its extra turn would bring no
    -- move, so no landing and no theft (ruling 9), only 4 points spent.
    if seat.points.time < COST or boxed_in(G, seat) or G:over() or not seat.ctl.time(G, seat) then return end
    powers.spend(seat, "time", ": another turn, without the fire")
    fresh(seat)
    first = false
  end
end

return turn
