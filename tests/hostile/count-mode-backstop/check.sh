# With --limits count the instruction count decides, deterministically; but a loop of long
# library calls counts few instructions and one backtracking call counts one. A wall-clock
# backstop (5 times --max-seconds) stops both: the loop at its next instruction, the stuck
# call by ending the process with a message naming it.
stopped_within() {  # stopped_within NAME SECONDS PHRASE: the last run took at most SECONDS
    local name=$1 most=$2 phrase=$3
    expect_rc 1 "$name"
    [ "$RC" -lt 124 ] || fail "$name: crashed or hung (exit code $RC)"
    [ $((END - START)) -le "$most" ] || fail "$name: took $((END - START)) s"
    has "$ERR" "$phrase" "$name"
}
printf '%s\n' 'local s = string.rep("a", 4000000)' 'while true do local _ = s:find("b", 1, true) end' >"$BOT/main.lua"
START=$(date +%s)
sol --bots "$BOTS" --limits count --max-instructions 100000000000 --max-seconds 0.4 run count-mode-backstop --seed 1 --answers "$T/none.yaml"
END=$(date +%s)
stopped_within "a loop of library calls" 10 "main.lua:2: stopped: the bot ran for more than 2 s without asking a question (the wall-clock backstop of --limits count"
printf '%s\n' 'local s = string.rep("a", 30000)' 'local _ = s:find(".-.-.-.-.-b")' >"$BOT/main.lua"
START=$(date +%s)
sol --bots "$BOTS" --limits count --max-instructions 100000000000 --max-seconds 0.4 run count-mode-backstop --seed 1 --answers "$T/none.yaml"
END=$(date +%s)
stopped_within "one backtracking call" 12 "stopped: the bot has been stuck inside one library call"
