# A NUL byte in a comment: yaml-cpp stopped reading the line there, so what followed it was
# silently lost (elsewhere it read "\0b" as the key "\b"). A NUL byte anywhere is refused.
printf '# a comment\0options: [hidden]\n' >>"$BOT/bot.yaml"
MESSAGE="bot.yaml:10:12: a NUL byte (0x00) is not allowed in bot data; save the file as UTF-8 text"
sol check "$BOT"
expect_rc 1 "check"
no_crash "check"
has "$OUT" "$MESSAGE" "check"

sol --bots "$BOTS" run nul-byte --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run"
no_crash "run"
has "$ERR" "$MESSAGE" "run"
