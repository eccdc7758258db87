-- A Botmegistus turn (flip, draft, potency, action, experiments, clean-up) and the end of a round.
local util = require "util"
local priority = require "priority"
local draft = require "draft"
local action = require "action"
local experiments = require "experiments"
local tracks = require "tracks"
local State = require "state"

local round = {}

-- Where its Turn Order marker goes whenever it passes (the first to pass starts the next round).
local TURN_ORDER = "Its Turn Order marker takes the first free New Turn Order space."

local clean_up = game.step("lab clean-up", function(state)
  if state.die and state.die.potency == 0 then
    state.used = state.used + 1
    ui.say("Its die is at 0 potency: move it to the Used Dice section (%d used).", state.used)
    state.die = nil
  end
  if state.used >= state.board.used_dice_to_pass then
    state.passed = true
    ui.say("Botmegistus has %d used dice: it passes. " .. TURN_ORDER, state.used)
    ui.why("Three used dice make it pass.")
  end
  tracks.clean_up(state, true)
end)

-- state.now holds what the turn has done so far (its card, the Advanced Planning roll, the die it
-- drafted, the step it is at), so `show` and a resumed game say which card it is acting on.
function round.bot_turn(state)
  util.new_turn(state)
  if state.before_your_first_turn then
    -- It starts the game (bot-first): you have not played, so your markers are still at 0 (README
    -- ruling 22). Your reaction to this action may move them, so this holds for this turn only.
    for _, t in ipairs(state.board.tracks) do state.turn.player[t.id] = 0 end
    state.before_your_first_turn = false
  end
  state.now = { step = "flipping its card" }
  -- With the physical deck its card is asked before it is known, so the turn is shown before
  -- those questions; with the generated deck, once the card it flipped can be shown too.
  local physical = state.options.deck == "physical"
  if physical then
    State.show(state, "Botmegistus, its turn")
  end
  local card = draft.flip(state)
  -- A die still on its tracker means no draft: the next step is spending its potency.
  state.now.card, state.now.step = card, state.die and "spending potency and performing its action" or "drafting a die"
  if not physical then
    State.show(state, "Botmegistus, its turn")
  end
  if not draft.phase(state, card) then
    ui.say(TURN_ORDER)
    draft.discard(state, card)
    state.passed = true
    state.now = nil
    return
  end
  state.now.step = "spending potency and performing its action"
  action.spend(state, card)
  action.perform(state, card)
  state.now.step = "completing experiments"
  experiments.complete(state)
  ui.say("Its action is done: make any reaction the core rules allow you now.")
  state.now.step = "lab clean-up"
  clean_up(state)
  draft.discard(state, card)
  state.now = nil
end

-- The specialization card: the element with the most symbols (artifacts, plus one per completed
-- experiment), random among ties, leaving out the type added in round 1.
local function specialization(state)
  local counts, names = {}, {}
  for _, e in ipairs(util.elements(state.board)) do counts[e] = 0 end
  for _, a in ipairs(state.artifacts) do
    for _, s in ipairs(a.symbols) do counts[s] = counts[s] + 1 end
  end
  for _, e in ipairs(state.completed) do counts[e.type] = counts[e.type] + 1 end
  local eligible = {}
  for _, e in ipairs(util.elements(state.board)) do
    local taken = false
    for _, s in ipairs(state.specializations) do taken = taken or s == e end
    if not taken then eligible[#eligible + 1] = e end
    names[#names + 1] = string.format("%s %d", e, counts[e])
  end
  -- The rule breaks a tie with its own random pick, on the stream "specialization".
  local tied = priority.keep(eligible, { { "the most elemental symbols", most = function(e) return counts[e] end } })
  local pick = tied[1]
  if #tied > 1 then
    local _, v = random.pick("specialization", tied)
    pick = v
  end
  state.specializations[#state.specializations + 1] = pick
  for _, card in ipairs(state.cards.specialization) do
    if card.element == pick then
      draft.shuffle_in(state, card, "specialization")
    end
  end
  ui.why("Elemental symbols (artifacts, plus 1 per completed experiment): %s%s%s.", table.concat(names, ", "),
    #tied > 1 and "; chosen at random among the tied " .. util.list(tied) or "",
    #state.specializations > 1 and "; the type added in round 1 is left out" or "")
end

round.end_of_round = game.step("end of round", function(state)
  local r = state.round
  ui.say("End of round %d: do the end-of-round clean-up for yourself and the board as usual.", r)
  local gain = state.board.end_of_round.ethereal_tokens[tostring(r)]
  if gain then
    state.ethereal = state.ethereal + gain
    ui.say("Botmegistus gains %d Ethereal Die tokens (now %d).", gain, state.ethereal)
  end
  for _, sr in ipairs(state.board.end_of_round.specialization_rounds) do
    if sr == r then
      if state.options.specialization then
        specialization(state)
      else
        ui.say("No specialization card is added (difficulty option).")
      end
    end
  end
end)

return round
