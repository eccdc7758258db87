-- The end: most texts wins; a tie goes to the most power points left; a tie still standing is
-- broken by dice added to the tied players' points until one is ahead.
local phrase = require "phrase"
local powers = require "powers"
local scoring = {}

-- How the game would end for `seat` if it ended now with `extra` more texts for it (a claim of
-- the last open text ends the game at once): "win" when it would be ahead on texts, or level on
-- texts and ahead on power points; "lose" when another player would be ahead of it so; "dice"
-- when dice would have to decide between it and others. With "lose" also the player most
-- ahead (more texts, then more power points; the first in seat order). The players counted are
-- those the end counts (a retired player's texts only with retired_score).
function scoring.outlook(G, seat, extra)
  local mine, my_points = seat.texts + extra, powers.total(seat)
  local retired_score = game.options.retired_score
  local outcome, rival, rival_points = "win", nil, nil
  local all = G.seats
  for n = 1, #all do
    local other = all[n]
    if other ~= seat and (not other.retired or retired_score) then
      local texts, points = other.texts, powers.total(other)
      if texts > mine or texts == mine and points > my_points then
        if not rival or texts > rival.texts or texts == rival.texts and points > rival_points then
          rival, rival_points = other, points
        end
        outcome = "lose"
      elseif texts == mine and points == my_points and outcome == "win" then
        outcome = "dice"
      end
    end
  end
  return outcome, rival
end

scoring.finish = game.step("end", function(G, why)
  ui.say("The game ends: %s.", why)
  -- (numeric loops: this runs once a game, and simulations run thousands of games)
  local counted, all, retired_score = {}, G.seats, game.options.retired_score
  for n = 1, #all do
    if not all[n].retired or retired_score then counted[#counted + 1] = all[n] end
  end
  if #counted == 0 then counted = all end
  -- (retired_score=false: the texts a retired seat holds are said not to count, here and in the
  -- summary, so a winner with fewer texts than a retired seat is not taken for a mistake)
  local left_out = false
  if not retired_score and counted ~= all then    -- (all: every seat retired, so every one counts)
    for n = 1, #all do
      local seat = all[n]
      if seat.retired and seat.texts > 0 then
        left_out = true
        ui.say("%s retired: its %s do%s not count.", seat.name, phrase.plural(seat.texts, "text"),
          seat.texts == 1 and "es" or "")
      end
    end
  end
  local best = -1
  for n = 1, #counted do
    if counted[n].texts > best then best = counted[n].texts end
  end
  local tied = {}
  for n = 1, #counted do
    if counted[n].texts == best then tied[#tied + 1] = counted[n] end
  end
  local how = "most texts"
  if #tied > 1 then
    how = "most power points left"
    local top = -1
    for _, seat in ipairs(tied) do top = math.max(top, powers.total(seat)) end
    local still = {}
    for _, seat in ipairs(tied) do
      if powers.total(seat) == top then still[#still + 1] = seat end
    end
    local texts, points = phrase.plural(best, "text"), phrase.plural(top, "point")
    if #still == 1 then
      ui.say("%d players tie on %s; the most power points left (%s) decides.", #tied, texts, points)
    elseif #still == #tied then
      ui.say("%d players tie on %s and on power points left (%s each): dice decide.", #tied, texts, points)
    else
      ui.say("%d players tie on %s; %d of them also on the most power points left (%s): dice decide.", #tied,
        texts, #still, points)
    end
    tied = still
  end
  if #tied > 1 then
    how = "dice added to the power points"
    local score = {}
    for _, seat in ipairs(tied) do score[seat.n] = powers.total(seat) end
    while #tied > 1 do
      local top = -1
      for _, seat in ipairs(tied) do
        local r = random.roll("tiebreak", 6)
        score[seat.n] = score[seat.n] + r
        ui.say("%s rolls %d for the tie: %s.", seat.name, r, phrase.plural(score[seat.n], "point"))
        top = math.max(top, score[seat.n])
      end
      local still = {}
      for _, seat in ipairs(tied) do
        if score[seat.n] == top then still[#still + 1] = seat end
      end
      tied = still
    end
  end
  local winner = tied[1]
  local scores = {}
  for n = 1, #all do
    local seat = all[n]
    scores[seat.score_key] = seat.texts
    -- 1 for the winner, else 0: over many games (soloist sim) its mean is the seat's win rate
    scores[seat.wins_key] = seat == winner and 1 or 0
  end
  scores.rounds = G.round
  local summary = string.format("%s wins with %s (%s), after %d rounds%s.", winner.name,
    phrase.plural(winner.texts, "text"), how, G.round, left_out and "; retired players' texts do not count" or "")
  ui.say(summary)
  return { result = winner.kind, summary = summary, scores = scores, rounds = G.round }
end)

return scoring
