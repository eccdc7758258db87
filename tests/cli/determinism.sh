# soloist run is deterministic: separate runs with the same seed and answers give byte-identical
# transcripts; soloist replay JOURNAL reproduces the transcript of the game that wrote it (a
# play session's journal replays to the run transcript of the same seed and answers); --until N.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"

# A whole game of guild-mat, seed 5: answer each question with its first legal answer (numbers:
# the largest, at most 75), found by running the game with the answers so far.
: >"$T/lines"
for i in $(seq 1 200); do
    if [ -s "$T/lines" ]; then cp "$T/lines" "$T/whole.yaml"; else echo '[]' >"$T/whole.yaml"; fi
    sol run guild-mat --seed 5 --answers "$T/whole.yaml"
    [ "$RC" = 0 ] && break
    legal=$(sed -n 's/^error: the answers ran out at question .*; legal answers: //p' <<<"$ERR")
    case $legal in
        "1) "*) a=$(sed 's/^1) \([^,]*\).*/\1/' <<<"$legal") ;;
        "yes or no") a=yes ;;
        "a whole number from "*) a=$(sed 's/^a whole number from [0-9-]* to \([0-9-]*\)$/\1/' <<<"$legal"); [ "$a" -gt 75 ] && a=75 ;;
        *) fail "unexpected stop: $ERR"; break ;;
    esac
    echo "- \"$a\"" >>"$T/lines"
done
expect_rc 0 "a whole game of guild-mat"
has "$OUT" '"event":"end"' "a whole game of guild-mat"
answers=$(wc -l <"$T/lines")
[ "$answers" -ge 20 ] || fail "the whole game has only $answers answers"

# --- Two separate runs: byte-identical, on stdout and with --transcript.
sol run guild-mat --seed 5 --answers "$T/whole.yaml"
cp "$T/out" "$T/run1.jsonl"
sol run guild-mat --seed 5 --answers "$T/whole.yaml"
cp "$T/out" "$T/run2.jsonl"
cmp -s "$T/run1.jsonl" "$T/run2.jsonl" || fail "two runs with the same seed and answers differ"
sol run guild-mat --seed 5 --answers "$T/whole.yaml" --transcript "$T/run3.jsonl"
expect_rc 0 "run --transcript"
[ -z "$OUT" ] || fail "run --transcript also printed to stdout"
cmp -s "$T/run1.jsonl" "$T/run3.jsonl" || fail "run --transcript differs from run's stdout"
# The transcript is JSON Lines: a start, the events, an end.
[ "$(head -n 1 "$T/run1.jsonl" | cut -c1-38)" = '{"bot":"guild-mat","event":"start","op' ] || fail "the transcript does not open with the start event"
tail -n 1 "$T/run1.jsonl" | grep -q '^{"event":"end",' || fail "the transcript does not close with the end event"
n=$(grep -c '"event":"answer"' "$T/run1.jsonl")
[ "$n" = "$answers" ] || fail "the transcript has $n answers, the file $answers"
# Another seed gives another game (so the comparisons above can fail).
sol run guild-mat --seed 6 --answers "$T/whole.yaml"
cmp -s "$T/out" "$T/run1.jsonl" && fail "seeds 5 and 6 gave the same transcript"
# Options are part of the game too.
sol run guild-mat --seed 5 --option "colors=yellow purple black" --answers "$T/whole.yaml"
has "$OUT" '"options":{"colors":"yellow purple black","rounds":16,"swap":true}' "run with an option"

# --- A play session with the same answers (quit halfway, resumed): its journal replays to the
# run's transcript, byte for byte.
J=$T/play.journal
half=$((answers / 2))
sed 's/^- "\(.*\)"$/\1/' "$T/lines" >"$T/plain"
sol_in "$(head -n "$half" "$T/plain")
quit
" play guild-mat --seed 5 --journal "$J"
expect_rc 0 "play the first half"
sol_in "$(tail -n +"$((half + 1))" "$T/plain")
" play --journal "$J"
expect_rc 0 "play the second half"
has "$OUT" "*** The game is over:" "play the second half"
sol replay "$J"
expect_rc 0 "replay of the play journal"
cmp -s "$T/out" "$T/run1.jsonl" || { fail "replay of the play journal differs from the run transcript"; diff "$T/out" "$T/run1.jsonl" | head -n 5; }
sol replay "$J" --transcript "$T/replay.jsonl"
cmp -s "$T/replay.jsonl" "$T/run1.jsonl" || fail "replay --transcript differs from the run transcript"
# The journal itself is an answers file for run.
sol run guild-mat --seed 5 --answers "$J"
expect_rc 0 "run --answers JOURNAL"
cmp -s "$T/out" "$T/run1.jsonl" || fail "run --answers JOURNAL differs from run --answers YAML"

# With corrections: play and run agree as well.
sol_in "no
set loss-box 2
done
set round 1
80
" play guild-mat --seed 12 --option rounds=1 --journal "$T/corr.journal"
expect_rc 0 "play with corrections"
has "$OUT" "total: 76" "play with corrections"
printf -- '- no\n- {correct: loss-box, value: 2}\n- done\n- {correct: round, value: 1}\n- 80\n' >"$T/corr.yaml"
sol run guild-mat --seed 12 --option rounds=1 --answers "$T/corr.yaml"
expect_rc 0 "run with corrections"
cp "$T/out" "$T/corr-run.jsonl"
has "$OUT" '"event":"correct","question":2,"target":"loss-box","value":2' "run with corrections"
has "$OUT" '"event":"correct","question":3,"target":"round","value":1' "run with corrections"
sol replay "$T/corr.journal"
expect_rc 0 "replay with corrections"
cmp -s "$T/out" "$T/corr-run.jsonl" || fail "replay of a journal with corrections differs from the run"

# --- --until N: the first N entries, as the run of the first N answers.
for n in 0 1 3 "$half"; do
    if [ "$n" = 0 ]; then echo '[]' >"$T/first.yaml"; else head -n "$n" "$T/lines" >"$T/first.yaml"; fi
    sol run guild-mat --seed 5 --answers "$T/first.yaml"
    cp "$T/out" "$T/first.jsonl"
    sol replay "$J" --until "$n"
    expect_rc 0 "replay --until $n"
    cmp -s "$T/out" "$T/first.jsonl" || fail "replay --until $n differs from the run of the first $n answers"
    a=$(grep -c '"event":"answer"' "$T/out")
    [ "$a" = "$n" ] || fail "replay --until $n has $a answers"
done
# --until past the end is the whole journal.
sol replay "$J" --until 100000
expect_rc 0 "replay --until past the end"
cmp -s "$T/out" "$T/run1.jsonl" || fail "replay --until past the end differs from the whole game"

finish
