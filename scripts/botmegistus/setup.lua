-- Setup for solo play: tracker, tokens and gold, the rejected starting Artifact, the personality
-- card, difficulty adjustments and the setup rolls on the Mastery tracks.
local util = require "util"
local tracks = require "tracks"
local artifacts = require "artifacts"
local draft = require "draft"
local State = require "state"

local setup = {}

local function setup_roll(state, i, n)
  local faces = state.board.faces
  local r = random.roll("dice:setup", #faces)
  local face = faces[r]
  if face.wild then
    local t, why = tracks.lowest(state)
    ui.say("Setup roll %d of %d: wild; Botmegistus goes up its lowest track.", i, n)
    if t then tracks.step_up(state, t, "A wild setup roll goes up its lowest track: " .. why .. ".") end
  else
    ui.say("Setup roll %d of %d: %s, whose bowl shows %s.", i, n, face.id, face.essence)
    tracks.step_up(state, face.essence, string.format("The rolled symbol's bowl shows the %s Essence.", face.essence))
  end
end

setup.run = game.step("setup", function(state)
  local o, b = state.options, state.board
  local physical = o.deck == "physical"
  -- The specialization cards are yours to keep apart only with the physical deck and the option.
  local specialization = ""
  if physical then
    specialization = o.specialization and " Keep the 4 specialization cards apart for later."
      or " Play without specialization cards: leave all four in the box."
  end
  ui.say("Set up the board and your components for 2 players%s.%s",
    o["bot-first"] and ", with Botmegistus as first player (you gain no Ethereal die for it)" or ", you first",
    specialization)
  if o["fewer-white"] then
    ui.say("Difficulty: take one more white die out of the game (5 black, 4 white and 4 red dice stay in).")
  end
  if o["single-draws"] then
    ui.say("Difficulty: for your own setup, keep the single publication and/or Masterpiece you draw, without a choice.")
  end
  state.ethereal = b.setup.ethereal_tokens
  state.gold = o["starting-gold"]
  -- With the starting-experiment option its one Experiment comes below, so it is not denied here.
  ui.say("Botmegistus gets its tracker card, %s and %d Gold; no player mat, formulas, essences, %s.",
    util.plural(state.ethereal, "Ethereal Die token"), state.gold, o["starting-experiment"]
      and "materials or publications (its starting Experiment comes below)" or "materials, publications or experiments")
  if state.gold ~= b.setup.gold then
    ui.why("The difficulty option sets its starting Gold to %d (the rules give %d).", state.gold, b.setup.gold)
  end
  if physical then
    ui.say("Shuffle the basic Automa cards and lay them face down by its tracker: its deck.")
  else
    ui.say("Soloist shuffles and flips Botmegistus' deck; keep the Automa cards in the box.")
    draft.new_deck(state)
  end
  -- From here on `show` has something to show: its setup questions show it.
  State.show(state, "Botmegistus, setting up")
  -- The rejected starting Artifact goes to Botmegistus either way (its symbols score, and count for
  -- a specialization card when one is added); its personality symbol only picks the personality card.
  local element
  if o.personality then
    element = util.ask_element(b, "Choose your starting Artifact from your two. "
      .. "Which personality symbol shows on the one you reject (Botmegistus takes it)?")
  else
    ui.say("Choose your starting Artifact from your two and give Botmegistus the one you reject.")
    ui.why("Without personality cards its personality symbol picks nothing, so Soloist asks only its "
      .. "elemental symbols: they score %d VP each%s.", b.scoring.vp_per_artifact_symbol,
      artifacts.elements_count(state) and " and count for the specialization cards" or "")
  end
  local n = ui.number("How many elemental symbols does the artifact you reject show?", 0, 6)
  artifacts.add(state, "starting artifact", n, "The starting artifact")
  if o.personality then
    state.personality = element
    for _, card in ipairs(state.cards.personality) do
      if card.element == element then
        draft.shuffle_in(state, card, "personality")
      end
    end
    if physical then
      ui.say("The other three personality cards go back in the box.")
    end
    ui.why("The personality symbol on its starting Artifact names the card.")
  elseif physical then
    ui.say("Play without personality cards: return all four to the box.")
  else
    state.deck:shuffle()
    ui.say("Play without personality cards (Soloist leaves them out of its deck).")
  end
  if o["starting-experiment"] then
    ui.say("Difficulty: draw a random starting Experiment for Botmegistus.")
    state.incomplete[#state.incomplete + 1] = util.ask_experiment(state, "Its starting experiment")
  end
  state.in_setup = true
  if o["start-level-1"] then
    for _, t in ipairs(b.tracks) do state.level[t.id] = 1 end
    ui.say("Difficulty: its four Mastery markers begin on level 1.")
  end
  local rolls = o["setup-rolls"]
  if rolls == 0 then
    ui.say("Difficulty: no setup rolls for Botmegistus.")
  end
  for i = 1, rolls do
    setup_roll(state, i, rolls)
  end
  -- A bonus token reached by a setup roll goes at once, as the clean-up would remove it.
  tracks.clean_up(state)
  state.in_setup = false
  state.before_your_first_turn = o["bot-first"]
  if o["advanced-planning"] then
    if o.deck == "physical" then
      ui.say("Advanced Planning: reveal 2 Automa cards side by side.")
    else
      state.slots = { state.deck:draw(), state.deck:draw() }
      ui.say("Advanced Planning: Soloist reveals two cards side by side. Left: %s. Right: %s.",
        draft.describe(state.slots[1]), draft.describe(state.slots[2]))
    end
  end
end)

return setup
