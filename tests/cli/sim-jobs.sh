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
make_bot "$T/bots" flaky 'local n = 0
for i = 1, 6 do if ui.confirm("Yes " .. i .. "?") then n = n + 1 end end
if n >= 5 then error("five or more yes") end
return { result = "done", scores = { yes = n } }'
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

sol sim guild-mat --games 10 --jobs 0
expect_rc 2 "--jobs 0"
has "$ERR" "--jobs" "the option named"

finish
