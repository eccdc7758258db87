# A bot's globals holding a library function do not give it other names: the caught message
# and the game's error name string.rep in every process alike, so the transcript is the same
# (the bots' environment is not one of the tables Lua searches for a function's name).
for i in 1 2 3 4 5 6; do
    sol --bots "$BOTS" run aliased-library-function --seed 1 --answers "$T/none.yaml"
    expect_rc 1 "run $i"
    no_crash "run $i"
    has "$OUT" '"text":"caught: bad argument #1 to '"'string.rep'"' (string expected, got table)"' "caught, run $i"
    has "$ERR" "aliased-library-function/main.lua:6: bad argument #1 to 'rep23' (string expected, got table)" "error, run $i"
    has "$ERR" "[C]: in function 'string.rep'" "traceback, run $i"
    lacks "$ERR" "soloist.sandbox" "no host table's name, run $i"
done
