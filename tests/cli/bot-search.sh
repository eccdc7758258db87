# Where bots are found: each --bots folder in the order given, then the player's own
# ($XDG_DATA_HOME/soloist/bots, without --bots), then the bundled ones; the first bot of an id
# hides the others. soloist paths names the folders; list --ids and --option-names.
source "$(dirname "$0")/lib/assert.sh" "$@"

MINE=$XDG_DATA_HOME/soloist/bots

sol paths
expect_rc 0 "paths"
has "$OUT" "data         $ROOT (the source tree of this build)" "paths: the data"
has "$OUT" "  schemas    $ROOT/schemas" "paths: the schemas"
has "$OUT" "your bots    $MINE (none yet: soloist new BOT-ID writes one there)" "paths: your bots"
has "$OUT" "saved games  $XDG_DATA_HOME/soloist" "paths: saved games"
has "$OUT" "cache        $XDG_CACHE_HOME/soloist/checked-bots (bots already checked; safe to delete)" "paths: the cache"
has "$OUT" "companion    $(dirname "$SOLOIST")/soloist-companion (soloist serve)" "paths: the companion's program"
sol --version --verbose --bots "$T"
expect_rc 0 "--version --verbose"
has "$OUT" "soloist " "--version --verbose: the version"
has "$OUT" "--bots       $T" "--version --verbose: the --bots folder"
sol --version
[ "$OUT" = "soloist $(sed -n 's/^project(soloist VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")" ] || fail "--version: '$OUT'"

sol list --ids
expect_rc 0 "list --ids"
bundled=$OUT
[ "$bundled" = "$(for d in "$ROOT"/scripts/*/bot.yaml; do basename "$(dirname "$d")"; done)" ] || fail "list --ids: '$bundled'"
sol list --option-names guild-mat
[ "$OUT" = $'rounds\nswap\ncolors' ] || fail "list --option-names guild-mat: '$OUT'"
sol list guild-mat
has "$OUT" "guild-mat  Guild Mat" "list one bot"
lacks "$OUT" "botric" "list one bot"
sol list nosuch
expect_rc 2 "list an unknown bot"
has "$ERR" "unknown bot 'nosuch'" "list an unknown bot"

# --- A bot of the player's own: found by id without --bots.
make_bot "$MINE" solo-test
sol list --ids
has "$OUT" "solo-test" "your bot in list --ids"
printf -- '- left\n' >"$T/left.yaml"
sol run solo-test --seed 1 --answers "$T/left.yaml"
expect_rc 0 "run your bot by id"
sol paths
has "$OUT" "your bots    $MINE"$'\n' "paths: your bots, there now"

# --- Your guild-mat hides the bundled one; a --bots folder's hides yours.
copy_guild_mat "$MINE"
sed -i 's/^name: Guild Mat$/name: My Guild Mat/' "$MINE/guild-mat/bot.yaml"
sol list
has "$OUT" "guild-mat  My Guild Mat" "your guild-mat is the one listed"
has "$OUT" "    hides the bot of the same id in $ROOT/scripts/guild-mat" "list names the hidden bundled bot"
[ "$(grep -c '^guild-mat ' <<<"$OUT")" = 1 ] || fail "guild-mat listed twice"
sol run guild-mat --seed 1 --answers "$T/left.yaml"
has "$OUT" '"event":"start"' "run guild-mat"
sol --verbose run guild-mat --seed 1 --answers "$T/left.yaml"
has "$ERR" "loading bot 'guild-mat' from $MINE/guild-mat" "run by id takes your guild-mat"
copy_guild_mat "$T/first"
copy_guild_mat "$T/second"
sol --verbose --bots "$T/second" --bots "$T/first" run guild-mat --seed 1 --answers "$T/left.yaml"
has "$ERR" "loading bot 'guild-mat' from $T/second/guild-mat" "the first --bots folder given wins"
sol --bots "$T/second" --bots "$T/first" list
has "$OUT" "    hides the bot of the same id in $T/first/guild-mat" "list: the second --bots folder's bot hidden"
has "$OUT" "    hides the bot of the same id in $MINE/guild-mat" "list: your bot hidden by --bots"
sol --bots "$T/second" --bots "$T/first" list --ids
[ "$(grep -c '^guild-mat$' <<<"$OUT")" = 1 ] || fail "list --ids: guild-mat more than once"

# --bots after the command takes one folder a use: the bot that follows is the command's.
mkdir -p "$T/after-a" "$T/after-b"
sol check --bots "$T/after-a" guild-mat --games 2
expect_rc 0 "check --bots DIR BOT"
has "$OUT" "guild-mat: ok" "the bot after --bots DIR is checked"
sol list --bots "$T/after-a" --bots "$T/after-b" --ids
expect_rc 0 "--bots twice after the command"

finish
