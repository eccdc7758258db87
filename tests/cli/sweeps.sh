# sim sweeps: --option k=a,b and --compare-rules FILE make cells that play the very same seeds;
# each cell's figures are those of a run with its options alone; the differences are paired
# game by game; sweeps shard and merge like any run; bad sweeps are refused, saying why.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
R=tests/fixtures/rules

# Two values of one option: two cells, each exactly a plain run with that value.
sol sim zotikos --games 300 --seed 5 --option difficulty=apprentice-scribe,river-of-wisdom --results "$T/sweep.jsonl"
expect_rc 0 "a sweep"
has "$OUT" "games: 300 in each of 2 cells, on the same seeds (seeds 5 to 304, answers random)" "the cells and seeds"
has "$OUT" "== cell 1: difficulty=apprentice-scribe" "cell 1's label"
has "$OUT" "== cell 2: difficulty=river-of-wisdom" "cell 2's label"
has "$OUT" "== cell 2 against cell 1, game by game over the 300 games both ended (95% intervals)" "the paired differences"
sweep=$OUT
for pick in "1 apprentice-scribe" "2 river-of-wisdom"; do
    set -- $pick
    sol sim zotikos --games 300 --seed 5 --option difficulty="$2"
    alone=$(sed -n '3,$p' <<<"$OUT")  # its figures, after the games and errors lines
    cell=$(awk -v c="== cell $1:" 'index($0, c) == 1 { on = 1; next } /^== / { on = 0 } on' <<<"$sweep" | sed 1d)
    [ "$alone" = "$cell" ] || fail "cell $1 differs from a run with difficulty=$2 alone: $(diff <(echo "$alone") <(echo "$cell") | head -4)"
done

# Every game is played in both cells on one seed, cell after cell.
python3 - "$T/sweep.jsonl" <<'PY' || fail "the records of a sweep: each game's cells together on the same seed"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
head, records = lines[0], lines[1:]
assert [c["label"] for c in head["cells"]] == ["difficulty=apprentice-scribe", "difficulty=river-of-wisdom"], head["cells"]
assert head["cells"][1]["options"]["difficulty"] == "river-of-wisdom"
assert len(records) == 600, len(records)
for i, r in enumerate(records):
    assert r["game"] == i // 2 and r["cell"] == i % 2 + 1 and r["seed"] == 5 + i // 2, r
PY

# The paired difference is the mean of the game-by-game differences, from the records.
python3 - "$T/sweep.jsonl" "$sweep" <<'PY' || fail "the paired difference of zotikos' score agrees with the records"
import json, math, sys
recs = [json.loads(l) for l in open(sys.argv[1])][1:]
d = [recs[i + 1]["scores"]["zotikos"] - recs[i]["scores"]["zotikos"] for i in range(0, len(recs), 2)]
n = len(d); m = sum(d) / n
sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
want = "score zotikos: %+.2f (%+.2f to %+.2f)" % (m, m - 1.959963984540054 * sd / math.sqrt(n), m + 1.959963984540054 * sd / math.sqrt(n))
assert want in sys.argv[2], (want, sys.argv[2])
PY

# Several options: their cross product, the first option's values changing slowest.
sol sim guild-mat --games 20 --option rounds=4,6 --option swap=yes,no --option colors=red,blue,yellow
expect_rc 0 "a cross product"
has "$OUT" "games: 20 in each of 4 cells" "2 x 2 cells; a text option's commas are its own"
has "$OUT" "== cell 2: rounds=4, swap=no" "the second cell"
has "$OUT" "== cell 3: rounds=6, swap=yes" "the third cell"
lacks "$OUT" "colors=" "an option with one value is in no label"
# A text option sweeps by repeating --option.
sol sim zenodotus --games 20 --option seats=greedy,cautious --option seats=cautious,random,greedy
expect_rc 0 "a text option swept by repeating it"
has "$OUT" "== cell 1: seats=greedy,cautious" "its first value whole"
has "$OUT" "== cell 2: seats=cautious,random,greedy" "its second value whole"

