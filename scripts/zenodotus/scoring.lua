-- The end: most texts wins; a tie goes to the most power points left; a tie still standing is
-- broken by dice added to the tied players' points until one is ahead.
local powers = require "powers"
local scoring = {}

scoring.finish = game.step("end", function(G, why)
  ui.say("The game ends: %s.", why)
  -- (numeric loops: this runs once a game, and simulations run thousands of games)
  local counted, all, retired_score = {}, G.seats, game.options.retired_score
  for n = 1, #all do
    if not all[n].retired or retired_score then counted[#counted + 1] = all[n] end
  end
  if #counted == 0 then counted = all end
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
    ui.say("%d players tie on %d texts; the most power points left (%d) decides.", #tied, best, top)
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
        ui.say("%s rolls %d for the tie: %d points.", seat.name, r, score[seat.n])
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
  local summary = string.format("%s wins with %d text%s (%s), after %d rounds.", winner.name, winner.texts,
    winner.texts == 1 and "" or "s", how, G.round)
  ui.say(summary)
  return { result = winner.kind, summary = summary, scores = scores, rounds = G.round }
end)

return scoring
