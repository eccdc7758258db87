-- The fire: two dice at the start of each turn check a box of a column (first die odd) or a row
-- (first die even); equal dice or a full line cancel; the third box burns the line.
local phrase = require "phrase"
local powers = require "powers"
local fire = {}
-- the host's functions, looked up once
local say, record, roll_die = ui.say, game.record, random.roll
local COST = powers.COST
-- the fields of the fire's events, refilled for each record (the host copies them)
local CHECKED = { kind = "", number = 0, boxes = 0 }
local BURNT = { seat = 0, choice = "" }

-- (full: how many of the twelve lines have all three boxes checked)
function fire.new()
  return { column = { 0, 0, 0, 0, 0, 0 }, row = { 0, 0, 0, 0, 0, 0 }, full = 0 }
end

-- How the fire dice are narrated, by what they do (see read_dice): [1] settled, [2] while LUCK
-- may still change them (a seat that can pay for it is asked next), so no box is said to be
-- checked before it is. Each takes the two dice and the line's label (board.line_labels).
local DICE = {
  cancel = { "Fire dice %d and %d match: the fire does not move.%.0s",
    "Fire dice %d and %d match: the fire would not move.%.0s" },
  full = { "Fire dice %d and %d: %s has no empty box, the fire's move is cancelled.",
    "Fire dice %d and %d: %s has no empty box, the fire's move would be cancelled." },
  check = { "Fire dice %d and %d: a box of %s is checked.", "Fire dice %d and %d: a box of %s would be checked." },
  burn = { "Fire dice %d and %d: a box of %s is checked: its third, it burns.",
    "Fire dice %d and %d: a box of %s would be checked: its third, it would burn." },
}
-- what the dice do once LUCK is no longer used, after they were told as what they would do
local SETTLED = {
  cancel = "The fire does not move.%.0s",
  full = "The fire's move is cancelled.%.0s",
  check = "A box of %s is checked.",
  burn = "A box of %s is checked: its third, it burns.",
}
-- what the dice would do, for a LUCK question (fire.would)
local WOULD = {
  cancel = "which match: no fire%.0s",
  full = "which find %s full: no fire",
  check = "which would check a box of %s",
  burn = "which would burn %s",
}

-- The fire lines' labels when there is no board to name grid lines (fire-only mode: the
-- table's printed board carries the numbers).
fire.PLAIN_LABELS = { column = {}, row = {} }
for n = 1, 6 do
  fire.PLAIN_LABELS.column[n], fire.PLAIN_LABELS.row[n] = "column " .. n, "row " .. n
end

-- What two fire dice do: kind ("column"/"row"), number, and what happens ("cancel", "full",
-- "check", "burn"), narrated with the lines' labels; pending: LUCK may still change the dice.
local function read_dice(boxes, d1, d2, labels, pending)
  local kind = d1 % 2 == 1 and "column" or "row"
  local what
  if d1 == d2 then
    what = "cancel"
  else
    local checked = boxes[kind][d2]
    what = checked >= 3 and "full" or checked == 2 and "burn" or "check"
  end
  say(DICE[what][pending and 2 or 1], d1, d2, labels[kind][d2])
  return kind, d2, what
end
fire.read = read_dice

-- The phrase a LUCK question ends with: what the dice would do as rolled.
function fire.would(labels, kind, n, what)
  return string.format(WOULD[what], labels[kind][n])
end

-- Is every box of every line checked? (Then no dice can move the fire.)
function fire.full(boxes)
  return boxes.full == 12
end

-- Checks the box (told as settled now when the dice were told while LUCK could still change
-- them: pending); returns true when the line must burn.
local function apply(boxes, kind, n, what, labels, pending)
  if pending then say(SETTLED[what], labels[kind][n]) end
  if what == "check" or what == "burn" then
    local line = boxes[kind]
    local checked = line[n] + 1
    line[n] = checked
    if checked == 3 then boxes.full = boxes.full + 1 end
    CHECKED.kind, CHECKED.number, CHECKED.boxes = kind, n, checked
    record("fire", CHECKED)
  end
  return what == "burn"
end
fire.apply = apply

-- The whole burn of a line: squares burn, unclaimed texts are lost, pieces on newly burnt
-- squares defend, lose a turn or retire (in board order, then seat order).
local NOBODY = {}
local function board_order(a, b)
  return a.pos.i < b.pos.i or (a.pos == b.pos and a.n < b.n)
