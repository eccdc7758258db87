# Lua syntax and runtime errors in a bot: the bot file and line, the message and the step;
# exit 1; a journal written by play still loads afterwards.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots
printf -- '- left\n' >"$T/left.yaml"
echo '[]' >"$T/none.yaml"

# --- Syntax error in the entry script.
make_bot "$B" syntax 'local a = ui.ask("Pick one", { "left", "right" })
local x = = 1'
sol --bots "$B" run syntax --seed 1 --answers "$T/left.yaml"
expect_rc 1 "run: syntax error"
has "$ERR" "error: $B/syntax/main.lua:2: unexpected symbol near '='" "run: syntax error"
has "$ERR" "(while loading the bot)" "run: syntax error"
has "$OUT" '"event":"error","message":"'"$B/syntax/main.lua:2: unexpected symbol near '='" "run: syntax error in the transcript"
sol check "$B/syntax"
expect_rc 1 "check: syntax error"
has "$OUT" "$B/syntax/main.lua:2: unexpected symbol near '='" "check: syntax error"
has "$OUT" "syntax: 1 Lua file(s) do not compile" "check: syntax error"

# --- Syntax error in a required module: the module's file and line.
make_bot "$B" modsyntax 'local helper = require "helper"
return { result = "draw" }'
printf 'local M = {}\nfunction M.f(\n  return 1\nend\nreturn M\n' >"$B/modsyntax/helper.lua"
sol --bots "$B" run modsyntax --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run: syntax error in a module"
has "$ERR" "$B/modsyntax/helper.lua:3:" "run: syntax error in a module"
sol check "$B/modsyntax"
expect_rc 1 "check: syntax error in a module"
has "$OUT" "$B/modsyntax/helper.lua:3:" "check: syntax error in a module"

# --- Runtime error inside a step, after a question.
make_bot "$B" runtime 'local a = ui.ask("Pick one", { "left", "right" })
local think = game.step("think", function()
  local t = nil
  return t.field
end)
think()
return { result = "draw" }'
sol --bots "$B" run runtime --seed 1 --answers "$T/left.yaml"
expect_rc 1 "run: runtime error"
has "$ERR" "error: $B/runtime/main.lua:4: attempt to index a nil value (local 't')" "run: runtime error"
has "$ERR" "(in step 'think', after question 1)" "run: runtime error"
# More answers than the bot used: its error is still the first thing said.
printf -- '- left\n- right\n' >"$T/two.yaml"
sol --bots "$B" run runtime --seed 1 --answers "$T/two.yaml"
expect_rc 1 "run: runtime error with answers left over"
has "$ERR" "$B/runtime/main.lua:4: attempt to index a nil value (local 't')" "run: runtime error with answers left over"
has "$ERR" "answer 2 is left over: the game stopped before it" "run: runtime error with answers left over"

# error() raised in a module called from a step: the module's line.
make_bot "$B" moderror 'local helper = require "helper"
local think = game.step("think", function() helper.boom() end)
local a = ui.ask("Pick one", { "left", "right" })
think()
return { result = "draw" }'
printf 'local M = {}\nfunction M.boom()\n  error("the deck is empty")\nend\nreturn M\n' >"$B/moderror/helper.lua"
sol --bots "$B" run moderror --seed 1 --answers "$T/left.yaml"
expect_rc 1 "run: error() in a module"
has "$ERR" "$B/moderror/helper.lua:3: the deck is empty" "run: error() in a module"
has "$ERR" "(in step 'think', after question 1)" "run: error() in a module"

# check plays random games and names the error.
sol check "$B/runtime"
expect_rc 1 "check: runtime error"
has "$OUT" "runtime: 200 of 200 random games stopped with a script error" "check: runtime error"
has "$OUT" "main.lua:4: attempt to index a nil value (local 't')" "check: runtime error"

# --- play with --journal: the error is shown, the journal stays whole and loads again.
sol_in "left
" --bots "$B" play runtime --seed 3 --journal "$T/runtime.journal"
expect_rc 1 "play: runtime error"
has "$OUT" "The bot stopped with an error:" "play: runtime error"
has "$OUT" "$B/runtime/main.lua:4: attempt to index a nil value (local 't')" "play: runtime error"
has "$OUT" "(in step 'think', after question 1)" "play: runtime error"
has "$OUT" "Your answers so far are saved in $T/runtime.journal" "play: runtime error"
[ "$(sed -n 2p "$T/runtime.journal")" = '{"answer":"left","q":1}' ] || fail "play: the journal lacks the answer given"
[ "$(wc -l <"$T/runtime.journal")" = 3 ] || fail "play: the journal is not header, 1 answer, trailer"
snapshot "$T/runtime.journal"
# replay loads it (no journal error) and shows the same bot error.
sol --bots "$B" replay "$T/runtime.journal"
expect_rc 1 "replay of the failed game"
lacks "$ERR" "journal $T/runtime.journal" "replay of the failed game"
has "$ERR" "$B/runtime/main.lua:4: attempt to index a nil value (local 't')" "replay of the failed game"
has "$OUT" '"event":"answer","question":1,"value":"left"' "replay of the failed game"
# play --journal resumes it: it loads, and says again why the bot stopped.
sol_in "" --bots "$B" play --journal "$T/runtime.journal"
expect_rc 1 "resume of the failed game"
has "$OUT" "Resuming runtime (seed 3) after 1 answer." "resume of the failed game"
has "$OUT" "$B/runtime/main.lua:4: attempt to index a nil value (local 't')" "resume of the failed game"
same "$T/runtime.journal"

# A syntax error at the start of play: the error is shown, and a journal of the (empty) game loads.
sol_in "quit
" --bots "$B" play syntax --seed 4 --journal "$T/syntax.journal"
expect_rc 1 "play: syntax error"
has "$OUT" "$B/syntax/main.lua:2: unexpected symbol near '='" "play: syntax error"
sol --bots "$B" replay "$T/syntax.journal"
expect_rc 1 "replay of a game that never started"
has "$ERR" "main.lua:2: unexpected symbol near '='" "replay of a game that never started"
lacks "$ERR" "journal $T/syntax.journal" "replay of a game that never started"

finish
