# A manifest whose game name is 100 KB of the byte 0x87, a UTF-8 continuation byte with nothing
# before it: valijson counted the characters of such a text for minLength by reading past the
# end of a table (SIGSEGV in list, check and run). The bytes are refused before anything parses
# them, at their line and column, and the other bots still list.
{ printf 'game: '; head -c 102400 /dev/zero | tr '\0' '\207'; printf '\n'; } >>"$BOT/bot.yaml"
MESSAGE="bot.yaml:9:7: byte 0x87 is not valid UTF-8; bot data must be UTF-8 text: save the file as UTF-8"

sol --bots "$BOTS" list
expect_rc 1 "list"
no_crash "list"
has "$OUT" "guild-mat  " "list: the bundled bots"
has "$OUT" "utf8-continuation-bytes  (cannot be loaded: run soloist check" "list: the bad bot"

sol check "$BOT"
expect_rc 1 "check"
no_crash "check"
has "$OUT" "$MESSAGE" "check"

sol --bots "$BOTS" run utf8-continuation-bytes --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run"
no_crash "run"
has "$ERR" "$MESSAGE" "run"
