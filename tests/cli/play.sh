# soloist play through scripted standard input: the game starts, help, show, why, undo (the
# question number goes back and the journal loses the entry), set, illegal answers, quit and
# resume, end of input, saved games in $XDG_DATA_HOME/soloist, a drawn seed.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
J=$T/game.journal
entries() { grep -c -e '"answer"' -e '"correct"' "$1"; }

# No saved games yet.
sol games
expect_rc 0 "games before any game"
has "$OUT" "No saved games in $XDG_DATA_HOME/soloist" "games before any game"

# --- One session: help, show, why, an illegal answer, an answer, why, undo, set, quit.
sol_in "help
show
why
undo
maybe
1
why
undo
no
set
set rounds 3
set round 99
set loss-box 2
undo
set loss-box 1
quit
" play guild-mat --seed 12 --journal "$J"
expect_rc 0 "play session"
has "$OUT" "Soloist: Guild Mat (guild-mat 1.0.0), seed 12. Type help at any prompt." "start"
has "$OUT" "Drawn for the start spaces: green on I, red on II and green on III." "start"
has "$OUT" "[1] Exchange two neighbouring start markers for 3 Jar?
  1) No exchange  [no]
  2) Exchange I (green) and II (red) for 3 Jar  [I-II]
  3) Exchange II (red) and III (green) for 3 Jar  [II-III]
> " "question 1"
has "$OUT" "  undo           take back your last answer" "help"
has "$OUT" "  quit           save and leave; resume with soloist play --journal FILE" "help"
has "$OUT" "== The solo mat at the start ==
  Round: 1
  Start space I: green" "show"
has "$OUT" "The bot gave no reasons for its last decisions." "why before any decision"
has "$OUT" "Nothing to undo." "undo with nothing to undo"
has "$OUT" "'maybe' is not an answer here. Legal: 1) no, 2) I-II, 3) II-III (or type help)" "illegal answer"
has "$OUT" "Move the green marker from start space I onto A1." "answer by number"
has "$OUT" "[2] Round 1: take your actions. Answer when your turn is over." "question 2"
has "$OUT" "  - The first marker of the game opens the top row, A. A1 is the leftmost empty space of row A." "why"
has "$OUT" "Undone. Back at question 1." "undo"
has "$OUT" "Usage: set NAME NUMBER. Correctable values:
  loss-box  Loss box (mines) (0 to 7)
  round  Round (1 to 16)" "set lists the values"
has "$OUT" "nothing called 'rounds' can be corrected (did you mean 'round'?); correctable: loss-box, round" "set of an unknown value"
has "$OUT" "Round must be from 1 to 16" "set out of range"
has "$OUT" "[corrected loss-box to 2]" "set"
has "$OUT" "Undone. Back at question 2." "undo of a correction"
has "$OUT" "[corrected loss-box to 1]" "set after undo"
has "$OUT" "Saved. Resume with: soloist play --journal $J" "quit"
# After undo the question number went back: question 1 is asked again, and the answer "no"
# (after the undo) is the journal's only answer.
n=$(grep -c '^\[1\] Exchange two neighbouring' "$T/out")
[ "$n" -ge 2 ] || fail "question 1 was asked $n time(s) around the undo"
[ "$(sed -n 2p "$J")" = '{"answer":"no","q":1}' ] || fail "journal line 2 is '$(sed -n 2p "$J")'"
[ "$(sed -n 3p "$J")" = '{"correct":"loss-box","value":1,"q":2}' ] || fail "journal line 3 is '$(sed -n 3p "$J")'"
[ "$(entries "$J")" = 2 ] || fail "the journal has $(entries "$J") entries, expected 2 (the undone ones gone)"
sol replay "$J"
expect_rc 0 "the saved journal replays"

# run takes a journal as its answers only for the journal's own game.
sol run guild-mat --seed 12 --answers "$J"
expect_rc 1 "run on the journal's answers (an answer and a correction: they run out at question 2)"
has "$ERR" "the answers ran out at question 2 (\"Round 1: take your actions" "the journal's answers were played"
sol run guild-mat --seed 13 --answers "$J"
expect_rc 2 "another seed"
has "$ERR" "$J is a journal of another game: its seed is 12, not 13. Replay it with soloist replay" "the seed differs"
sol run botric --seed 12 --answers "$J"
expect_rc 2 "another bot"
has "$ERR" "its bot is guild-mat, not botric" "the bot differs"
sol run guild-mat --seed 12 --option swap=false --answers "$J"
expect_rc 2 "other options"
has "$ERR" '"swap":true}, not {' "the options differ"

# undo rewrites the journal at once: it loses the entry.
cp "$J" "$T/before-undo.journal"
sol_in "undo
quit
" play --journal "$J"
expect_rc 0 "undo after resume"
has "$OUT" "Undone. Back at question 2." "undo after resume"
[ "$(entries "$J")" = 1 ] || fail "after undo the journal has $(entries "$J") entries, expected 1"
lacks "$(cat "$J")" '"correct"' "the undone correction is gone from the journal"
cp "$T/before-undo.journal" "$J"

