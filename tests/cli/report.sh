# soloist report: a run's results as one HTML page; the shards' report is the whole run's byte
# for byte; nothing from the results can break out of the page's script; bad input refused.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
R=tests/fixtures/rules

# A house rule in a folder whose name would end the page's script if written as it is.
odd="$T/a</script><!--"
mkdir -p "$odd"
cp "$R/short-game.yaml" "$R/short-game.lua" "$odd/"
sol sim guild-mat --games 300 --seed 7 --option rounds=4,8 --compare-rules "$odd/short-game.yaml" --results "$T/whole.jsonl"
expect_rc 0 "the sweep"
sol report "$T/whole.jsonl" -o "$T/whole.html"
expect_rc 0 "a report"
[ -s "$T/whole.html" ] || fail "the report is written"
html=$(cat "$T/whole.html")
has "$html" "<title>Soloist report: guild-mat 1.0.0</title>" "the title names the bot"
has "$html" "https://d3js.org v5" "d3 is in the page"
[ "$(grep -o '</script>' "$T/whole.html" | wc -l)" = 3 ] || fail "only the page's three scripts end: $(grep -o '</script>' "$T/whole.html" | wc -l)"
lacks "$html" "<!--/" "the folder's <!-- is escaped"
has "$html" 'a\u003c/script>\u003c!--/short-game.yaml' "the label kept, escaped"
lacks "$html" "<link" "no outside style"
lacks "$html" "src=\"" "no outside script or image"

# The shards' report is the whole run's.
for k in 1 2 3; do
    sol sim guild-mat --games 300 --seed 7 --option rounds=4,8 --compare-rules "$odd/short-game.yaml" --shard "$k/3" --results "$T/s$k.jsonl"
done
sol report "$T/s3.jsonl" "$T/s1.jsonl" "$T/s2.jsonl" -o "$T/shards.html"
expect_rc 0 "a report of shards"
cmp -s "$T/whole.html" "$T/shards.html" || fail "the shards' report differs from the whole run's"

# The data agrees with the records: cell 1's result shares and every game counted.
python3 - "$T/whole.jsonl" "$T/whole.html" <<'PY' || fail "the report's data agrees with the records"
import json, re, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
page = open(sys.argv[2]).read()
data = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', page, re.S).group(1))
recs = lines[1:]
assert len(data["cells"]) == 4, len(data["cells"])
for c, cell in enumerate(data["cells"]):
    mine = [r for r in recs if r["cell"] == c + 1]
    ended = [r for r in mine if "error" not in r]
    assert cell["games"] == len(mine) == 300 and cell["ended"] == len(ended)
    for name, x in cell["results"].items():
        k = sum(1 for r in ended if r["result"] == name)
        assert x["count"] == k and abs(x["mean"] - k / len(ended)) < 1e-12, (name, x, k)
        assert x["low"] <= x["mean"] <= x["high"]
    for name, dist in data["distributions"].items():
        assert sum(dist["cells"][c]) == sum(1 for r in ended if name in r["scores"]), name
    assert sum(data["questions"]["cells"][c]) == len(ended)
assert [d["cell"] for d in data["differences"]] == [2, 3, 4]
PY