# --compare-rules: the bot without house rules, then with each file; cell 2 is --rules FILE.
sol sim guild-mat --games 200 --seed 9 --compare-rules "$R/short-game.yaml"
expect_rc 0 "a house rule compared"
has "$OUT" "== cell 1: no house rules" "the plain cell"
has "$OUT" "== cell 2: rules $R/short-game.yaml" "the house rule's cell"
compared=$OUT
sol sim guild-mat --games 200 --seed 9 --rules "$R/short-game.yaml"
alone=$(sed -n '3,$p' <<<"$OUT")
cell=$(awk 'index($0, "== cell 2:") == 1 { on = 1; next } /^== / { on = 0 } on' <<<"$compared" | sed 1d)
[ "$alone" = "$cell" ] || fail "the house rule's cell differs from --rules alone: $(diff <(echo "$alone") <(echo "$cell") | head -4)"

# Threads and shards: the same output, the merged shards equal to the whole sweep.
sol sim guild-mat --games 600 --seed 2 --option rounds=5,9 --compare-rules "$R/short-game.yaml" --jobs 1
one=$OUT
for k in 1 2 3; do
    sol sim guild-mat --games 600 --seed 2 --option rounds=5,9 --compare-rules "$R/short-game.yaml" --jobs 2 --shard "$k/3" --results "$T/s$k.jsonl"
    expect_rc 0 "shard $k of a sweep"
done
sol sim guild-mat --games 600 --seed 2 --option rounds=5,9 --compare-rules "$R/short-game.yaml" --jobs 2
[ "$one" = "$OUT" ] || fail "a sweep on 2 threads differs from 1: $(diff <(echo "$one") <(echo "$OUT") | head -4)"
sol merge "$T/s2.jsonl" "$T/s3.jsonl" "$T/s1.jsonl"
expect_rc 0 "merge a sweep"
[ "$one" = "$OUT" ] || fail "the merged sweep differs from the whole: $(diff <(echo "$one") <(echo "$OUT") | head -4)"
has "$OUT" "== cell 4: rounds=9, rules $R/short-game.yaml" "the last cell"
sed '3s/"cell":2/"cell":3/' "$T/s1.jsonl" >"$T/damaged.jsonl"
sol merge "$T/damaged.jsonl" "$T/s2.jsonl" "$T/s3.jsonl"
expect_rc 1 "a record in the wrong cell"
has "$ERR" "damaged.jsonl:3: a damaged record: cell 2 was expected here" "the line and the cell expected"
sol sim guild-mat --games 600 --seed 2 --option rounds=5,8 --compare-rules "$R/short-game.yaml" --shard 1/3 --results "$T/other.jsonl"
sol merge "$T/other.jsonl" "$T/s2.jsonl" "$T/s3.jsonl"
expect_rc 1 "shards of another sweep"
has "$ERR" "another run than" "another sweep refused"
has "$ERR" "its cells is" "the cells differ"

# Bad sweeps, refused before any game.
sol sim guild-mat --option rounds=4,99
expect_rc 2 "a value out of range in a sweep"
has "$ERR" "option 'rounds'" "the option named"
sol sim guild-mat --option rounds=4,4
expect_rc 2 "a value twice"
has "$ERR" "--option rounds=4 is given twice in the sweep" "the repeated value"
sol sim guild-mat --option rounds="$(seq -s, 1 17)" --option swap=yes,no --option colors=a --option colors=b --option colors=c --option colors=d --option colors=e --option colors=f --option colors=g --option colors=h
expect_rc 2 "too many cells"
has "$ERR" "more than 256 cells" "the cap"
sol sim guild-mat --rules "$R/short-game.yaml" --compare-rules "$R/short-game.yaml"
expect_rc 2 "--rules with --compare-rules"
has "$ERR" "--rules and --compare-rules together" "the clash"

finish
