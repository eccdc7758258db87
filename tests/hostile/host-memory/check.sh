# A table whose subtables are shared is small for Lua and copied once per use by the host;
# 100000 options sharing one long label are copied 100000 times; a loop of narration grows the
# transcript. Each copy counts against --max-memory: the game stops with the memory limit's
# message naming what Soloist was holding, with no crash (the generous time limit: building
# the copy up to the limit is slow in sanitizer builds).
SHARED='local t = { 1 }
for i = 1, 30 do t = { t, t } end'
MEM="stopped: the bot used more than 64 MiB of memory (--max-memory), counting what Soloist holds for it"
try() {  # try NAME PHRASE LUA
    printf '%s\n' "$3" >"$BOT/main.lua"
    local start=$(date +%s)
    sol --bots "$BOTS" --max-memory 64 --max-seconds 30 run host-memory --seed 1 --answers "$T/none.yaml"
    expect_rc 1 "$1"
    no_crash "$1"
    [ $(($(date +%s) - start)) -le 60 ] || fail "$1: took $(($(date +%s) - start)) s"
    has "$ERR" "$MEM: $2" "$1"
}
try "scores" "the end it returned" "$SHARED
return { result = 'win', summary = 'x', scores = t }"
try "game.record" "the fields of game.record" "$SHARED
game.record('shared', { t = t })"
try "ui.show" "the entries of ui.show" "$SHARED
ui.show('state', { { label = 'tree', value = t } })"
try "ui.ask" "the options of ui.ask" 'local label = string.rep("x", 10000)
local options = {}
for i = 1, 100000 do options[i] = { id = tostring(i), label = label } end
ui.ask("Which?", options)'
try "ui.say" "the transcript of the game so far" 'local s = string.rep("x", 1000000)
for i = 1, 1000 do ui.say(s) end'
# A pcall cannot catch it.
try "pcall" "the fields of game.record" "$SHARED
for i = 1, 3 do pcall(game.record, 'shared', { t = t }) end
return { result = 'win', summary = 'caught', scores = {} }"
# A simulation keeps no transcript, but copies a question's options all the same.
printf '%s\n' 'local label = string.rep("x", 10000)' 'local options = {}' \
    'for i = 1, 100000 do options[i] = { id = tostring(i), label = label } end' 'ui.ask("Which?", options)' \
    'return { result = "draw", summary = "", scores = {} }' >"$BOT/main.lua"
sol --bots "$BOTS" --max-memory 64 sim host-memory --games 2
expect_rc 1 "sim"
no_crash "sim"
has "$OUT$ERR" "the options of ui.ask" "sim"