# Failed games: listed with a command that plays each again.
make_flaky_bot "$T/bots"
sol --bots "$T/bots" sim flaky --games 40 --results "$T/flaky.jsonl"
expect_rc 1 "a run with failed games"
sol report "$T/flaky.jsonl" -o "$T/flaky.html"
expect_rc 0 "a report of failed games"
replay=$(python3 -c '
import json, re, sys
page = open(sys.argv[1]).read()
data = json.loads(re.search(r"id=\"data\">(.*?)</script>", page, re.S).group(1))
print(data["error_count"], len(data["errors"]))
print(data["errors"][0]["replay"])' "$T/flaky.html")
errors=$(grep -c '"error"' "$T/flaky.jsonl")
has "$(head -1 <<<"$replay")" "$errors $errors" "every failed game listed"
cmd=$(sed -n 2p <<<"$replay")
has "$cmd" "soloist --bots $T/bots sim flaky --games 1 --seed " "the replay names the bot folder and the seed"
(cd "$T" && eval "\"$SOLOIST\"${cmd#soloist}") >"$T/replayed" 2>&1
has "$(cat "$T/replayed")" "five or more yes" "the replay command plays the failed game again"
has "$(cat "$T/replayed")" "replay: soloist --bots" "and names its answers file"

# An endless game of a run with a lower answer cap: the replay command keeps the cap, so that it
# fails again (with the default cap of 10000 it would be no failure).
make_bot "$T/bots" loop 'while ui.ask("Again?", { "again", "stop" }) == "again" do end
return { result = "done" }'
sol --bots "$T/bots" sim loop --games 2 --answers first --answer-limit 30 --results "$T/loop.jsonl"
expect_rc 1 "endless games"
sol report "$T/loop.jsonl" -o "$T/loop.html"
cmd=$(python3 -c '
import json, re, sys
page = open(sys.argv[1]).read()
data = json.loads(re.search(r"id=\"data\">(.*?)</script>", page, re.S).group(1))
print(data["errors"][0]["replay"])' "$T/loop.html")
has "$cmd" " --answer-limit 30" "the replay keeps the run's answer cap"
(cd "$T" && eval "\"$SOLOIST\"${cmd#soloist}") >"$T/replayed-loop" 2>&1
has "$(cat "$T/replayed-loop")" "did not end after 30 answers" "the replay command fails the same way"

# Bad input.
sol report "$T/whole.jsonl"
expect_rc 2 "no -o"
has "$ERR" "--output" "-o is asked for"
sol report "$T/s1.jsonl" -o "$T/part.html"
expect_rc 1 "a shard missing"
has "$ERR" "a shard is missing" "why"
[ ! -e "$T/part.html" ] || fail "no report written from a part of a run"
sed '4s/"questions":[0-9]*/"questions":"x"/' "$T/whole.jsonl" >"$T/damaged.jsonl"
sol report "$T/damaged.jsonl" -o "$T/damaged.html"
expect_rc 1 "a damaged record"
has "$ERR" "damaged.jsonl:4: a damaged record: no questions count" "the line"
sol report "$T/s1.jsonl" "$T/flaky.jsonl" -o "$T/mixed.html"
expect_rc 1 "two runs"
has "$ERR" "another run than" "runs never mixed"
# A header missing a field, or with one of the wrong kind, is named (merge and report alike).
sed '1s/"first_seed":7,//' "$T/whole.jsonl" >"$T/no-seed.jsonl"
sed '1s/"answers":"random"/"answers":7/' "$T/whole.jsonl" >"$T/bad-answers.jsonl"
sed '1s/"soloist_results":1/"soloist_results":"1"/' "$T/whole.jsonl" >"$T/bad-format.jsonl"
for cmd in merge report; do
    sol "$cmd" "$T/no-seed.jsonl" -o "$T/x.html"
    [ "$cmd" = merge ] && sol merge "$T/no-seed.jsonl"
    expect_rc 1 "$cmd: no first seed"
    has "$ERR" "no-seed.jsonl:1: the header has no whole number 'first_seed'" "$cmd: the missing field"
done
sol report "$T/bad-answers.jsonl" -o "$T/x.html"
expect_rc 1 "answers of the wrong kind"
has "$ERR" "bad-answers.jsonl:1: the header has no text 'answers'" "the field of the wrong kind"
sol merge "$T/bad-format.jsonl"
expect_rc 1 "a format that is not a number"
has "$ERR" "not a Soloist results file" "the format"

cp "$T/whole.html" "$T/keep.html"
sol report "$T/damaged.jsonl" -o "$T/keep.html"
cmp -s "$T/whole.html" "$T/keep.html" || fail "a failed report leaves the file it would have replaced"

finish
