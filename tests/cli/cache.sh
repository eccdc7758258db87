# The cache of checked bots ($XDG_CACHE_HOME/soloist/checked-bots): a game played from the cache
# is byte for byte the game played with a cold cache, for every golden game of guild-mat; a
# damaged entry is rebuilt and changes nothing; a changed bot file is checked again (its new
# problem reported, never hidden by the cache); an unwritable cache is no error.
source "$(dirname "$0")/lib/assert.sh" "$@"

CACHE=$XDG_CACHE_HOME/soloist/checked-bots
cp -r "$ROOT/scripts/guild-mat" "$T/guild-mat"
BOT=$T/guild-mat

# answers_of GOLDEN: the answers of a golden game, one per line as YAML.
answers_of() { sed -n -E 's/^\{"event":"answer","question":[0-9]+,"value":(.*)\}$/- \1/p' "$1"; }

play_golden() {  # play_golden GOLDEN SEED [--option ...]: RC, and the transcript in $T/out
    local golden=$1 seed=$2
    shift 2
    answers_of "$golden" >"$T/answers.yaml"
    sol -v run "$BOT" --seed "$seed" "$@" --answers "$T/answers.yaml"
}

golden=$BOT/scenarios/golden/other-colours.jsonl
play_golden "$golden" 4 --option colors=yellow,purple,black
expect_rc 0 "cold cache"
cmp -s "$T/out" "$golden" || fail "cold cache: the transcript differs from the golden game"
has "$ERR" "checked now" "cold cache: the bot is checked"
[ "$(ls "$CACHE" | wc -l)" = 1 ] || fail "one entry written: $(ls -la "$CACHE")"

play_golden "$golden" 4 --option colors=yellow,purple,black
expect_rc 0 "warm cache"
cmp -s "$T/out" "$golden" || fail "warm cache: the transcript differs from the golden game"
has "$ERR" "checked before (from the cache of checked bots)" "warm cache: the bot comes from the cache"

# Every entry damaged: rebuilt, the game the same.
for damage in truncate flip garbage; do
    for e in "$CACHE"/*.bot; do
        case $damage in
        truncate) truncate -s 100 "$e" ;;
        flip) printf '\x00' | dd of="$e" bs=1 seek=120 conv=notrunc status=none ;;
        garbage) head -c 4000 /dev/urandom >"$e" ;;
        esac
    done
    play_golden "$golden" 4 --option colors=yellow,purple,black
    expect_rc 0 "damaged entry ($damage)"
    no_crash "damaged entry ($damage)"
    cmp -s "$T/out" "$golden" || fail "damaged entry ($damage): the transcript differs from the golden game"
    has "$ERR" "checked now" "damaged entry ($damage): checked again"
    play_golden "$golden" 4 --option colors=yellow,purple,black
    has "$ERR" "checked before" "damaged entry ($damage): written again"
done

# A bot file changed after it was cached: checked again, its problem reported.
sed -i 's/^exchange_cost: 3/exchange_cost: three/' "$BOT/mat.yaml"
sol run "$BOT" --seed 4 --answers "$T/answers.yaml"
expect_rc 1 "a changed component file"
has "$ERR" "mat.yaml:8" "a changed component file: its problem, with its line"
sed -i 's/^exchange_cost: three/exchange_cost: 3/' "$BOT/mat.yaml"
play_golden "$golden" 4 --option colors=yellow,purple,black
has "$ERR" "checked before" "the file changed back: the first entry again"

# A cache that cannot be written: the game is played all the same.
rm -rf "$XDG_CACHE_HOME"
echo "not a folder" >"$XDG_CACHE_HOME"
play_golden "$golden" 4 --option colors=yellow,purple,black
expect_rc 0 "unwritable cache"
cmp -s "$T/out" "$golden" || fail "unwritable cache: the transcript differs from the golden game"

finish