# --- Resume at the same question.
sol_in "quit
" play --journal "$J"
expect_rc 0 "resume"
has "$OUT" "Resuming guild-mat (seed 12) after 2 answers." "resume"
has "$OUT" "  Start space I: red" "resume shows the last state"
has "$OUT" "[2] Round 1: take your actions. Answer when your turn is over." "resume at question 2"
lacks "$OUT" "[1] Exchange" "resume does not ask question 1 again"
snapshot "$J"
# End of input acts as quit: exit 0, saved, no spinning.
start=$(date +%s)
sol_in "" play --journal "$J"
end=$(date +%s)
expect_rc 0 "end of input"
has "$OUT" "Saved. Resume with: soloist play --journal $J" "end of input"
[ $((end - start)) -le 10 ] || fail "end of input took $((end - start)) s"
[ "$(grep -c '^\[2\] Round 1' "$T/out")" = 1 ] || fail "end of input: the question was asked more than once"
same "$J"
# An unfinished line at the end of input still counts as an answer.
sol_in "done" play --journal "$J"
expect_rc 0 "an answer without a newline at the end of input"
has "$OUT" "[3] Exchange two neighbouring start markers" "an answer without a newline"
[ "$(entries "$J")" = 3 ] || fail "the last unterminated answer was not saved"

# --- The game to its end: the result and where it is saved.
sol_in "no
done
80
" play guild-mat --seed 12 --option rounds=1 --journal "$T/end.journal"
expect_rc 0 "a whole game"
has "$OUT" "*** The game is over: loss ***" "a whole game"
has "$OUT" "You lost: you met 0 of the 2 last spaces needed, with 80 points." "a whole game"
has "$OUT" "The game is saved in $T/end.journal" "a whole game"
sol_in "" play --journal "$T/end.journal"
expect_rc 0 "resume of an ended game"
has "$OUT" "The game is saved in $T/end.journal" "resume of an ended game"

# The correction counts: 2 mines in the loss box take 4 points off.
sol_in "no
set loss-box 2
done
80
" play guild-mat --seed 12 --option rounds=1 --journal "$T/corrected.journal"
expect_rc 0 "a whole game with a correction"
has "$OUT" "total: 76" "a whole game with a correction"

# --- Without --journal: saved under $XDG_DATA_HOME/soloist, listed by soloist games.
sol_in "no
quit
" play guild-mat --seed 12
expect_rc 0 "play without --journal"
saved=$(ls "$XDG_DATA_HOME"/soloist/guild-mat-*-12.journal 2>/dev/null | head -n 1)
[ -n "$saved" ] || fail "no journal guild-mat-*-12.journal in $XDG_DATA_HOME/soloist"
[[ $(basename "${saved:-x}") =~ ^guild-mat-[0-9]{8}-[0-9]{6}-12\.journal$ ]] || fail "saved journal name '$saved'"
has "$OUT" "Saved. Resume with: soloist play --journal $saved" "play without --journal"
sol games
expect_rc 0 "games"
has "$OUT" "$saved
    guild-mat 1.0.0, seed 12, 1 answer, started " "games"
has "$OUT" "Resume one with: soloist play --journal FILE" "games"
[ ! -e "$HOME/.local/share/soloist" ] || fail "a game was saved in \$HOME despite XDG_DATA_HOME"

# --- A missing seed is drawn and printed, and is the journal's seed.
sol_in "quit
" play guild-mat --journal "$T/drawn.journal"
expect_rc 0 "play without --seed"
seed=$(sed -n 's/^Soloist: Guild Mat (guild-mat 1.0.0), seed \([0-9][0-9]*\)\. Type help at any prompt\.$/\1/p' "$T/out")
[ -n "$seed" ] || fail "play without --seed printed no seed"
grep -qF "\"seed\":${seed:-x}," "$T/drawn.journal" || fail "the drawn seed $seed is not the journal's"
# ...and the printed seed reproduces the game.
drawn=$(grep -F 'Drawn for the start spaces' "$T/out")
[ -n "$drawn" ] || fail "play without --seed drew no start markers"
sol_in "quit
" play guild-mat --seed "${seed:-0}" --journal "$T/same-seed.journal"
has "$OUT" "${drawn:-(nothing)}" "the printed seed reproduces the game"

# Nothing is made durable before there is an answer to keep: starting a game writes its journal
# (a path that cannot be written says so before the first question) but no fsync happens until
# the first answer, which is on disk (the file, then its folder) before the next question.
if ! command -v strace >/dev/null; then
    fail "strace is needed for this check (tools/setup installs it)"
elif ! strace -o /dev/null true 2>/dev/null; then
    echo "note: strace cannot trace here (ptrace not allowed), the fsync check is skipped"
else
    strace -f -e trace=fsync,fdatasync -o "$T/start.strace" "$SOLOIST" --quiet play guild-mat --seed 3 \
        --journal "$T/start.journal" </dev/null >/dev/null 2>&1
    [ -s "$T/start.journal" ] || fail "the journal is written before the first question"
    [ "$(grep -c fsync "$T/start.strace")" = 0 ] || fail "fsync before any answer: $(grep fsync "$T/start.strace" | head -3)"
    printf '1\n' | strace -f -e trace=fsync,fdatasync -o "$T/answer.strace" "$SOLOIST" --quiet play guild-mat --seed 3 \
        --journal "$T/answer.journal" >/dev/null 2>&1
    [ "$(grep -c fsync "$T/answer.strace")" -ge 2 ] || fail "the first answer is made durable (file and folder): $(cat "$T/answer.strace" | head -5)"
    has "$(cat "$T/answer.journal")" '"entries":1' "the first answer is in the journal"
fi

finish
