# soloist list, check, sim, test, --version, and usage errors (exit 2).
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"

# list: guild-mat and each of its options with range or type and default.
sol list
expect_rc 0 "list"
has "$OUT" "guild-mat  Guild Mat 1.0.0" "list"
has "$OUT" "--option rounds=1..17  (default 16)" "list"
has "$OUT" "--option swap=boolean  (default true)" "list"
has "$OUT" "--option colors=string  (default red blue green)" "list"

# list with a broken bot in --bots: named, exit 1, the good bot still listed.
mkdir -p "$T/bots/broken"
printf 'id: broken\nname: [\n' >"$T/bots/broken/bot.yaml"
sol --bots "$T/bots" list
expect_rc 1 "list with a broken bot"
has "$OUT" "guild-mat  Guild Mat" "list with a broken bot"
has "$OUT" "broken  (cannot be loaded: run soloist check $T/bots/broken)" "list with a broken bot"

# check: the bundled bot passes.
sol check scripts/guild-mat
expect_rc 0 "check scripts/guild-mat"
has "$OUT" "guild-mat: ok (manifest and 2 component files valid" "check scripts/guild-mat"
has "$OUT" "200 random games without error)" "check scripts/guild-mat"
sol check "$T/nowhere"
expect_rc 1 "check of a folder without bot.yaml"
has "$OUT" "$T/nowhere: not a bot folder (it has no bot.yaml)" "check of a folder without bot.yaml"

# sim: 200 games, 0 errors, min/mean/max lines.
sol sim guild-mat --games 200
expect_rc 0 "sim --games 200"
has "$OUT" "games: 200 (seeds 1 to 200, answers random)" "sim"
if ! grep -qx "errors: 0" <<<"$OUT"; then fail "sim: no line 'errors: 0'"; echo "$OUT" | sed 's/^/  | /'; fi
if ! grep -qE '^score total: min -?[0-9.]+, mean -?[0-9.]+, max -?[0-9.]+$' <<<"$OUT"; then
    fail "sim: no 'score total: min .., mean .., max ..' line"; echo "$OUT" | sed 's/^/  | /'
fi
if ! grep -qE '^score vp: min -?[0-9.]+, mean -?[0-9.]+, max -?[0-9.]+$' <<<"$OUT"; then
    fail "sim: no 'score vp: min .., mean .., max ..' line"
fi
# The same seeds give the same report.
first=$OUT
sol sim guild-mat --games 200
[ "$OUT" = "$first" ] || fail "sim: two runs with the same seeds differ"
sol sim guild-mat --games 20 --seed 500 --answers first --option rounds=3
expect_rc 0 "sim with options"
has "$OUT" "games: 20 (seeds 500 to 519, answers first)" "sim with options"

# sim with a bot that fails on some seeds: each error names its seed and the answers given, and
# replaying them with run stops at the same line.
mkdir -p "$T/flaky/flaky"
printf 'id: flaky\nname: Flaky\ngame: Tests\nversion: 1.0.0\ndescription: Fails on three yes in a row.\nentry: main.lua\n' \
    >"$T/flaky/flaky/bot.yaml"
cat >"$T/flaky/flaky/main.lua" <<'LUA'
local d = random.roll("d", 6)
local run = 0
for i = 1, 12 do
  if ui.confirm("Yes " .. i .. "?") then run = run + 1 else run = 0 end
  if run == 3 then error("three yes in a row at question " .. i) end
end
return { result = "win", summary = "ok", scores = {} }
LUA
sol --bots "$T/flaky" sim flaky --games 5
expect_rc 1 "sim with errors"
has "$OUT" "seed 3: $T/flaky/flaky/main.lua:5: three yes in a row at question 9" "sim with errors"
# The replay line names a file holding the game's answers; running it stops at the same line.
replay=$(grep -A1 "seed 3:" <<<"$OUT" | sed -n 's/.*replay: soloist //p')
has "$replay" "--bots $T/flaky run flaky --seed 3 --answers " "the replay command"
answers=$(sed -n 's/.* --answers //p' <<<"$replay")
[ "$(grep -v '^#' "$answers" | tr -d '\n')" = "- false- false- true- false- false- false- true- true- true" ] ||
    fail "sim with errors: seed 3's answers are '$(cat "$answers")'"
sol --bots "$T/flaky" run flaky --seed 3 --answers "$answers"
expect_rc 1 "run of a sim's error"
has "$ERR" "main.lua:5: three yes in a row at question 9" "run of a sim's error"

# test: every scenario; the last line is "N passed, 0 failed".
sol test
expect_rc 0 "test"
last=$(tail -n 1 <<<"$OUT")
if ! grep -qxE '[1-9][0-9]* passed, 0 failed' <<<"$last"; then fail "test: last line is '$last'"; fi
# A scenario that fails is reported and counted, exit 1.
cat >"$T/wrong.yaml" <<'YAML'
name: a deliberately wrong expectation
bot: guild-mat
seed: 7
answers: []
expect:
  question: {prompt: "a prompt the bot never asks"}
YAML
sol test "$T/wrong.yaml"
expect_rc 1 "test of a failing scenario"
has "$OUT" "FAIL  $T/wrong.yaml" "test of a failing scenario"
has "$OUT" "does not match" "test of a failing scenario"
[ "$(tail -n 1 <<<"$OUT")" = "0 passed, 1 failed" ] || fail "failing scenario: last line '$(tail -n 1 <<<"$OUT")'"

