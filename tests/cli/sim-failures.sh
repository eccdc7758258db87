# sim and check on failing games: a per-game answer cap, failed games' answers written to a
# file the message names, replay commands that carry the bot folders, options and house rules,
# house-rule overlays checked with the bot, and declared steps that no game enters.
source "$(dirname "$0")/lib/assert.sh" "$@"

# A bot whose first answer never moves the game on: --answers first would ask for ever.
make_bot "$T/bots" loop 'while ui.ask("Again?", { "again", "stop" }) == "again" do end
return { result = "done" }'
sol --bots "$T/bots" sim loop --games 2 --seed 5 --answers first --answer-limit 300 --failures "$T/failed"
expect_rc 1 "an endless game is an error"
has "$OUT" "the game did not end after 300 answers (raise the cap with --answer-limit" "the cap and how to raise it"
has "$OUT" "replay: soloist --bots $T/bots run loop --seed 5 --answers $T/failed/loop-seed-5.answers.yaml" "the replay names the bots folder and the answers file"
[ "$(grep -c '^- "again"$' "$T/failed/loop-seed-6.answers.yaml")" = 300 ] || fail "the answers file holds the 300 answers"
lacks "$OUT" '"again","again"' "the answers are not printed inline"
sol --bots "$T/bots" run loop --seed 6 --answers "$T/failed/loop-seed-6.answers.yaml"
expect_rc 1 "the answers file replays the game to where it stopped (answers run out)"
has "$ERR" "Again?" "the replay reaches the same question"

sol --bots "$T/bots" sim loop --games 1 --answer-limit 0
expect_rc 2 "an answer limit of 0"

# The default cap is 10000 answers, and random answers end the game.
sol --bots "$T/bots" sim loop --games 50 --seed 1
expect_rc 0 "random answers end the loop"
has "$OUT" "questions a game: median" "the questions a game asked"

# A failing game's replay carries its options and house rules.
make_bot "$T/bots" fails 'local level = game.options.level
game.step("think", function() if level == 4 then error("level 4 breaks it") end end)()
ui.ask("Pick", { "a", "b" })
return { result = "done" }'
mkdir -p "$T/bots/fails/rules"
printf 'name: Level four\noptions: { level: 4 }\n' >"$T/bots/fails/rules/four.yaml"
sol --bots "$T/bots" sim fails --games 1 --seed 9 --option level=4 --failures "$T/f2"
expect_rc 1 "a script error"
has "$OUT" "replay: soloist --bots $T/bots run fails --seed 9 --option level=4 --answers $T/f2/fails-seed-9.answers.yaml" "options in the replay"
has "$(cat "$T/f2/fails-seed-9.answers.yaml")" "level 4 breaks it" "the file says why the game failed"

# A sweep whose cells fail at the same seeds: each cell's answers have a file of their own, and
# each replay command gives back its own cell's error.
make_bot "$T/bots" sweepfail 'local level = game.options.level
ui.ask("Pick", { "a", "b" })
error("broken at level " .. level)'
sol --bots "$T/bots" sim sweepfail --games 2 --seed 1 --option level=3,4 --failures "$T/f4"
expect_rc 1 "every game of both cells fails"
has "$OUT" "--option level=3 --answers $T/f4/sweepfail-seed-1.answers.yaml" "the first cell keeps the plain name"
has "$OUT" "--option level=4 --answers $T/f4/sweepfail-seed-1-level=4.answers.yaml" "the second cell's file is tagged"
[ "$(ls "$T/f4" | wc -l)" = 4 ] || fail "four failed games, four files: $(ls "$T/f4")"
has "$(cat "$T/f4/sweepfail-seed-2.answers.yaml")" "broken at level 3" "cell 1's file, cell 1's error"
has "$(cat "$T/f4/sweepfail-seed-2-level=4.answers.yaml")" "broken at level 4" "cell 2's file, cell 2's error"
sol --bots "$T/bots" run sweepfail --seed 2 --option level=4 --answers "$T/f4/sweepfail-seed-2-level=4.answers.yaml"
expect_rc 1 "the tagged file replays its game"
has "$ERR" "broken at level 4" "the replay gives back the second cell's error"

# check plays the house rules the bot ships and names them in the replay.
sol --bots "$T/bots" check "$T/bots/fails" --games 3 --failures "$T/f3"
expect_rc 1 "check fails with the overlay"
has "$OUT" "fails with $T/bots/fails/rules/four.yaml: 3 of 3 random games stopped" "the overlay's games"
has "$OUT" "run $T/bots/fails --seed 1 --rules $T/bots/fails/rules/four.yaml --answers" "the replay has the rules"
lacks "$OUT" "fails: 3 of 3" "the bot without the overlay passes"

# A bad overlay is reported with its file.
printf 'name: Bad\noptions: { level: 9 }\n' >"$T/bots/fails/rules/four.yaml"
sol check "$T/bots/fails" --games 2
expect_rc 1 "a bad overlay"
has "$OUT" "rules/four.yaml" "the bad overlay's file"
rm -r "$T/bots/fails/rules"

# Games that stop before a declared step: the warning says so, not that the step lacks game.step.
make_bot "$T/bots" early 'ui.ask("Pick", { "a", "b" })
error("broken before thinking")'
sol check "$T/bots/early" --games 3
expect_rc 1 "every game fails"
has "$OUT" "warning: step 'think' is declared in bot.yaml but no game.step entered it in 3 random games; 3 games stopped with a script error first: fix those and check again" "the warning blames the errors"
lacks "$OUT" "is it wrapped with game.step" "not the hint for a step never wrapped"

# A declared step that no game enters is a warning, not a failure.
make_bot "$T/bots" quiet 'ui.ask("Pick", { "a", "b" })
return { result = "done" }'
sol check "$T/bots/quiet" --games 2
expect_rc 0 "a warning does not fail check"
has "$OUT" "warning: step 'think' is declared in bot.yaml but no game.step entered it in 2 random games" "the unentered step"
has "$OUT" "; 1 warning)" "the summary counts it"
sol check "$T/bots/fails" --games 2
expect_rc 0 "a bot that enters its step"
lacks "$OUT" "warning: step" "no warning when the step is entered"

finish
