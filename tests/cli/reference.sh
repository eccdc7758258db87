# The no-host reference, bench/reference/guild-mat.lua run by Debian's stock lua5.4, plays the
# very games soloist sim guild-mat plays: over 10,000 seeds the same summary, figure for
# figure, and the same record for every game (result, scores, questions); then with the first
# answers and other options, and on seeds up to 2^64 - 1. The reference is what soloist_bench
# measures Soloist's speed against, so a change to either side's games must show here (all but
# the region die's faces, which nothing a simulation counts depends on).
source "$(dirname "$0")/lib/assert.sh" "$@"

REFERENCE=$ROOT/bench/reference/guild-mat.lua
if ! command -v lua5.4 >/dev/null; then
    fail "lua5.4 is not installed: the reference needs Debian's stock Lua 5.4" \
        "(tools/setup installs it: apt-get install lua5.4)"
    finish
fi

# compare WHAT GAMES SEED [ARGS...]: sim and the reference with the same arguments.
compare() {
    local what=$1 games=$2 seed=$3
    shift 3
    sol sim guild-mat --games "$games" --seed "$seed" --results "$T/sim.jsonl" "$@"
    expect_rc 0 "$what: soloist sim"
    has "$OUT" "games: $games (seeds $seed to " "$what: sim's summary"
    has "$OUT" "questions a game: median " "$what: sim's summary"
    timeout 120 lua5.4 "$REFERENCE" "$games" "$seed" "$@" --records "$T/reference.jsonl" \
        >"$T/reference.txt" 2>"$T/reference.err"
    local rc=$?
    [ "$rc" = 0 ] || fail "$what: the reference exited with $rc: $(head -c 1000 "$T/reference.err")"
    if ! cmp -s "$T/out" "$T/reference.txt"; then
        fail "$what: the summaries differ (< soloist sim, > the reference):"
        diff "$T/out" "$T/reference.txt" | head -20 | sed 's/^/  | /'
    fi
    # The results file's records follow its header line.
    local written
    written=$(wc -l <"$T/reference.jsonl")
    [ "$written" = "$games" ] || fail "$what: the reference wrote $written records, not $games"
    if ! tail -n +2 "$T/sim.jsonl" | cmp -s - "$T/reference.jsonl"; then
        fail "$what: the games differ; the first (< soloist sim, > the reference):"
        diff <(tail -n +2 "$T/sim.jsonl") "$T/reference.jsonl" | head -4 | sed 's/^/  | /'
    fi
}

compare "10,000 games" 10000 2026
compare "the first answers, other options" 2000 77 --answers first --option rounds=9 --option swap=false \
    --option colors=yellow,purple,black
compare "a few rounds, random answers" 2000 5 --option rounds=3 --option "colors=green red blue"
compare "seeds to 2^64 - 1" 500 18446744073709551116

# The reference refuses what sim refuses: seeds past 2^64 - 1.
timeout 20 lua5.4 "$REFERENCE" 2 18446744073709551615 >/dev/null 2>"$T/reference.err"
[ $? = 2 ] || fail "the reference plays seeds past 2^64 - 1"
has "$(cat "$T/reference.err")" "past 18446744073709551615" "the reference says why"

finish
