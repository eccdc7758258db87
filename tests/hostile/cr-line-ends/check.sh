# Line ends of a CR alone: yaml-cpp read them as spaces, so a file could mean something else
# than it shows. A CR not followed by a LF is refused; CRLF (Windows) line ends are fine.
sed 's/$/\r/' "$BOT/bot.yaml" >"$T/crlf.yaml"
tr '\n' '\r' <"$BOT/bot.yaml" >"$T/cr.yaml"

cp "$T/cr.yaml" "$BOT/bot.yaml"
MESSAGE="bot.yaml:1:17: a carriage return (CR) without a line feed after it; line ends must be LF or CRLF"
sol check "$BOT"
expect_rc 1 "CR"
no_crash "CR"
has "$OUT" "$MESSAGE" "CR"
sol --bots "$BOTS" run cr-line-ends --seed 1 --answers "$T/none.yaml"
expect_rc 1 "CR: run"
has "$ERR" "$MESSAGE" "CR: run"

cp "$T/crlf.yaml" "$BOT/bot.yaml"
sol check "$BOT" --games 1
expect_rc 0 "CRLF"
has "$OUT" "cr-line-ends: ok" "CRLF"
