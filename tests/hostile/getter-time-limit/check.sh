# A getter that runs into the time limit (at `show` or `set`) fails that command only: the
# game goes on as its replay does, and the bot's own next caught error is still caught.
J=$T/getter.journal
sol_in $'show\nset gold 5\ngo\n' --bots "$BOTS" --max-seconds 0.3 play getter-time-limit --seed 1 --journal "$J"
expect_rc 0 "play with show and set"
no_crash "play with show and set"
has "$OUT" "after pcall: false, a caught error" "the bot's pcall still catches its error"
has "$OUT$ERR" "gold 5" "the correction was made"
sol --bots "$BOTS" --max-seconds 0.3 replay "$J"
expect_rc 0 "replay"
has "$OUT" "after pcall: false, a caught error" "replay"
