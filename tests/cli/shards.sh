# sim --shard K/N and soloist merge: the shards of a run, merged in any order, print the
# figures of the whole run byte for byte; merge refuses what is not one run, whole.
source "$(dirname "$0")/lib/assert.sh" "$@"

for bot in $("$SOLOIST" list | awk '/^[a-z]/ { print $1 }'); do
    "$SOLOIST" sim "$bot" --games 700 --seed 21 >"$T/$bot.whole" 2>&1
    for k in 1 2 3; do
        "$SOLOIST" sim "$bot" --games 700 --seed 21 --shard "$k/3" --results "$T/$bot.$k.jsonl" >/dev/null 2>&1 ||
            fail "$bot: shard $k/3"
    done
    "$SOLOIST" merge "$T/$bot.3.jsonl" "$T/$bot.1.jsonl" "$T/$bot.2.jsonl" >"$T/$bot.merged" 2>&1 || fail "$bot: merge"
    cmp -s "$T/$bot.whole" "$T/$bot.merged" || fail "$bot: merged shards differ from the whole run: $(diff "$T/$bot.whole" "$T/$bot.merged" | head -4)"
done

# Failed games: merge lists them as the whole run does, each with its answers written into the
# --failures folder and the command that replays it.
make_flaky_bot "$T/bots"
sol --bots "$T/bots" sim flaky --games 500 --seed 2 --failures "$T/failed"
expect_rc 1 "a run with failed games"
whole=$OUT
has "$whole" "replay: soloist --bots $T/bots run flaky --seed " "the whole run's replay commands"
mkdir "$T/failed-whole" && cp "$T"/failed/*.yaml "$T/failed-whole/"
rm -r "$T/failed"
for k in 1 2; do
    "$SOLOIST" --bots "$T/bots" sim flaky --games 500 --seed 2 --shard "$k/2" --results "$T/flaky.$k.jsonl" >/dev/null 2>&1
done
sol merge "$T/flaky.2.jsonl" "$T/flaky.1.jsonl" --failures "$T/failed"
expect_rc 1 "merged shards with failed games"
[ "$OUT" = "$whole" ] || fail "merged shards with failed games differ from the whole run: $(diff <(echo "$whole") <(echo "$OUT") | head -6)"
for f in "$T"/failed-whole/*.yaml; do
    cmp -s "$f" "$T/failed/$(basename "$f")" || fail "the answers file $(basename "$f") differs between the run and the merge"
done
[ "$(ls "$T/failed" | wc -l)" = "$(ls "$T/failed-whole" | wc -l)" ] || fail "as many answers files from the merge as from the run"
seed=$(sed -n 's/^  seed \([0-9]*\):.*/\1/p' <<<"$whole" | head -1)
sol --bots "$T/bots" run flaky --seed "$seed" --answers "$T/failed/flaky-seed-$seed.answers.yaml"
has "$ERR$OUT" "five or more yes" "a merged failure replays to its error"
# A results file whose bot is not a bot id could name a file outside the folder: refused.
sed '1s/"bot":"flaky"/"bot":"..\/..\/x"/' "$T/flaky.1.jsonl" >"$T/bad-id.jsonl"
sol merge "$T/bad-id.jsonl"
expect_rc 1 "a header whose bot is not an id"
has "$ERR" "the header's bot is not a bot id" "the bad bot id"

# A shard says which games it played; uneven shards cover every game once.
sol sim guild-mat --games 10 --seed 3 --shard 2/3 --results "$T/g2.jsonl"
expect_rc 0 "a shard"
has "$OUT" "shard 2/3 of 10 games: games 3 to 5" "the shard's games"
has "$OUT" "games: 3 (seeds 6 to 8," "the shard's seeds"
sol sim guild-mat --games 10 --seed 3 --shard 1/3 --results "$T/g1.jsonl"
sol sim guild-mat --games 10 --seed 3 --shard 3/3 --results "$T/g3.jsonl"
sol merge "$T/g1.jsonl" "$T/g2.jsonl" "$T/g3.jsonl"
expect_rc 0 "merge"
has "$OUT" "games: 10 (seeds 3 to 12" "all ten games"

