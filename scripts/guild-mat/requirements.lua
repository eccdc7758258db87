-- Spaces with requirements and the rows' last spaces: the general action, the requirement
-- (the bot asks only what it cannot see and decides itself), and the negative effect.
local requirements = {}

-- What a requirement asks, said to the player. Narration is formatted only when someone
-- reads it.
local function say_demand(space, req)
  if req.impossible then
    ui.say("%s cannot be met.", space.id)
  else
    ui.say("%s asks you to %s.", space.id, req.text)
  end
end

-- Why the requirement is met or not: what it asks, and the player's answer. coin_from: the
-- coin space whose coin changed a last space's requirement, if one did.
local function why_answer(space, req, answer, coin_from)
  local changed = coin_from and string.format(" That is its changed requirement: the 5-Jar coin from %s lies on it.",
    coin_from) or ""
  if req.impossible then
    ui.why("%s cannot be met.%s", space.id, changed)
  else
    ui.why("%s asks you to %s; you answered %s.%s", space.id, req.text, answer, changed)
  end
end

-- Asks the requirement's question. Returns whether it is met, and the answer for why_answer.
local function check(space, req, questions)
  if req.impossible then
    return false, nil
  end
  local question = questions[req.question]
  if question.type == "confirm" then
    local yes = ui.confirm(question.prompt)
    return yes == req.is, yes and "yes" or "no"
  end
  local n = ui.number(question.prompt, 0, question.max)
  return (req.at_least == nil or n >= req.at_least) and (req.at_most == nil or n <= req.at_most), n
end

-- The effect kinds of spaces.yaml (action and failure lists).
local EFFECTS = {}

function EFFECTS.say(_, _, text)
  ui.say(text)
end

-- A text chosen by the requirement's answer: what there is to give up depends on it.
function EFFECTS.say_by_answer(_, _, texts, answer)
  for _, entry in ipairs(texts) do
    if entry.below == nil or answer < entry.below then
      ui.say(entry.text)
      return
    end
  end
end

-- Ore and crystal leave one column or row of the regions: the bot rolls the die for it.
function EFFECTS.clear_regions(state)
  local face, n = state.mat.region_die:roll()
  ui.say("Region die: %d. In the regions, return every ore and crystal marker of %s to the supply. "
    .. "They stay in the game: action cards can bring them back.", n, face)
  ui.why("On the region die, %d stands for %s.", n, face)
end

-- Points lost at the end of the game; the win check adds them up.
function EFFECTS.minus_points(state, space, points)
  state.minus[#state.minus + 1] = { space = space.id, points = points }
  ui.say("%s also costs you %d points at the end of the game.", space.id, points)
end

-- answer: the requirement's answer (failure only; say_by_answer reads it).
local function carry_out(state, space, effects, answer)
  for i = 1, effects and #effects or 0 do
    local kind, value = next(effects[i])
    local run = EFFECTS[kind] or error(string.format("spaces.yaml: %s has an unknown effect '%s'", space.id, kind), 0)
    run(state, space, value, answer)
  end
end

local COIN_ELSEWHERE = "%s's own entry in the rules sends its coin to %s, not to the last space of row %s."

-- What becomes of the mine or coin on a requirement space.
local TOKEN_OUTCOME = {
  mine = {
    met = function(state, space)
      state.mat:take_token(space, "player")
      ui.say("The mine on %s comes back to you: put it on a region as the standard rules say.", space.id)
    end,
    failed = function(state, space)
      state.mat:mine_to_loss_box(space)
      ui.say("Put the mine from %s in the loss box: each mine there costs %d points at the end.",
        space.id, state.mat.layout.win.loss_box_mine)
    end,
  },
  coin = {
    met = function(state, space)
      state.mat:take_token(space, "player")
      ui.say("Take the 5-Jar coin from %s into your supply.", space.id)
    end,
    failed = function(state, space)
      local target = state.mat:move_coin(space)
      local changed = target.changed_requirement
      -- The general paragraph says "the last space of the row"; the space's own entry wins
      -- (README ruling 12), so a coin sent to another row says why.
      if target.marker then
        ui.say("Move the 5-Jar coin from %s onto %s. This changes nothing: %s is already behind you.",
          space.id, target.id, target.id)
      else
        ui.say("Move the 5-Jar coin from %s onto %s. From now on %s asks you to %s instead of %s.",
          space.id, target.id, target.id, changed.text, target.requirement.text)
      end
      if target.row ~= space.row then
        ui.why(COIN_ELSEWHERE, space.id, target.id, space.row)
      end
      if target.marker then
        ui.why("A coin on a last space only changes what that space asks; %s was already reached.", target.id)
      end
    end,
  },
}

-- A marker landed on a mine or coin space.
requirements.resolve = game.step("requirement", function(state, space)
  if space.action then
    ui.say("General action of %s:", space.id)
    carry_out(state, space, space.action)
  end
  say_demand(space, space.requirement)
  if space.note then
    ui.say(space.note)
  end
  local met, answer = check(space, space.requirement, state.mat.questions)
  local outcome = TOKEN_OUTCOME[space.kind]
  if met then
    ui.say("%s's requirement is met: no negative effect.", space.id)
    why_answer(space, space.requirement, answer)
    outcome.met(state, space)
  else
    ui.say("%s's requirement is not met: its negative effect follows.", space.id)
    why_answer(space, space.requirement, answer)
    carry_out(state, space, space.failure, answer)
    outcome.failed(state, space)
  end
end)

-- A marker landed on a row's last space. Returns nil to play on, {check = true} when the game
-- ends with the win check, {lost = space} when it ends lost.
requirements.last_space = game.step("last space", function(state, space)
  local req, changed = state.mat:requirement_of(space)
  local coin_from = changed and space.coin_from or nil
  if changed then
    ui.say("The 5-Jar coin from %s lies on %s, so its requirement is the changed one. "
      .. "The coin only marks this: it stays on the mat.", space.coin_from, space.id)
  end
  say_demand(space, req)
  local met, answer = check(space, req, state.mat.questions)
  if not met then
    space.failed = true
    ui.say("%s is not met: the game ends at once, and you have lost.", space.id)
    why_answer(space, req, answer, coin_from)
    return { lost = space }
  end
  space.met = true
  state.met[#state.met + 1] = space.id
  local needed = state.mat.layout.win.last_spaces
  if #state.met < needed then
    if state.round.value >= game.options.rounds then
      ui.say("%s is met, but this is the last round: the game ends after this round with %d of the %d last "
        .. "spaces needed met, so it is lost.", space.id, #state.met, needed)
    else
      -- Every way the game can still end: a later last space failed ends it too, lost.
      ui.say("%s is met. Play on: the game ends at once when you have met %d last spaces (the win check "
        .. "follows) or fail one (you lose); if neither happens by the end of round %d, you lose.", space.id, needed,
        game.options.rounds)
    end
    why_answer(space, req, answer, coin_from)
    return nil
  end
  ui.say("%s is met: that is %d last spaces, so the game ends now.", space.id, #state.met)
  why_answer(space, req, answer, coin_from)
  return { check = true }
end)

return requirements
