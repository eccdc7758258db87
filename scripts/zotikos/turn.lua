-- The execution phase: your turns and his, until both of you have taken the Read action. His
-- turn: 1 a King's Request, 2a an Action card, 2b a Local Scholar, 3 Read.
local priority = require "priority"
local words = require "words"
local actions = require "actions"
local requests = require "requests"
local scholars = require "scholars"
local State = require "state"

local turn = {}

local function draw_generation_card(s)
  return s.generations:flip()
end
turn.draw_generation_card = draw_generation_card

-- TIME DIE: the topmost unused die, preferring 1 or 6, then 2 or 5, then 3 or 4.
function turn.choose_time_die(s)
  local unused = {}
  for i, d in ipairs(s.time_dice) do
    if not d.used then unused[#unused + 1] = { row = i, value = d.value } end
  end
  return priority.choose(unused, {
    { "a 1 or a 6", prefer = function(d) return d.value == 1 or d.value == 6 end },
    { "a 2 or a 5", prefer = function(d) return d.value == 2 or d.value == 5 end },
  }, { first = "the topmost", label = function(d) return string.format("the %d on row %d", d.value, d.row) end })
end

local function time_die(s)
  local d, decision = turn.choose_time_die(s)
  if not d then
    ui.say("Every Time die has been used this generation: he performs Navigation instead.")
    ui.why("With no Time die left he cannot take the action (README ruling 7).")
    return actions.perform(s, "navigation")
  end
  s.time_dice[d.row].used = true
  local row = s.board.time_board[d.row]
  local target = row.navigation and "navigation" or (d.value <= 3 and row.top or row.bottom)
  ui.say("Zotikós takes the Time die showing %d on row %d: move it left to cover %s.", d.value, d.row,
    target == "navigation" and "its Navigation space" or "the " .. words.name(target))
  -- Worded for the table: the best pair of faces among the unused dice, and the topmost of them.
  local pairs_text = { "a 1 or a 6", "a 2 or a 5", "a 3 or a 4" }
  local function class(v) return (v == 1 or v == 6) and 1 or ((v == 2 or v == 5) and 2 or 3) end
  local same = 0
  for _, x in ipairs(s.time_dice) do
    if (not x.used or x == s.time_dice[d.row]) and class(x.value) == class(d.value) then same = same + 1 end
  end
  local chosen = string.format("the %d on row %d", d.value, d.row)
  local why = decision.by == "only" and string.format("%s is the only unused die", chosen)
    or (same == 1 and string.format("%s is the only unused die showing %s, the best face left", chosen,
      pairs_text[class(d.value)])
    or string.format("%d unused dice show %s, the best face left; the topmost is %s", same,
      pairs_text[class(d.value)], chosen))
  ui.why("Time die order (a 1 or a 6, then a 2 or a 5, then a 3 or a 4; the topmost of equals): %s. %s", why,
    row.navigation and "The bottommost die is Navigation."
    or (d.value <= 3 and "1-3 is the row's top Location." or "4-6 is the row's bottom Location."))
  return actions.perform(s, target)
end

local function location_tile(s)
  if s.ships:is_empty() then
    s.ships:reshuffle()
  end
  local t = s.ships:draw()
  if not t then
    ui.say("His Ship Location stack is empty.")
    return actions.perform(s, "navigation")
  end
  ui.say("His Location tile shows %s.", State.location_text(t))
  if t.right then
    ui.why("A Location tile: he tries its left action first, the right one when he cannot, then Navigation; he "
      .. "ignores its bonuses.")
  else
    ui.why("This Location tile shows one action: he tries it, and performs Navigation if he cannot (README "
      .. "ruling 8).")
  end
  if t.scholar then
    -- An Invited Scholar Location tile: the Scholar goes first, the tile then leaves the stack.
    actions.send_invited(s, t.scholar, t.action)
    if s.physical then
      ui.say("Lay that Invited Scholar Location tile face down beside his Workshop.")
    end
    return actions.perform(s, t.action)
  end
  s.ships:discard(t)
  if not t.right then
    return actions.perform(s, t.left)
  end
  if actions.attempt(s, t.left) then return true end
  ui.say("He cannot take the %s action: he tries the tile's other action, %s.", words.name(t.left),
    words.name(t.right))
  if actions.attempt(s, t.right) then return true end
  ui.say("He can take neither action of the tile: he performs Navigation instead.")
  return actions.perform(s, "navigation")
end

-- A Local Scholar goes to its tile's Location and he attempts the action there; when he cannot
-- take it, the Scholar comes back beside his board and he performs Navigation (step 2b, and a
-- Generation card alike: README ruling 27). Returns whether he took the Location's action.
local function send_scholar(s, sc)
  local location = scholars.use(s, sc)
  if location == "navigation" then
    return actions.perform(s, "navigation")
  end
  if actions.attempt(s, location) then return true end
  ui.say("He cannot take the %s action: return his Local Scholar beside his board; he performs Navigation "
    .. "instead.", words.name(location))
  ui.why("A Local Scholar sent to a Location he cannot act at comes back beside his board (step 2b; on a "
    .. "Generation card too, README ruling 27).")
  actions.attempt(s, "navigation")
  return false
end

local function generation_card(s)
  local card = draw_generation_card(s)
  local tile = s.tile_by_id[card.tile]
  ui.say("His Generation card names %s.", scholars.tile_name(s, card.tile))
  local mine
  for _, sc in ipairs(s.scholars) do
    if sc.tile == card.tile and not mine then mine = sc end
  end
  if mine then
    ui.why("He has a Local Scholar below that tile, so it goes to the tile's Location.")
    return send_scholar(s, mine)
  else
    ui.why("He has no Local Scholar below that tile: he takes its action all the same (README ruling 5).")
  end
  return actions.perform(s, tile.location)
end

turn.reveal_action = game.step("reveal an action card", function(s)
  local card = s.actions:draw()
  local shows = ({ generation = "a Generation card", location = "a Location tile", time = "a Time die" })[card.kind]
  ui.say("Zotikós reveals his Action card: %s.", shows)
  ui.why("%s, his Action deck is not empty and you have not read: step 2a.", #s.requests == 0
    and "He holds no King's Request card" or "His shelf meets no King's Request")
  s.actions:discard(card)
  s.now = "acting on his Action card (" .. shows .. ")"
  if card.kind == "generation" then
    generation_card(s)
  elseif card.kind == "location" then
    location_tile(s)
  else
    time_die(s)
  end
end)

turn.use_scholar = game.step("use a local scholar", function(s)
  local sc, decision = scholars.leftmost(s)
  s.now = "using his Local Scholar below " .. scholars.tile_name(s, sc.tile)
  ui.say("Zotikós uses his Local Scholar below %s.", scholars.tile_name(s, sc.tile))
  ui.why("Step 2b uses his leftmost Local Scholar on the Generations track: %s.",
    decision.by == "only" and "it is his only one there"
    or (decision.by == "criterion" and "you said that tile lies further left"
    or "both of his are below that tile"))
  send_scholar(s, sc)
end)

turn.read = game.step("read", function(s)
  s.bot_read = true
  if s.player_read and s.player_took_first then
    s.next_first = "player"
    ui.say("Zotikós takes the Read action: you took the first place in turn order, so he takes the second.")
    ui.why("He takes the first place only when it is free (2c Read); you took it when you read.")
  else
    s.next_first = "bot"
    ui.say("Zotikós takes the Read action and the first place in turn order.")
    ui.why("He always takes the first place when it is free.")
  end
end)

local function after_read(s)
  if s.player_read then
    ui.say("You have taken the Read action this generation: gain %d Time.", s.board.player_time.after_read)
  end
end

turn.zotikos = game.step("zotikos turn", function(s)
  s.now = "starting his turn"
  local choice, decision = requests.fulfillable(s)
  if choice then
    s.now = "fulfilling a King's Request"
    requests.fulfill(s, choice, decision)
    after_read(s)
  elseif s.actions:size() > 0 and not s.player_read then
    turn.reveal_action(s)
    after_read(s)
  elseif #scholars.on_track(s) > 0 then
    ui.say("Zotikós turns to his Local Scholars on the Generations track (step 2b).")
    ui.why("%s, so he uses a Local Scholar.", s.player_read and "You have taken the Read action"
      or "His Action deck is empty")
    turn.use_scholar(s)
    after_read(s)
  else
    ui.say("Zotikós has no Local Scholar left on the Generations track (step 3).")
    ui.why("No Action card %s and no Local Scholar on the Generations track: he reads.",
      s.player_read and "may be used after your Read" or "left")
    turn.read(s)
  end
  s.now = nil
  State.show(s)
end)

-- Your turn: the answer also says which Time die you used, so he never asks about the Time board.
function turn.player(s)
  if s.bot_read then
    ui.ask(string.format("Generation %d: Zotikós has read. Take the rest of your turns; answer when you take the "
      .. "Read action.", s.generation), { { id = "read", label = "I took the Read action" } })
    s.player_read = true
    return
  end
  local options = { { id = "done", label = "My turn is over (no Time die used)" } }
  for i, d in ipairs(s.time_dice) do
    if not d.used then
      options[#options + 1] = { id = "die-" .. i, label = string.format("My turn is over; I used the Time die "
        .. "showing %d on row %d", d.value, i) }
    end
  end
  options[#options + 1] = { id = "read-first", label = "I took the Read action and the first place in turn order" }
  options[#options + 1] = { id = "read-second", label = "I took the Read action and the second place in turn order" }
  local a = ui.ask(string.format("Generation %d: your turn. Answer when it is over.", s.generation), options)
  local row = a:match("^die%-(%d+)$")
  if row then
    s.time_dice[tonumber(row)].used = true
  elseif a ~= "done" then
    s.player_read = true
    s.player_took_first = a == "read-first"
  end
end

-- Turns alternate from the first in turn order until both have read.
function turn.execution(s)
  s.player_read, s.bot_read, s.player_took_first = false, false, false
  local who = s.first
  while not (s.player_read and s.bot_read) do
    if who == "bot" and not s.bot_read then
      turn.zotikos(s)
    elseif who == "player" and not s.player_read then
      turn.player(s)
    end
    who = who == "bot" and "player" or "bot"
  end
  s.first = s.next_first
end

return turn
