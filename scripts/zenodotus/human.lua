-- A human seat: every decision is a question at the terminal.
local phrase = require "phrase"
local powers = require "powers"
local fire = require "fire"
local turn = require "turn"
local step_word = turn.step_word
local human = {}

-- The squares of a move, each open text marked ("C6 (book)"), as the question of the square
-- marks it.
local function names(G, squares)
  local out = {}
  for _, sq in ipairs(squares) do
    out[#out + 1] = G.board:open_text(sq) and (sq.name .. " (" .. sq.text .. ")") or sq.name
  end
  return #out > 0 and table.concat(out, " ") or "nowhere"
end
human.names = names

function human.allocate(G, seat)
  -- the board comes before the choices (its title fits the start question too, which shows
  -- it again only once pieces stand on it)
  G:show("The library: split your points, then choose a starting square")
  local split, left = {}, powers.START
  for i, p in ipairs(powers.ORDER) do
    if left == 0 then
      split[p] = 0
    elseif i == #powers.ORDER then
      split[p] = left
      ui.say("%s: the remaining %s go to %s.", seat.name, phrase.plural(left, "point"), powers.LABEL[p])
    else
      split[p] = ui.number(string.format("%s: points for %s (%d left to split)?", seat.name, powers.LABEL[p], left), 0, left)
      left = left - split[p]
    end
  end
  return split
end

function human.start(G, seat)
  local b = G.board
  -- the board again once pieces stand on it, so a start can be chosen beside or away from them
  for _, other in ipairs(G.seats) do
    if other.pos then
      G:show("The library: choose your starting square")
      break
    end
  end
  local cols = {}
  for c = 1, b.w do cols[#cols + 1] = string.sub("ABCDEFGHIJKL", c, c) end
  local col = ui.ask(seat.name .. ": the column of your starting square?", cols)
  local rows = {}
  for r = 1, b.h do rows[#rows + 1] = tostring(r) end
  local row = ui.ask(seat.name .. ": the row of your starting square (" .. col .. "_)?", rows)
  return b:at(col .. row)
end

function human.luck_fire(G, seat, d1, d2, kind, n, what)
  local id = ui.ask(string.format("%s: use LUCK (%d points) on the fire dice %d and %d, %s?", seat.name,
    seat.points.luck, d1, d2, fire.would(G.board.line_labels, kind, n, what)), {
    -- (matching dice, or a full line, move no fire: "as rolled" would say it moves)
    { id = "no", label = (what == "check" or what == "burn") and "No, the fire moves as rolled"
      or "No, keep the dice: the fire does not move" },
    { id = "first", label = "Re-roll the first die (" .. d1 .. ": column or row)" },
    { id = "second", label = "Re-roll the second die (" .. d2 .. ": the number)" },
  })
  return id == "first" and 1 or id == "second" and 2 or 0
end

function human.luck_move(G, seat, roll, move, combos)
  -- no roll would move a boxed-in piece: nothing to ask (the move then says it cannot move)
  if turn.stuck(G, combos) then return false end
  ui.say("%s rolled %d: reachable %s.", seat.name, roll, names(G, move.dests))
  return ui.confirm(string.format("%s: use LUCK (%d points) to re-roll the move die (%d)?", seat.name, seat.points.luck, roll))
end

function human.move(G, seat, roll, combos)
  -- the power choices offered: no power, and those that lead somewhere (a power is not paid
  -- for a move that goes nowhere, nor for one that could only stop short: turn.barred)
  local offered = { combos[1] }
  for n = 2, #combos do
    if #combos[n].dests > 0 and not turn.barred(combos, combos[n]) then offered[#offered + 1] = combos[n] end
  end
  local choice = offered[1]
  if #offered > 1 then
    local options = {}
    for _, combo in ipairs(offered) do
      ui.say("  %s: %d %s, reachable %s", combo.label, combo.steps, step_word(combo.steps), names(G, combo.dests))
      options[#options + 1] = { id = combo.id,
        label = string.format("%s (%d %s)", combo.label, combo.steps, step_word(combo.steps)) }
    end
    local id = ui.ask(string.format("%s rolled %d. Which powers do you use for the move?", seat.name, roll), options)
    for _, combo in ipairs(offered) do
      if combo.id == id then choice = combo end
    end
  end
  if #choice.dests == 0 then return choice, nil end
  -- the powers are paid now, so the board `show` gives at the next question has them spent
  turn.pay(seat, choice)
  -- "2 steps", or "up to 2 steps" for a move that may stop short of them
  local steps = string.format("%s%d %s", turn.stops_short(G, choice) and "up to " or "", choice.steps,
    step_word(choice.steps))
  if #choice.dests == 1 then
    -- the move is not optional (ruling 2), so a single square leaves nothing to ask
    ui.say("%s: %s is the only square %s away.", seat.name, choice.dests[1].name, steps)
    return choice, choice.dests[1]
  end
  local options = {}
  for _, sq in ipairs(choice.dests) do
    -- an open text is there to claim; a claimed one only says whose it is
    local what = sq.power and powers.LABEL[sq.power] or ""
    if sq.owner then
      what = sq.text .. " of " .. G.seats[sq.owner].name
    elseif G.board:open_text(sq) then
      what = sq.text .. "!"
    end
    options[#options + 1] = { id = sq.name, label = what ~= "" and (sq.name .. " " .. what) or sq.name }
  end
  local id = ui.ask(string.format("%s: move %s from %s to?", seat.name, steps, seat.pos.name), options)
  return choice, G.board:at(id)
end

-- The last open text, when claiming it (which ends the game) would leave rival the winner.
function human.claim(G, seat, sq, rival)
  return ui.confirm(string.format("%s: claim the %s on %s? It is the last open text: the game would end at \z
    once, and %s would win with %s and %s, to your %s and %s.", seat.name, sq.text, sq.name, rival.name,
    phrase.plural(rival.texts, "text"), phrase.plural(powers.total(rival), "power point"),
    phrase.plural(seat.texts + 1, "text"), phrase.plural(powers.total(seat), "power point")))
end

function human.power_roll(G, seat, p)
  return ui.confirm(string.format("%s: roll for %s (roll minus two, %s now)?", seat.name, powers.LABEL[p],
    phrase.plural(seat.points[p], "point")))
end

function human.steal(G, seat, targets, before)
  local options = { { id = "no", label = "No theft" } }
  for _, t in ipairs(targets) do
    options[#options + 1] = { id = "seat" .. t.seat.n, label = string.format("Steal from %s (%s)%s",
      t.seat.name, phrase.plural(t.seat.texts, "text"), t.across and ", across the wall with OPENING" or "") }
  end
  local id = ui.ask(string.format("%s: use STEALTH%s (%d points)?", seat.name, before and " before you move" or "",
    seat.points.stealth), options)
  for _, t in ipairs(targets) do
    if id == "seat" .. t.seat.n then return t end
  end
  return nil
end

function human.block(G, seat, thief)
  return ui.confirm(string.format("%s: %s tries to steal a text. Block it with DEFENSE (%d points)?", seat.name,
    thief.name, seat.points.defense))
end

function human.burn(G, seat, can_defend)
  local options = {}
  if can_defend then options[#options + 1] = { id = "defend", label = "Use DEFENSE (4 points)" } end
  options[#options + 1] = { id = "lose", label = "Lose a turn to recover" }
  options[#options + 1] = { id = "retire", label = "Retire from the game" }
  return ui.ask(string.format("%s: your square %s burns!", seat.name, seat.pos.name), options)
end

function human.time(G, seat)
  return ui.confirm(string.format("%s: use TIME (%d points) for another turn (move only, no fire)?", seat.name, seat.points.time))
end

return human
