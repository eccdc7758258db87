# soloist test --update-golden writes each scenario's golden transcript, through a link to
# where it leads: a stranger's bot could aim it at any file of the player's (~/.bashrc). A
# golden file must lie in the scenario's folder, as written and once links are followed; else
# the scenario fails, naming the file and where it leads, and nothing is written.
OUTSIDE=$T/symlink-golden-outside
mkdir -p "$OUTSIDE"
printf 'precious\n' >"$OUTSIDE/precious.txt"
snapshot "$OUTSIDE/precious.txt"
SCENARIO=$BOT/scenarios/golden.yaml

sol --bots "$BOTS" test "$SCENARIO" --update-golden
expect_rc 0 "a golden transcript in the scenario's folder"
grep -q '"text":"You picked left"' "$BOT/scenarios/golden.jsonl" || fail "the golden transcript was not written"

rm "$BOT/scenarios/golden.jsonl"
ln -s "$OUTSIDE/precious.txt" "$BOT/scenarios/golden.jsonl"
for flag in --update-golden ""; do
    sol --bots "$BOTS" test "$SCENARIO" $flag
    expect_rc 1 "a golden file linked outside ($flag)"
    no_crash "a golden file linked outside ($flag)"
    has "$OUT" "$SCENARIO: golden 'golden.jsonl' leads to $OUTSIDE/precious.txt (through a symbolic link), outside the scenario's folder ($BOT/scenarios); keep golden transcripts beside their scenarios" "a golden file linked outside ($flag)"
    same "$OUTSIDE/precious.txt"
done

printf 'name: Out\nanswers: [left]\ngolden: ../../../symlink-golden-outside/precious.txt\n' >"$BOT/scenarios/out.yaml"
sol --bots "$BOTS" test "$BOT/scenarios/out.yaml" --update-golden
expect_rc 1 "a golden path out of the folder"
has "$OUT" "golden '../../../symlink-golden-outside/precious.txt' must be a relative path inside the scenario's folder" "a golden path out of the folder"
same "$OUTSIDE/precious.txt"
