# cmake --install into a temporary prefix, then the prefix moved elsewhere and the source tree
# out of sight (a mount namespace hides it, where unshare is allowed): the installed soloist
# finds its data beside itself, and from a folder outside the tree it lists, plays headless
# (each bundled bot's golden game, byte for byte), checks and tests every bundled bot. Also:
# a copied program alone refuses clearly, SOLOIST_HOME overrides, the man page and completion
# are installed.
source "$(dirname "$0")/lib/assert.sh" "$@"

BUILD=$(dirname "$SOLOIST")
[ -f "$BUILD/cmake_install.cmake" ] || { echo "no cmake_install.cmake beside $SOLOIST: not a build folder"; exit 1; }

# --- Install, then move the prefix: nothing of the first place may be needed.
cmake --install "$BUILD" --prefix "$T/prefix" >"$T/install.log" 2>&1 || { fail "cmake --install"; cat "$T/install.log"; }
for f in bin/soloist libexec/soloist/soloist-companion share/soloist/scripts/lib/deck.lua share/soloist/scripts/guild-mat/bot.yaml \
    share/soloist/schemas/bot.schema.yaml share/soloist/scripts/templates/new-bot/bot.yaml share/doc/soloist/README.md \
    share/doc/soloist/docs/authoring.md share/man/man1/soloist.1.gz share/bash-completion/completions/soloist; do
    [ -f "$T/prefix/$f" ] || fail "not installed: $f"
done
mkdir -p "$T/else"
mv "$T/prefix" "$T/else/where"
PREFIX=$T/else/where

# The bundled bots as the source tree has them, and for each a golden game played with its
# default or given options, no forced values and no house rules: `soloist run` must print it
# again byte for byte from its answers.
IDS=$(cd "$ROOT" && "$SOLOIST" list --ids)
[ -n "$IDS" ] || fail "no bundled bots in the build tree"
mkdir -p "$T/games"
for id in $IDS; do
    for golden in "$ROOT/scripts/$id"/scenarios/golden/*.jsonl; do
        [ -f "$golden" ] || continue
        grep -q '"forced":true' "$golden" && continue
        head -1 "$golden" | grep -q '"rules":' && continue
        cp "$golden" "$T/games/$id.jsonl"
        # The answers (and corrections) in order, as a YAML list: JSON scalars are YAML.
        sed -n -E 's/^\{"event":"answer","question":[0-9]+,"value":(.*)\}$/- \1/p;
                   s/^\{"event":"correct","question":[0-9]+,"target":("[^"]*"),"value":(.*)\}$/- {correct: \1, value: \2}/p' \
            "$golden" >"$T/games/$id.answers.yaml"
        [ -s "$T/games/$id.answers.yaml" ] || echo "[]" >"$T/games/$id.answers.yaml"  # a game of bots only
        head -1 "$golden" | sed -n -E 's/.*"seed":([0-9]+).*/\1/p' >"$T/games/$id.seed"
        head -1 "$golden" | sed -n 's/.*"options":{\([^}]*\)}.*/\1/p' |
            grep -oE '"[a-z][a-z0-9_-]*":("([^"\\]|\\.)*"|[^,"]*)' |
            sed -E 's/^"([^"]*)":"(.*)"$/\1=\2/; t; s/^"([^"]*)":(.*)$/\1=\2/' >"$T/games/$id.options"
        break
    done
    [ -f "$T/games/$id.jsonl" ] || echo "note: $id has no golden game without forced values; sim plays it instead"
done

# A script error of the library's test bot, as the build tree's program words it.
echo "[]" >"$T/games/none.yaml"
(cd "$ROOT" && "$SOLOIST" run scripts/lib/tests/lib-test --seed 1 --option misuse=empty-deck \
    --answers "$T/games/none.yaml" >/dev/null 2>"$T/games/lib-error.txt")
grep -q "^error: scripts/lib/tests/lib-test/main.lua:" "$T/games/lib-error.txt" || fail "lib-test's error: $(cat "$T/games/lib-error.txt")"

# What runs with the source tree out of sight, from a folder outside it.
cat >"$T/installed.sh" <<'SCRIPT'
set -u
S=$1 PREFIX=$2 ROOT=$3 GAMES=$4 IDS=$5
failures=0
bad() { echo "FAIL [install] $*"; failures=$((failures + 1)); }
cd "$(dirname "$GAMES")/else"
export XDG_DATA_HOME=$PWD/xdg  # the new bot below goes here
if [ -e "$ROOT/scripts" ]; then echo "the source tree is in sight (unshare is not allowed here)"; else echo "the source tree is out of sight"; fi

out=$("$S" paths) || bad "soloist paths: exit $?"
grep -qF "data         $PREFIX/share/soloist (installed beside the program)" <<<"$out" || bad "paths: $out"
out=$("$S" --version --verbose) || bad "--version --verbose: exit $?"
grep -qF "template   $PREFIX/share/soloist/scripts/templates/new-bot" <<<"$out" || bad "--version --verbose: $out"

