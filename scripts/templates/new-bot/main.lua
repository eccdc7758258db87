-- @BOT_NAME@: each round the bot turns over the top card of its action deck and carries it
-- out unless you blocked it, scoring the card's points. Made by `soloist new`: change the
-- cards (actions.yaml), the question and the scoring into your game's automa.
-- docs/authoring.md describes ui, random, game and the component library used here.
local deck = require "deck"
local counters = require "counters"
local phrase = require "phrase"

local cards = game.components.actions.cards
local actions = deck.new{ id = "actions", cards = cards }
-- Correctable: at any prompt the player may type `set score N` when the table disagrees.
local score = counters.new{ id = "score", label = "Bot's points", value = 0, min = 0, max = 1000,
  correctable = true }

-- The bot's state as `show` prints it (built only when someone looks).
local function view()
  return {
    { label = "Bot's points", value = score.value },
    { label = "Cards in the deck", value = actions:size() },
  }
end

-- One round of the bot's flowchart. As a declared step (steps: in bot.yaml) its errors name
-- it, the transcript marks it and a house rule can hook it.
local bot_turn = game.step("bot turn", function(round)
  if actions:is_empty() then
    actions:reshuffle()
    ui.say("The action deck is used up: shuffle the discarded cards into a new deck.")
  end
  local card = actions:draw()
  actions:discard(card)
  ui.say("Round %d: turn over the bot's top action card, %s: the bot %s.", round, card.name, card.text)
  -- What the bot cannot see, it asks.
  local answer = ui.ask("Did you block the bot's " .. card.name .. " this round?", {
    { id = "no", label = "No: the bot carries it out" },
    { id = "blocked", label = "Yes, I blocked it" },
  })
  if answer == "blocked" then
    ui.say("The bot scores nothing this round.")
    ui.why("A blocked action scores nothing (ruling 2 of the README).")
  else
    score:add(card.points)
    ui.say("The bot scores %s.", phrase.plural(card.points, "point"))
    ui.why("%s scores %s when you do not block it (actions.yaml).", card.name, phrase.plural(card.points, "point"))
  end
  ui.show("@BOT_NAME@", view)
end)

ui.say("Shuffle the bot's %s into its action deck.", phrase.plural(#cards, "action card"))
actions:shuffle()
for round = 1, game.options.rounds do
  bot_turn(round)
end

return {
  result = "over",
  summary = string.format("The bot scored %s: you win with more.", phrase.plural(score.value, "point")),
  scores = { bot = score.value },
}
