# Runaway bots: an endless loop, a memory bomb, deep recursion. Each is stopped with an error
# naming the file and line (and the limit), exit 1, no crash, no hang; pcall cannot catch it.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots
printf -- '- go\n' >"$T/go.yaml"
LIMITS=(--max-seconds 0.5 --max-memory 64)
# Filling 64 MiB, or a stack of a million slots, can take longer than 0.5 s in a Debug build
# or on a loaded machine: the memory bombs and the deep recursions get a generous time, so
# that only the memory or depth limit they test can stop them.
MEMLIMITS=(--max-seconds 10 --max-memory 64)
ASK='local a = ui.ask("Ready?", { "go" })'

make_bot "$B" loop "$ASK
local n = 0
while true do n = n + 1 end"
make_bot "$B" earlyloop 'while true do end'
make_bot "$B" pcallloop "$ASK
local ok, e = pcall(function() while true do end end)
ui.say(\"caught: \" .. tostring(e))
local n = 0
while true do n = n + 1 end"
make_bot "$B" sortloop "$ASK
local t = {}
for i = 1, 100 do t[i] = i end
table.sort(t, function(a, b) while true do end end)"
make_bot "$B" tablebomb "$ASK
local t, i = {}, 0
while true do i = i + 1; t[i] = { i, i, i, i } end"
make_bot "$B" stringbomb "$ASK
local s = string.rep(\"x\", 200 * 1024 * 1024)"
make_bot "$B" concatbomb "$ASK
local s = \"x\"
while true do s = s .. s end"
make_bot "$B" recursion "$ASK
local function f(n) return 1 + f(n + 1) end
f(1)"
make_bot "$B" metarecursion "$ASK
local t = setmetatable({}, { __index = function(t, k) return t[k] end })
local x = t.anything"
make_bot "$B" pcallbomb "$ASK
local ok = pcall(function() local t = {} while true do t[#t + 1] = string.rep(\"y\", 1024 * 1024) end end)
ui.say(\"caught the bomb\")
return { result = \"draw\" }"

stopped() {  # stopped BOT [mem] PHRASE...: run BOT with LIMITS (mem: MEMLIMITS); each PHRASE is in the error
    local bot=$1 start end limits=("${LIMITS[@]}") most=15
    shift
    [ "$1" = mem ] && { limits=("${MEMLIMITS[@]}"); most=25; shift; }
    start=$(date +%s)
    sol --bots "$B" "${limits[@]}" run "$bot" --seed 1 --answers "$T/go.yaml"
    end=$(date +%s)
    expect_rc 1 "$bot"
    no_crash "$bot"
    [ $((end - start)) -le $most ] || fail "$bot: took $((end - start)) s to stop"
    local p
    for p in "$@"; do has "$ERR" "$p" "$bot"; done
    has "$OUT" '"event":"error"' "$bot: the transcript ends with the error"
}
TIME="stopped: the bot ran for more than 0.5 s without asking a question (an endless loop?)"
MEM="stopped: the bot used more than 64 MiB of memory (--max-memory)"
stopped loop "$B/loop/main.lua:3: $TIME" "(while running the bot, after question 1)"
stopped earlyloop "$B/earlyloop/main.lua:1: $TIME"
stopped pcallloop "$B/pcallloop/main.lua:2: $TIME"
lacks "$OUT" "caught:" "pcallloop: pcall caught the limit"
stopped sortloop "$B/sortloop/main.lua:4: $TIME"
stopped tablebomb mem "$B/tablebomb/main.lua:3: $MEM"
stopped stringbomb mem "$B/stringbomb/main.lua:2: $MEM"
stopped concatbomb mem "$B/concatbomb/main.lua:3: $MEM"
stopped pcallbomb mem "$B/pcallbomb/main.lua:2: $MEM"
lacks "$OUT" "caught the bomb" "pcallbomb: pcall caught the limit"
stopped recursion mem "$B/recursion/main.lua:2: stack overflow"
stopped metarecursion mem "$B/metarecursion/main.lua:2: C stack overflow"

# A script stuck inside one library call (a backtracking pattern) cannot be interrupted there:
# the process ends with a message after a grace period instead of hanging.
make_bot "$B" patternloop "$ASK
local found = string.find(string.rep(\"a\", 200000), \".-.-.-.-b\")"
start=$(date +%s)
sol --bots "$B" --max-seconds 0.5 run patternloop --seed 1 --answers "$T/go.yaml"
end=$(date +%s)
expect_rc 1 "patternloop"
no_crash "patternloop"
[ $((end - start)) -le 10 ] || fail "patternloop: took $((end - start)) s to stop"
has "$ERR" "stopped: the bot has been stuck inside one library call" "patternloop"

# The default limits stop a loop too (2 s).
sol --bots "$B" run earlyloop --seed 1 --answers "$T/go.yaml"
expect_rc 1 "earlyloop with the default limits"
has "$ERR" "stopped: the bot ran for more than 2 s without asking a question" "earlyloop with the default limits"

# --limits count: an instruction budget instead of a clock.
sol --bots "$B" --limits count --max-instructions 1000000 run loop --seed 1 --answers "$T/go.yaml"
expect_rc 1 "loop with --limits count"
no_crash "loop with --limits count"
has "$ERR" "$B/loop/main.lua:3: stopped: the bot ran more than" "loop with --limits count"

# play: the error is shown, the answers so far are saved and load again.
sol_in "go
" --bots "$B" "${LIMITS[@]}" play loop --seed 2 --journal "$T/loop.journal"
expect_rc 1 "play of an endless loop"
no_crash "play of an endless loop"
has "$OUT" "$B/loop/main.lua:3: $TIME" "play of an endless loop"
has "$OUT" "Your answers so far are saved in $T/loop.journal" "play of an endless loop"
sol --bots "$B" "${LIMITS[@]}" replay "$T/loop.journal"
expect_rc 1 "replay of the endless loop's journal"
has "$ERR" "$TIME" "replay of the endless loop's journal"
lacks "$ERR" "journal $T/loop.journal" "replay of the endless loop's journal"

# sim and check report every game's error and go on.
sol --bots "$B" "${MEMLIMITS[@]}" sim tablebomb --games 3
expect_rc 1 "sim of a memory bomb"
no_crash "sim of a memory bomb"
has "$OUT" "errors: 3" "sim of a memory bomb"
has "$OUT" "seed 1: $B/tablebomb/main.lua:3: $MEM" "sim of a memory bomb"
sol "${MEMLIMITS[@]}" check "$B/recursion" --games 2
expect_rc 1 "check of deep recursion"
no_crash "check of deep recursion"
has "$OUT" "recursion: 2 of 2 random games stopped with a script error" "check of deep recursion"

# An address-space limit (ulimit -v) too small for the memory a bot may use: a clear error
# naming both ways out. Skipped where the binary cannot start under such a limit at all (the
# sanitizer build reserves terabytes of addresses for itself).
if (ulimit -v 400000 && "$SOLOIST" --version) >/dev/null 2>&1; then
    (ulimit -v 200000 && exec timeout 60 "$SOLOIST" run guild-mat --seed 1 --answers "$T/go.yaml") \
        </dev/null >"$T/out" 2>"$T/err"
    RC=$?; OUT=$(cat "$T/out"); ERR=$(cat "$T/err")
    expect_rc 1 "a small address-space limit"
    no_crash "a small address-space limit"
    has "$ERR" "cannot reserve 272 MiB of addresses for the bot's memory: lower --max-memory or raise the address-space limit (ulimit -v)" "a small address-space limit"
    (ulimit -v 200000 && exec timeout 60 "$SOLOIST" --max-memory 32 run guild-mat --seed 1 --answers "$T/go.yaml") \
        </dev/null >"$T/out" 2>"$T/err"
    RC=$?; ERR=$(cat "$T/err")
    has "$ERR" "is not a legal answer" "a small address-space limit with a smaller --max-memory"
fi

finish