# What merge refuses, saying why.
sol merge "$T/g1.jsonl" "$T/g3.jsonl"
expect_rc 1 "a shard missing"
has "$ERR" "games 3 to 5 of the run are in no file: a shard is missing" "the missing games"
sol merge "$T/g1.jsonl" "$T/g1.jsonl" "$T/g2.jsonl" "$T/g3.jsonl"
expect_rc 1 "a shard twice"
has "$ERR" "overlap another file's" "the overlap"
sol sim guild-mat --games 10 --seed 4 --shard 2/3 --results "$T/other.jsonl"
sol merge "$T/g1.jsonl" "$T/other.jsonl" "$T/g3.jsonl"
expect_rc 1 "another run's shard"
has "$ERR" "other.jsonl:1: another run than" "mixing runs"
has "$ERR" "its first seed is 4, not 3" "what differs"
# Shards with another answer limit or narration may end other games as failures: another run.
sol sim guild-mat --games 10 --seed 3 --shard 2/3 --answer-limit 20 --results "$T/capped.jsonl"
sol merge "$T/g1.jsonl" "$T/capped.jsonl" "$T/g3.jsonl"
expect_rc 1 "another answer limit"
has "$ERR" "its answer limit (--answer-limit) is 20, not 10000" "the answer limit differs"
sol sim guild-mat --games 10 --seed 3 --shard 2/3 --narrate --results "$T/narrated.jsonl"
sol merge "$T/g1.jsonl" "$T/narrated.jsonl" "$T/g3.jsonl"
expect_rc 1 "narrated and not"
has "$ERR" "its --narrate is true, not false" "narration differs"
# Another version of the bot, other bot files, another Soloist: another run.
for change in 's/"version":"[^"]*"/"version":"9.9.9"/' 's/"files":"[^"]*"/"files":"0000000000000000"/' \
    's/"soloist":"[^"]*"/"soloist":"0.0.1"/'; do
    sed "1$change" "$T/g2.jsonl" >"$T/changed.jsonl"
    sol merge "$T/g1.jsonl" "$T/changed.jsonl" "$T/g3.jsonl"
    expect_rc 1 "another run: $change"
    has "$ERR" "changed.jsonl:1: another run than" "another run: $change"
done
has "$(head -1 "$T/g1.jsonl")" "\"soloist\":\"$("$SOLOIST" --version | awk '{ print $2 }')\"" "the header names Soloist's version"
# Nothing may follow a shard's last record, even after a blank line.
{ cat "$T/g2.jsonl"; echo; sed -n 2p "$T/g2.jsonl"; } >"$T/extra.jsonl"
sol merge "$T/g1.jsonl" "$T/extra.jsonl" "$T/g3.jsonl"
expect_rc 1 "a record after a blank line"
has "$ERR" "extra.jsonl:6: more records than its games 3 to 5" "the extra record"
sed '3s/"game":4/"game":7/' "$T/g2.jsonl" >"$T/damaged.jsonl"
sol merge "$T/g1.jsonl" "$T/damaged.jsonl" "$T/g3.jsonl"
expect_rc 1 "a damaged record"
has "$ERR" "damaged.jsonl:3: a damaged record: game 4 was expected here" "the damaged line"
head -c 200 "$T/g2.jsonl" >"$T/cut.jsonl"
sol merge "$T/g1.jsonl" "$T/cut.jsonl" "$T/g3.jsonl"
expect_rc 1 "a file cut short"
has "$ERR" "cut.jsonl:" "the cut file"
# A stranger's file of one endless line: refused at 16 MiB, not read into memory whole.
{ head -c 17000000 /dev/zero | tr '\0' 'x'; echo; } >"$T/long.jsonl"
sol merge "$T/long.jsonl"
expect_rc 1 "a line of 17 MB"
has "$ERR" "long.jsonl:1: a line longer than 16 MiB" "the long line"
{ head -3 "$T/g2.jsonl"; head -c 17000000 /dev/zero | tr '\0' ' '; echo; } >"$T/long-record.jsonl"
sol merge "$T/g1.jsonl" "$T/long-record.jsonl" "$T/g3.jsonl"
expect_rc 1 "a record of 17 MB"
has "$ERR" "long-record.jsonl:4: a line longer than 16 MiB" "the long record"
echo 'game,seed' >"$T/r.csv"
sol merge "$T/r.csv"
expect_rc 1 "CSV"
has "$ERR" "not a Soloist results file" "CSV cannot be merged"

sol sim guild-mat --games 10 --shard 1/2/3
expect_rc 2 "--shard 1/2/3"
has "$ERR" "--shard must be K/N, e.g. 2/8, not '1/2/3'" "a shard spec with two slashes"
for bad in 3/2 0/2 2/0 2 2/x 1/2/3; do
    sol sim guild-mat --games 10 --shard "$bad"
    expect_rc 2 "--shard $bad"
    has "$ERR" "--shard" "--shard $bad named"
done

finish
