# `show` is the live state at any prompt: after a correction, after undo, after what the bot
# did since its last ui.show; a prompt given as a function names a corrected value; a resumed
# game says what led to its question. Building the view changes nothing in the game.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
J=$T/game.journal

# --- guild-mat: a correction shows at once, in `show` and in the question that names it.
sol_in "no
set loss-box 3
show
set round 4
show
quit
" play guild-mat --seed 23 --journal "$J"
expect_rc 0 "corrections then show"
has "$(sed -n '/corrected loss-box to 3/,$p' "$T/out")" "  Loss box: 3" "show after set loss-box"
has "$(sed -n '/corrected round to 4/,$p' "$T/out")" "[2] Round 4: take your actions." "the prompt after set round"
has "$(sed -n '/corrected round to 4/,$p' "$T/out")" "  Round: 4" "show after set round"

# Resumed: what happened since the last answer, then the state as it is now.
sol_in "quit
" play --journal "$J"
expect_rc 0 "resume"
has "$OUT" 'Since your last answer ("no"):
Move the green marker from start space I onto A1.' "resume recap"
has "$OUT" "  [corrected round to 4]" "resume recap has the corrections"
has "$OUT" "  Round: 4" "resume shows the corrected state"
has "$OUT" "  Loss box: 3" "resume shows the corrected state"
has "$OUT" "[2] Round 4: take your actions." "the resumed question names the corrected round"

# Undo of the correction: the state before it.
sol_in "undo
show
quit
" play --journal "$J"
has "$(sed -n '/Undone/,$p' "$T/out")" "  Round: 1" "show after undoing set round"
has "$(sed -n '/Undone/,$p' "$T/out")" "[2] Round 1: take your actions." "the prompt after undoing set round"

# --- A bot that changes its state after its last ui.show: show says what holds now. Its
# builder may not draw, narrate or record; a failed view leaves the game as it was.
make_bot "$T/bots" view '
local gold, greedy = 1, false
game.correctable{ id = "gold", label = "Gold", min = 0, max = 9,
  get = function() return gold end, set = function(v) gold = v end }
ui.show("Treasury", function()
  if greedy then random.roll("peek", 6) end
  return { { label = "Gold", value = gold } }
end)
gold = 4
ui.ask(function() return "Spend some of " .. gold .. " gold?" end, { "yes", "no" })
greedy = true
ui.ask("Again?", { "yes", "no" })
return { result = "draw", summary = "done", scores = { gold = gold } }'
sol_in "show
set gold 7
show
1
show
quit
" play view --bots "$T/bots" --seed 3 --journal "$T/view.journal"
expect_rc 0 "view bot"
has "$(sed -n '1,/corrected gold/p' "$T/out")" "  Gold: 4" "show after the bot's move"
has "$OUT" "[1] Spend some of 7 gold?" "prompt function after a correction"
has "$(sed -n '/corrected gold/,/Again/p' "$T/out")" "  Gold: 7" "show after a correction"
has "$OUT" "(the bot's show failed, so this is the last state it showed: " "a builder that draws"
has "$OUT" "random draw would change the game" "a builder that draws is refused"
no_crash "view bot"
# The game as journaled replays to the same transcript, shows or not.
sol replay "$T/view.journal" --transcript "$T/a.jsonl"
sol replay "$T/view.journal" --transcript "$T/b.jsonl"
cmp -s "$T/a.jsonl" "$T/b.jsonl" || fail "replays of a game with show commands differ"
lacks "$(cat "$T/a.jsonl")" '"stream":"peek"' "the failed view left no draw in the transcript"

# An empty list shows as "none" and is recorded as [], in show and in the transcript.
make_bot "$T/bots" empties 'ui.show("Hand", { { label = "Cards in hand", value = {} }, { label = "Queue", value = { "a" } } })
ui.ask("Go on?", { "yes" })
return { result = "done" }'
sol_in "show
quit
" play empties --bots "$T/bots" --seed 1 --journal "$T/empties.journal"
has "$OUT" "  Cards in hand: none" "an empty list shows as none"
lacks "$OUT" "{}" "no {} is printed"
echo '[]' >"$T/empty-answers.yaml"
sol run empties --bots "$T/bots" --seed 1 --answers "$T/empty-answers.yaml"
has "$OUT" '{"label":"Cards in hand","value":[]}' "an empty table is [] in the transcript"

finish
