-- A seat's turn: the fire's move, the move roll with LUCK, SPEED and OPENING, the landing
-- (text or power square), STEALTH, and TIME's extra turn.
local powers = require "powers"
local fire = require "fire"
local render = require "render"
local turn = {}

-- The power choices a seat can afford for a move, each with its steps and reachable squares.
local function combos(G, seat, roll)
  local out = {}
  local speed_ok, open_ok = powers.can(seat, "speed"), powers.can(seat, "opening") or seat.opening
  for _, c in ipairs({ { "none", false, false }, { "speed", true, false }, { "opening", false, true },
    { "speed+opening", true, true } }) do
    local speed, opening = c[2], c[3]
    if (not speed or speed_ok) and (not opening or open_ok) then
      local steps = speed and roll * 2 or roll
      local dests = G.board:reachable(seat.pos, steps, opening or seat.opening)
      local label = c[1] == "none" and "No power" or string.upper(c[1]):gsub("%+", " and ")
      if opening and seat.opening then label = label:gsub("OPENING", "OPENING (already on)") end
      out[#out + 1] = { id = c[1], label = label, speed = speed, opening = opening, steps = steps, dests = dests }
    end
  end
  return out
end
turn.combos = combos

local move = game.step("player move", function(G, seat)
  local roll = random.roll("move", 6)
  ui.say("%s rolls %d to move.", seat.name, roll)
  if powers.can(seat, "luck") and seat.ctl.luck_move(G, seat, roll, G.board:reachable(seat.pos, roll, seat.opening)) then
    powers.spend(seat, "luck", " to re-roll the move die")
    roll = random.roll("move", 6)
    ui.say("%s re-rolls: %d.", seat.name, roll)
  end
  local options = combos(G, seat, roll)
  local combo, dest = seat.ctl.move(G, seat, roll, options)
  if combo.speed then powers.spend(seat, "speed", string.format(": %d steps", combo.steps)) end
  if combo.opening and not seat.opening then
    powers.spend(seat, "opening", ": walls do not stop it this turn")
    seat.opening = true
  end
  if not dest then
    ui.say("%s cannot move.", seat.name)
    return nil
  end
  local ok = false
  for _, sq in ipairs(combo.dests) do ok = ok or sq == dest end
  assert(ok, seat.name .. " chose " .. tostring(dest and dest.name) .. ", which it cannot reach")
  game.record("move", { seat = seat.n, from = seat.pos.name, to = dest.name, steps = combo.steps })
  ui.say("%s moves %d steps from %s to %s.", seat.name, combo.steps, seat.pos.name, dest.name)
  seat.pos = dest
  return dest
end)

local landing = game.step("landing", function(G, seat, sq)
  if G.board:open_text(sq) then
    sq.owner = seat.n
    seat.texts = seat.texts + 1
    game.record("claim", { seat = seat.n, square = sq.name, text = sq.text })
    ui.say("%s claims the %s on %s (%d text%s).", seat.name, sq.text, sq.name, seat.texts, seat.texts == 1 and "" or "s")
  elseif sq.power then
    if seat.ctl.power_roll(G, seat, sq.power) then
      powers.square_roll(seat, sq.power)
    end
  end
end)

-- The seats a thief may rob: on its square or a neighbouring one (across a wall only with OPENING).
function turn.targets(G, seat)
  local out = {}
  local open_ok = seat.opening or powers.can(seat, "opening")
  for _, other in ipairs(G.seats) do
    if other ~= seat and not other.retired and other.texts > 0 and other.pos then
      if other.pos == seat.pos then
        out[#out + 1] = { seat = other, across = false }
      elseif G.board:neighbours(seat.pos, other.pos) then
        local wall = G.board:wall(seat.pos, other.pos)
        if not wall then
          out[#out + 1] = { seat = other, across = false }
        elseif open_ok then
          out[#out + 1] = { seat = other, across = not seat.opening }
        end
      end
    end
  end
  return out
end

local theft = game.step("theft", function(G, seat)
  if not powers.can(seat, "stealth") then return end
  local targets = turn.targets(G, seat)
  if #targets == 0 then return end
  local t = seat.ctl.steal(G, seat, targets)
  if not t then return end
  local victim = t.seat
  if t.across then
    powers.spend(seat, "opening", " to reach across the wall")
    seat.opening = true
  end
  powers.spend(seat, "stealth", " against " .. victim.name)
  if victim.points.defense >= powers.COST and victim.ctl.block(G, victim, seat) then
    victim.points.defense = victim.points.defense - powers.COST
    game.record("power", { seat = victim.n, power = "defense", left = victim.points.defense })
    game.record("theft", { thief = seat.n, victim = victim.n, blocked = true })
    ui.say("%s blocks the theft with DEFENSE (%d points left).", victim.name, victim.points.defense)
    return
  end
  -- the victim's first claimed text changes hands
  for _, sq in ipairs(G.board.squares) do
    if sq.owner == victim.n then
      sq.owner = seat.n
      victim.texts = victim.texts - 1
      seat.texts = seat.texts + 1
      game.record("theft", { thief = seat.n, victim = victim.n, square = sq.name })
      ui.say("%s steals the %s of %s from %s.", seat.name, sq.text, sq.name, victim.name)
      return
    end
  end
end)

-- One move (a turn, or TIME's extra turn): roll, move, land, steal.
local function move_phase(G, seat)
  local dest = move(G, seat)
  if dest then landing(G, seat, dest) end
  theft(G, seat)
  render.show(G, string.format("After %s's move", seat.name))
end

function turn.play(G, seat)
  seat.used, seat.opening = {}, false
  ui.say("Round %d, %s's turn.", G.round, seat.name)
  fire.move(G, seat)
  if G:over() or seat.retired then return end
  if seat.skip then
    seat.skip = false
    ui.say("%s recovers from the fire: no move this turn.", seat.name)
    render.show(G, string.format("After %s's turn", seat.name))
    return
  end
  move_phase(G, seat)
  while not G:over() and powers.can(seat, "time") and seat.ctl.time(G, seat) do
    powers.spend(seat, "time", ": another turn, without the fire")
    seat.used, seat.opening = {}, false
    move_phase(G, seat)
  end
end

return turn
