# Saved files that are FIFOs: opening one to read waits for a writer, so a FIFO named as a
# journal, an answers file, house rules or a scenario would hang Soloist. Each is refused at
# once, naming the file and what it is; nothing waits (a 10 s timeout tells a hang).
quick() {  # quick ARGS...: soloist ARGS, as sol does, with a short timeout
    timeout 10 "$SOLOIST" "$@" </dev/null >"$T/out" 2>"$T/err"
    RC=$?
    OUT=$(cat "$T/out")
    ERR=$(cat "$T/err")
}
mkfifo "$BOT/game.journal" "$BOT/answers.yaml" "$BOT/rules.yaml" "$BOT/scenario.yaml"
FIFO="not a regular file (it is a FIFO)"

quick --bots "$BOTS" replay "$BOT/game.journal"
expect_rc 1 "replay of a FIFO"
no_crash "replay of a FIFO"
has "$ERR" "journal $BOT/game.journal: $FIFO. Pass the journal file of a saved game" "replay of a FIFO"

quick --bots "$BOTS" play --journal "$BOT/game.journal"
expect_rc 1 "play --journal of a FIFO"
no_crash "play --journal of a FIFO"
has "$OUT" "journal $BOT/game.journal: $FIFO" "play --journal of a FIFO"
[ -p "$BOT/game.journal" ] || fail "play --journal replaced the FIFO"

quick --bots "$BOTS" run journal-fifo --seed 1 --answers "$BOT/answers.yaml"
expect_rc 2 "run --answers of a FIFO"
no_crash "run --answers of a FIFO"
has "$ERR" "answers file $BOT/answers.yaml is $FIFO" "run --answers of a FIFO"

quick --bots "$BOTS" run journal-fifo --seed 1 --answers "$T/none.yaml" --rules "$BOT/rules.yaml"
expect_rc 2 "run --rules of a FIFO"
no_crash "run --rules of a FIFO"
has "$ERR" "house rules file $BOT/rules.yaml is $FIFO" "run --rules of a FIFO"

quick --bots "$BOTS" test "$BOT/scenario.yaml"
expect_rc 1 "test of a FIFO"
no_crash "test of a FIFO"
has "$OUT" "$BOT/scenario.yaml: is $FIFO" "test of a FIFO"

# A component file of the bot that is a FIFO: the bot is refused, nothing waits.
cat >>"$BOT/bot.yaml" <<'YAML'
components:
  cards: { file: cards.yaml, schema: cards }
YAML
mkfifo "$BOT/cards.yaml"
quick --bots "$BOTS" run journal-fifo --seed 1 --answers "$T/none.yaml"
expect_rc 1 "a component file that is a FIFO"
no_crash "a component file that is a FIFO"
has "$ERR" "at /components/cards/file: component file 'cards.yaml' is not a regular file (it is a FIFO)" "a component file that is a FIFO"
