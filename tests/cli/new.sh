# soloist new: a starting bot that check and test pass at once, found by id in the player's
# bots folder, or written into --dir; bad ids, taken ids and existing folders refused with
# nothing written.
source "$(dirname "$0")/lib/assert.sh" "$@"

MINE=$XDG_DATA_HOME/soloist/bots
FILES="README.md
actions.yaml
bot.yaml
main.lua
scenarios/first-rounds.yaml
schemas/actions.schema.yaml"

# --- In the player's bots folder (made when missing), found by id without --bots.
sol new my-bot
expect_rc 0 "new my-bot"
has "$OUT" "A new bot 'my-bot' in $MINE/my-bot:" "new: where"
has "$OUT" "  soloist check my-bot" "new: what to run next"
[ "$(cd "$MINE/my-bot" && find . -type f | sed 's|^\./||' | sort)" = "$FILES" ] || fail "new: the files: $(cd "$MINE/my-bot" && find . -type f)"
grep -rq "@BOT_\|@SCHEMAS@" "$MINE/my-bot" && fail "new: a mark of the template is left: $(grep -rn '@BOT_\|@SCHEMAS@' "$MINE/my-bot")"
has "$(cat "$MINE/my-bot/bot.yaml")" "id: my-bot" "new: the id"
has "$(cat "$MINE/my-bot/bot.yaml")" "name: My Bot" "new: the name"
has "$(cat "$MINE/my-bot/README.md")" "## Rulings" "new: the README's rulings"
# The editor's schema line names the schemas in use, which exist.
schema=$(sed -n '1s/^# yaml-language-server: \$schema=//p' "$MINE/my-bot/bot.yaml")
[ "$schema" = "$ROOT/schemas/bot.schema.yaml" ] || fail "new: the schema line names '$schema'"
ls -A "$MINE" | grep -q '^\.' && fail "new: a staging folder was left: $(ls -A "$MINE")"

sol check my-bot
expect_rc 0 "check my-bot"
has "$OUT" "my-bot: ok" "check my-bot"
lacks "$OUT$ERR" "warning" "check my-bot"
sol test my-bot
expect_rc 0 "test my-bot"
has "$OUT" "1 passed, 0 failed" "test my-bot"
# From inside the bot's folder, by a relative path: the scenario names no bot, its folder does.
cd "$MINE/my-bot" || fail "cd into the bot"
sol test scenarios
cd - >/dev/null || exit 1
expect_rc 0 "test scenarios, inside the bot folder"
has "$OUT" "1 passed, 0 failed" "a relative scenarios folder finds its bot"
sol list --ids
has "$OUT" "my-bot" "list --ids finds the new bot"
printf -- '- no\n- blocked\n' >"$T/answers.yaml"
sol run my-bot --seed 3 --option rounds=2 --answers "$T/answers.yaml"
expect_rc 0 "run my-bot"
has "$OUT" '"event":"why"' "run my-bot: ui.why"
has "$OUT" '"event":"step","id":"bot turn"' "run my-bot: the step"
has "$OUT" '"event":"end"' "run my-bot: the end"
sol_in $'why\nno\nwhy\nset score 9\nblocked\n' play my-bot --seed 3 --option rounds=2
expect_rc 0 "play my-bot"
has "$OUT" "The bot gave no reasons for its last decisions." "play my-bot: why before any decision"
has "$OUT" "(why: " "play my-bot: why"
has "$OUT" "The bot scored 9 points" "play my-bot: set score"

# --- Refusals, each leaving everything as it was.
snapshot "$MINE/my-bot/main.lua"
mkdir -p "$T/mine/taken"
: >"$T/a-file"
listing() { (cd "$T" && find . -path ./tmp -prune -o -print | sort); }
before=$(listing)
sol new my-bot
expect_rc 2 "new over an existing bot"
has "$ERR" "$MINE/my-bot already exists; nothing was written" "new over an existing bot"
for id in My-Bot 1bot my_bot ../up a/b "" -x "$(printf 'a%.0s' {1..65})"; do
    sol new "$id"
    [ "$RC" = 2 ] || fail "new '$id': exit code $RC, expected 2"
    [ -z "$id" ] || [ "$id" = -x ] || has "$ERR" "is not a bot id: an id is lower-case letters, digits and dashes" "new '$id'"
done
sol new guild-mat
expect_rc 2 "new with a bundled bot's id"
has "$ERR" "there is already a bot 'guild-mat' ($ROOT/scripts/guild-mat); choose another id" "new guild-mat"
sol new taken --dir "$T/mine"
expect_rc 2 "new into an existing empty folder"
has "$ERR" "$T/mine/taken already exists" "new into an existing folder"
sol new other --dir "$T/a-file"
expect_rc 2 "--dir a file"
has "$ERR" "--dir: $T/a-file is not a folder" "--dir a file"
[ "$(listing)" = "$before" ] || fail "a refused new changed files: $(diff <(echo "$before") <(listing))"
same "$MINE/my-bot/main.lua"

# --- --dir: written there, named by its path; by id with --bots.
sol new other-bot --dir "$T/mine"
expect_rc 0 "new --dir"
has "$OUT" "A new bot 'other-bot' in $T/mine/other-bot:" "new --dir: where"
has "$OUT" "  soloist check $T/mine/other-bot" "new --dir: by path"
sol check "$T/mine/other-bot"
expect_rc 0 "check --dir's bot"
sol --bots "$T/mine" test other-bot
expect_rc 0 "test --dir's bot by id with --bots"
has "$OUT" "1 passed, 0 failed" "test --dir's bot"
sol --bots "$T/mine" new third --dir "$T/mine"
has "$OUT" "  soloist --bots $T/mine play third" "new into a --bots folder: by id with it"
# A name taken in a --bots folder is refused too.
sol --bots "$T/mine" new other-bot
expect_rc 2 "new with a --bots bot's id"
has "$ERR" "there is already a bot 'other-bot'" "new with a --bots bot's id"

finish
