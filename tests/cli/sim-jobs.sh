# sim --jobs N: any number of threads gives the very output of one thread, for every bundled
# bot and for failing games too (errors in game order, the same answers files).
source "$(dirname "$0")/lib/assert.sh" "$@"

for bot in $("$SOLOIST" list | awk '/^[a-z]/ { print $1 }'); do
    "$SOLOIST" sim "$bot" --games 700 --seed 11 --jobs 1 >"$T/one" 2>&1 || fail "$bot: sim --jobs 1 failed: $(head -3 "$T/one")"
    for jobs in 2 3; do
        "$SOLOIST" sim "$bot" --games 700 --seed 11 --jobs "$jobs" >"$T/many" 2>&1
        cmp -s "$T/one" "$T/many" || fail "$bot: --jobs $jobs differs from --jobs 1: $(diff "$T/one" "$T/many" | head -5)"
    done
done

# Failing games: the same errors, in game order, with the same answers kept.
make_flaky_bot "$T/bots"
sol --bots "$T/bots" sim flaky --games 900 --jobs 1 --failures "$T/f1"
expect_rc 1 "failures with one thread"
one=$(sed "s|$T/f1|F|g" <<<"$OUT")
sol --bots "$T/bots" sim flaky --games 900 --jobs 2 --failures "$T/f2"
two=$(sed "s|$T/f2|F|g" <<<"$OUT")
[ "$one" = "$two" ] || fail "failing games differ between 1 and 2 threads: $(diff <(echo "$one") <(echo "$two") | head -5)"
has "$one" "errors: " "the errors counted"
for f in "$T"/f1/*.yaml; do
    cmp -s <(sed "s|$T/f1|F|g" "$f") <(sed "s|$T/f2|F|g" "$T/f2/$(basename "$f")") ||
        fail "the answers file $(basename "$f") differs between 1 and 2 threads"
done
[ "$(ls "$T/f1" | wc -l)" = "$(ls "$T/f2" | wc -l)" ] || fail "as many answers files with 1 and 2 threads"

# --results: one record a game in game order, the same for any number of threads.
sol sim guild-mat --games 700 --seed 4 --jobs 1 --results "$T/one.jsonl"
expect_rc 0 "sim with results"
sol sim guild-mat --games 700 --seed 4 --jobs 3 --results "$T/three.jsonl"
cmp -s "$T/one.jsonl" "$T/three.jsonl" || fail "results differ between 1 and 3 threads"
[ "$(wc -l <"$T/one.jsonl")" = 701 ] || fail "a header and 700 records: $(wc -l <"$T/one.jsonl")"
has "$(head -1 "$T/one.jsonl")" '"bot":"guild-mat"' "the header names the bot"
has "$(head -1 "$T/one.jsonl")" '"first_seed":4,"games":700' "the header names the seeds"
has "$(sed -n 2p "$T/one.jsonl")" '{"cell":1,"game":0,"questions":' "the first record is game 0"
has "$(tail -1 "$T/one.jsonl")" '"game":699,' "the last record is game 699"
has "$(tail -1 "$T/one.jsonl")" '"seed":703}' "game 699 has seed 4 + 699"
[ ! -e "$T/one.jsonl.partial" ] || fail "the partial file is renamed when complete"
sol --bots "$T/bots" sim flaky --games 300 --jobs 2 --results "$T/flaky.csv"
has "$(head -1 "$T/flaky.csv")" "game,cell,cell label,seed,result,questions,rounds,error,score yes" "the CSV header"
has "$(cat "$T/flaky.csv")" "1,1,,2,,6,,$T/bots/flaky/main.lua:3: five or more yes," "a failed game's error in its row"
sol sim guild-mat --games 5 --results "$T/no/such/folder/r.jsonl"
expect_rc 2 "a results file that cannot be written"
has "$ERR" "--results: cannot write" "the results file's problem"

sol sim guild-mat --games 10 --jobs 0
expect_rc 2 "--jobs 0"
has "$ERR" "--jobs" "the option named"

# The rounds a game lasted, from each end's `rounds`: over the games whose end says.
sol sim guild-mat --games 50 --results "$T/rounds.jsonl"
has "$OUT" "rounds a game: median " "guild-mat's rounds a game"
has "$(sed -n 2p "$T/rounds.jsonl")" '"rounds":' "a record's rounds"
make_bot "$T/bots" some-rounds 'local long = ui.confirm("Long?")
return { result = "done", scores = {}, rounds = long and 5 or nil }'
sol --bots "$T/bots" sim some-rounds --games 40 --seed 1
has "$OUT" "rounds a game: median 5, mean 5, min 5, max 5 (the " "only the games whose end says"

# A progress line on a terminal (script(1) gives the run one), none with --quiet or into a file.
command -v script >/dev/null || fail "script (util-linux) is needed to give sim a terminal"
script -qec "'$SOLOIST' sim guild-mat --games 600 --jobs 1" /dev/null >"$T/tty.out" 2>&1
has "$(tr '\r' '\n' <"$T/tty.out")" "600 of 600 games, " "the progress line on a terminal"
has "$(cat "$T/tty.out")" "games: 600 (seeds 1 to 600" "the figures after it"
script -qec "'$SOLOIST' --quiet sim guild-mat --games 600 --jobs 1" /dev/null >"$T/quiet.out" 2>&1
lacks "$(cat "$T/quiet.out")" "of 600 games" "no progress line with --quiet"
has "$(cat "$T/quiet.out")" "games: 600 (seeds 1 to 600" "the figures with --quiet"
sol sim guild-mat --games 600 --jobs 1
[ -z "$ERR" ] || fail "no progress line when standard error is not a terminal: $ERR"

finish