# A missing golden file says so and how to record it; a golden that differs shows both lines.
mkdir -p "$T/golden"
printf 'name: pinned\nbot: guild-mat\nseed: 7\nanswers: ["no"]\ngolden: seed-7.jsonl\n' >"$T/golden/pinned.yaml"
sol test "$T/golden/pinned.yaml"
expect_rc 1 "a scenario whose golden file is missing"
has "$OUT" "the golden transcript $T/golden/seed-7.jsonl does not exist yet: record it with \`soloist test --update-golden $T/golden/pinned.yaml\`" "a missing golden"
lacks "$OUT" "differs" "a missing golden is not a difference"
sol test --update-golden "$T/golden/pinned.yaml"
expect_rc 0 "recording the golden"
sed -i '3s/"seed":7/"seed":8/; 3s/"text":"/"text":"X/' "$T/golden/seed-7.jsonl"
sol test "$T/golden/pinned.yaml"
expect_rc 1 "a golden that differs"
has "$OUT" "at line 3" "the line"
has "$OUT" "golden: " "the golden's line"
has "$OUT" "now:    " "the line as it is now"

# An expected event that is not there names the nearest one, or one that came too early.
cat >"$T/nearest.yaml" <<'YAML'
name: an event with a wrong field
bot: guild-mat
seed: 7
answers: []
expect:
  transcript:
    - {event: ask, prompt: "no such prompt", step: "exchange markers"}
YAML
sol test "$T/nearest.yaml"
expect_rc 1 "a missing event"
has "$OUT" "(in order after the previous ones); the nearest is event" "the nearest event"
has "$OUT" '"event":"ask","options"' "the nearest is a question"
cat >"$T/order.yaml" <<'YAML'
name: events out of order
bot: guild-mat
seed: 7
answers: []
expect:
  transcript:
    - {event: ask}
    - {event: start}
YAML
sol test "$T/order.yaml"
expect_rc 1 "events out of order"
has "$OUT" "but it comes before the previous expected event (order matters)" "an event out of order"

# Each command's --help says what happens without --seed, and only what is true of it.
sol run --help
has "$OUT" "REQUIRED" "run needs a seed"
lacks "$OUT" "drawn" "run never draws a seed"
sol sim --help
has "$OUT" "(default 1); game i plays seed + i" "sim's first seed"
lacks "$OUT" "drawn" "sim never draws a seed"
sol play --help
has "$OUT" "drawn and printed when missing" "play draws a seed"

# --version.
sol --version
expect_rc 0 "--version"
[ -n "$OUT" ] || fail "--version printed nothing"

# Usage errors: exit 2, with what was wrong.
usage() {  # usage PHRASE ARGS...
    local phrase=$1
    shift
    sol "$@"
    expect_rc 2 "usage error: soloist $*"
    has "$OUT$ERR" "$phrase" "usage error: soloist $*"
}
echo '[]' >"$T/answers.yaml"
usage "A subcommand is required"
usage "unknown command 'nonsense'; commands: list, play, games, run, replay, check, test, sim, merge, report, serve, new, paths" nonsense
usage "--frobnicate" list --frobnicate
usage "--seed is required" run guild-mat --answers "$T/answers.yaml"
usage "--answers is required" run guild-mat --seed 1
usage "BOT is required" run --seed 1 --answers "$T/answers.yaml"
usage "play needs a BOT, or --journal FILE to resume" play
usage "JOURNAL is required" replay
usage "--until" replay "$T/j.journal" --until many
usage "--seed" run guild-mat --seed minus --answers "$T/answers.yaml"
usage "--max-seconds" --max-seconds -1 list
usage "--max-memory" --max-memory 0 list
usage "--limits" --limits sometimes list
usage "--games" sim guild-mat --games 0
usage "--answers" sim guild-mat --answers clever
usage "answers file not found: $T/none.yaml" run guild-mat --seed 1 --answers "$T/none.yaml"
usage "--bots: '$T/answers.yaml' is not a folder" --bots "$T/answers.yaml" list
usage "house rules file not found: $T/none.yaml" run guild-mat --seed 1 --answers "$T/answers.yaml" --rules "$T/none.yaml"
usage "no bot at './nowhere': no such folder" run ./nowhere --seed 1 --answers "$T/answers.yaml"
usage "--option expects id=value, got 'rounds'" run guild-mat --seed 1 --option rounds --answers "$T/answers.yaml"
# help is not an error.
sol --help
expect_rc 0 "--help"
has "$OUT" "play" "--help"

# soloist test BOT runs that bot's scenarios; an unknown id is a usage error.
sol test guild-mat
expect_rc 0 "soloist test guild-mat"
has "$OUT" "scripts/guild-mat/scenarios/golden/seed-5-win.yaml" "soloist test guild-mat runs the bot's scenarios"
lacks "$OUT" "lib-test" "soloist test guild-mat runs only that bot's scenarios"
# A bot's folder stands for its scenarios too, not for its manifest and component files.
sol test "$ROOT/scripts/guild-mat"
expect_rc 0 "soloist test scripts/guild-mat"
has "$OUT" "scripts/guild-mat/scenarios/golden/seed-5-win.yaml" "a bot folder runs the bot's scenarios"
lacks "$OUT" "mat.yaml" "a bot folder's component files are not scenarios"
sol test guildmat
expect_rc 2 "soloist test of an unknown bot"
has "$ERR" "unknown bot 'guildmat' (did you mean 'guild-mat'?)" "soloist test of an unknown bot"

finish