listed=$("$S" list --ids) || bad "list --ids: exit $?"
[ "$listed" = "$IDS" ] || bad "list --ids: '$listed', expected '$IDS'"
"$S" list >list.txt || bad "list: exit $?"
for id in $IDS; do
    grep -q "^$id  " list.txt || bad "list does not show $id"
    if [ -f "$GAMES/$id.jsonl" ]; then
        options=()
        while IFS= read -r o; do options+=(--option "$o"); done <"$GAMES/$id.options"
        "$S" run "$id" --seed "$(cat "$GAMES/$id.seed")" "${options[@]}" --answers "$GAMES/$id.answers.yaml" \
            >"$id.jsonl" 2>"$id.err" || bad "run $id: exit $?: $(head -c 400 "$id.err")"
        cmp -s "$id.jsonl" "$GAMES/$id.jsonl" || bad "run $id: the transcript differs from its golden game: $(diff "$id.jsonl" "$GAMES/$id.jsonl" | head -4)"
    else
        "$S" sim "$id" --games 3 >"$id.sim" 2>&1 || bad "sim $id: exit $?: $(head -c 400 "$id.sim")"
    fi
    "$S" check "$id" --games 50 >"$id.check" 2>&1 || bad "check $id: exit $?: $(tail -5 "$id.check")"
    grep -q "^$id: ok" "$id.check" || bad "check $id: $(tail -5 "$id.check")"
done
# Every scenario of every bundled bot and of the library's test bots, goldens byte for byte.
"$S" test >test.txt 2>&1 || bad "test: exit $?: $(grep -A3 FAIL test.txt | head -20)"
grep -qE "^[1-9][0-9]* passed, 0 failed$" test.txt || bad "test: $(tail -1 test.txt)"
grep -q "FAIL" test.txt && bad "test: $(grep -A3 FAIL test.txt | head)"
# An error names the files as from the source tree: relative to the data root in use.
"$S" run "$PREFIX/share/soloist/scripts/lib/tests/lib-test" --seed 1 --option misuse=empty-deck \
    --answers "$GAMES/none.yaml" >/dev/null 2>lib-error.txt
cmp -s lib-error.txt "$GAMES/lib-error.txt" || bad "a script error reads otherwise than from the source tree: $(diff lib-error.txt "$GAMES/lib-error.txt")"
# A new bot from the installed template passes check and test at once.
"$S" new my-bot >new.txt || bad "new: exit $?"
"$S" check my-bot >new-check.txt 2>&1 || bad "check my-bot: $(cat new-check.txt)"
"$S" test my-bot >new-test.txt 2>&1 || bad "test my-bot: $(cat new-test.txt)"
exit "$failures"
SCRIPT

mkdir -p "$T/empty"
ids_line=$(printf '%s\n' $IDS)
if unshare -Urm true 2>/dev/null; then
    # A private mount namespace in which an empty folder covers the source tree.
    out=$(unshare -Urm bash -c 'mount --bind "$1" "$2" && shift 2 && exec bash "$@"' _ "$T/empty" "$ROOT" \
        "$T/installed.sh" "$PREFIX/bin/soloist" "$PREFIX" "$ROOT" "$T/games" "$ids_line" 2>&1)
    RC=$?
    has "$out" "the source tree is out of sight" "the source tree hidden"
else
    out=$(bash "$T/installed.sh" "$PREFIX/bin/soloist" "$PREFIX" "$ROOT" "$T/games" "$ids_line" 2>&1)
    RC=$?
fi
echo "$out" | grep -v '^FAIL' | sed 's/^/  /'
if [ "$RC" != 0 ]; then
    fail "the installed soloist: $RC check(s) failed"
    echo "$out" | grep '^FAIL' | sed 's/^/  /'
fi

# --- serve runs the companion program installed in PREFIX/libexec/soloist, with the installed data.
source "$ROOT/tests/cli/lib/serve_check.sh"
mkdir -p "$T/serving"
why=$(cd "$T/serving" && serve_lists_bots "$PREFIX/bin/soloist" "$T/serving") || fail "the installed soloist serve: $why"

# --- A program copied away from its data refuses, naming where it looked and what to set.
mkdir -p "$T/lonely/bin"
cp "$PREFIX/bin/soloist" "$T/lonely/bin/soloist"
SOLOIST=$T/lonely/bin/soloist
sol list
expect_rc 1 "a copied program without its data"
has "$ERR" "Soloist cannot find its data" "no data: the message"
has "$ERR" "$T/lonely/share/soloist (beside the program $T/lonely/bin/soloist)" "no data: where it looked"
has "$ERR" "set SOLOIST_HOME to the folder that holds scripts/ and schemas/" "no data: what to set"
sol paths
expect_rc 1 "paths without data"
has "$OUT" "data         not found" "paths without data"
# SOLOIST_HOME overrides, and must hold the data.
SOLOIST_HOME=$PREFIX/share/soloist sol list --ids
expect_rc 0 "SOLOIST_HOME"
[ "$OUT" = "$ids_line" ] || fail "SOLOIST_HOME: list --ids gave '$OUT'"
SOLOIST_HOME=$T/empty sol paths
expect_rc 1 "SOLOIST_HOME without data"
has "$ERR" "SOLOIST_HOME is $T/empty, which does not hold Soloist's data" "SOLOIST_HOME without data"
SOLOIST_HOME=$T/empty "$PREFIX/bin/soloist" list >/dev/null 2>&1 && fail "SOLOIST_HOME without data: the installed data was used instead"

# --- The man page: every command, and the environment.
if command -v man >/dev/null; then
    page=$(MANWIDTH=100 man -l "$PREFIX/share/man/man1/soloist.1.gz" 2>/dev/null)
    for phrase in "soloist new" "soloist paths" "soloist play" "soloist serve" "SOLOIST_HOME" "XDG_DATA_HOME" "EXIT STATUS"; do
        has "$page" "$phrase" "the man page"
    done
else
    zcat "$PREFIX/share/man/man1/soloist.1.gz" | grep -q "SOLOIST_HOME" || fail "the man page has no SOLOIST_HOME"
fi

finish
