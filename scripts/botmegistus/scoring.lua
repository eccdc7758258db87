-- Final scoring: the Masterpiece, then each part of Botmegistus' score, shown in full.
local util = require "util"
local experiments = require "experiments"

local scoring = {}

function scoring.breakdown(state)
  local s = state.board.scoring
  local parts = {}
  local function add(label, vp)
    parts[#parts + 1] = { label = label, value = vp }
  end
  local exp = 0
  for _, e in ipairs(state.completed) do exp = exp + e.vp end
  add("Completed experiments", exp)
  local track_vp = 0
  for _, t in ipairs(state.board.tracks) do
    for level, vp in pairs(t.vp_spaces) do
      if state.level[t.id] >= tonumber(level) then track_vp = track_vp + vp end
    end
  end
  add("Mastery track VP spaces", track_vp)
  local symbols = 0
  for _, a in ipairs(state.artifacts) do symbols = symbols + a.count end
  add(string.format("Artifact symbols (%d x %d)", symbols, s.vp_per_artifact_symbol), symbols * s.vp_per_artifact_symbol)
  add(string.format("Ethereal Die tokens (%d x %d)", state.ethereal, s.vp_per_ethereal_token),
    state.ethereal * s.vp_per_ethereal_token)
  local types, seen = 0, {}
  for _, e in ipairs(state.completed) do
    if e.type and not seen[e.type] then seen[e.type], types = true, types + 1 end
  end
  local formulas, gold = math.min(types, s.formula_max), state.gold
  local bought = 0
  while gold >= s.gold_per_formula and formulas < s.formula_max do
    gold, formulas, bought = gold - s.gold_per_formula, formulas + 1, bought + 1
  end
  local fvp = s.formula_vp[math.min(formulas, #s.formula_vp - 1) + 1]
  add(string.format("Formulas (%s + %d bought with gold = %d)", util.plural(types, "type"), bought, formulas), fvp)
  add(string.format("Leftover gold (%d)", gold), gold * s.vp_per_gold)
  add("VP scored during the game", state.vp)
  local total = 0
  for _, p in ipairs(parts) do total = total + p.value end
  return parts, total, { types = types, bought = bought, formulas = formulas, gold = gold }
end

scoring.final = game.step("final scoring", function(state)
  experiments.masterpiece(state)
  local parts, total, f = scoring.breakdown(state)
  local lines = {}
  for _, p in ipairs(parts) do lines[#lines + 1] = string.format("%s %d", p.label, p.value) end
  ui.say("Botmegistus scores: %s; total %d.", table.concat(lines, "; "), total)
  ui.why("Formulas: one per type of completed experiment (%d), plus one per %d gold up to %d (%d bought); "
    .. "the rest of its gold scores %d VP each.", f.types, state.board.scoring.gold_per_formula,
    state.board.scoring.formula_max, f.bought, state.board.scoring.vp_per_gold)
  local entries = {}
  for _, p in ipairs(parts) do entries[#entries + 1] = p end
  entries[#entries + 1] = { label = "Total", value = total }
  ui.show("Botmegistus' final score", entries)
  local yours = ui.number("Score yourself as usual: how many VP do you have?", 0, 500)
  local result = yours > total and "win" or "loss"
  local summary = result == "win" and string.format("You beat Botmegistus %d to %d.", yours, total)
    or string.format("Botmegistus wins: %d to your %d (you must beat its score).", total, yours)
  ui.say(summary)
  return { result = result, summary = summary, scores = { botmegistus = total, player = yours } }
end)

return scoring
