# io does not exist for a bot: the game stops at the line that reaches for it.
sol --bots "$BOTS" run io-library --seed 1 --answers "$T/none.yaml"
expect_rc 1 "io.open"
no_crash "io.open"
has "$ERR" "io-library/main.lua:1: 'io' is not allowed: Soloist scripts cannot reach files" "io.open"
lacks "$OUT" "root:" "io.open"