end
fire.burn = game.step("burn", function(G, kind, n)
  local board, seats = G.board, G.seats
  local lost, burnt = board:burn_line(kind, n)
  local word, bit = board.bits.word, board.bits.bit
  local hit = NOBODY   -- the seats on the newly burnt squares (a list made for the first)
  for s = 1, #seats do
    local seat = seats[s]
    local i = seat.pos.i
    if not seat.retired and burnt[word[i]] & bit[i] ~= 0 then
      if hit == NOBODY then hit = {} end
      hit[#hit + 1] = seat
    end
  end
  -- the game ends the moment its last open text is lost: nobody on the line has to choose
  if board.open_texts == 0 then hit = NOBODY end
  if #hit > 1 then table.sort(hit, board_order) end
  local lines = board.line_names[kind][n]   -- the grid's columns (letters) or rows (numbers)
  record("burn", { kind = kind, number = n, lines = lines, lost = lost })
  if lost == 0 then
    say("%s %d burns (grid %s%s %s): no unclaimed text is lost.", kind == "column" and "Column" or "Row", n, kind,
      #lines > 1 and "s" or "", table.concat(lines, ", "))
  else
    -- the texts lost, named as the player crosses them out (built only when someone reads it,
    -- from a copy of the squares burnt now: the board's set is refilled by the next burn)
    local now = {}
    for k = 1, board.bits.K do now[k] = burnt[k] end
    say("%s %d burns (grid %s%s %s): %s lost (%s).", kind == "column" and "Column" or "Row", n, kind,
      #lines > 1 and "s" or "", table.concat(lines, ", "), phrase.plural(lost, "unclaimed text"),
      setmetatable({}, { __tostring = function()
        local names, squares = {}, board.squares
        for i = 1, #squares do
          local sq = squares[i]
          if sq.lost and now[word[i]] & bit[i] ~= 0 then names[#names + 1] = "the " .. sq.text .. " on " .. sq.name end
        end
        return table.concat(names, ", ")
      end }))
  end
  for h = 1, #hit do
    local seat = hit[h]
    local can_defend = seat.points.defense >= COST
    local choice = seat.ctl.burn(G, seat, can_defend)
    if choice == "defend" and can_defend then
      seat.points.defense = seat.points.defense - COST
      powers.record_use(seat, "defense", seat.points.defense)
      local left = seat.points.defense
      say("%s uses DEFENSE against the fire (%s left).", seat.name, phrase.plural(left, "point"))
      BURNT.seat, BURNT.choice = seat.n, "defend"
      record("burnt", BURNT)
    elseif choice == "retire" then
      seat.retired = true
      BURNT.seat, BURNT.choice = seat.n, "retire"
      record("burnt", BURNT)
      -- only the first retirement gives the others their one more turn, and only if anyone is left
      if G:retire(seat) and G.active > 0 then
        say("%s retires from the game. Every other player has one more turn.", seat.name)
      else
        say("%s retires from the game.", seat.name)
      end
    else
      seat.skip = true
      BURNT.seat, BURNT.choice = seat.n, "lose"
      record("burnt", BURNT)
      say("%s is caught by the fire and loses a turn to recover.", seat.name)
    end
  end
  G:show("The fire has burnt a line")
end)

-- The fire's move at the start of a seat's turn (LUCK may re-roll one fire die).
fire.move = game.step("fire move", function(G, seat)
  local boxes = G.fire
  local d1, d2 = roll_die("fire", 6), roll_die("fire", 6)
  local labels = G.board.line_labels
  -- (pending: the seat can pay for LUCK, so it is asked before the dice are settled; not when
  -- every line is full, since then no re-roll could move the fire)
  local pending = seat.points.luck >= COST and boxes.full < 12
  local kind, n, what = read_dice(boxes, d1, d2, labels, pending)
  -- LUCK re-rolls a fire die as often as the seat pays for it
  while pending do
    local which = seat.ctl.luck_fire(G, seat, d1, d2, kind, n, what)
    if which ~= 1 and which ~= 2 then break end
    powers.spend(seat, "luck", " to re-roll the %s fire die", which == 1 and "first" or "second")
    if which == 1 then d1 = roll_die("fire", 6) else d2 = roll_die("fire", 6) end
    pending = seat.points.luck >= COST
    kind, n, what = read_dice(boxes, d1, d2, labels, pending)
  end
  if apply(boxes, kind, n, what, labels, pending) then
    fire.burn(G, kind, n)
  end
end)

return fire
