# A manifest whose id is 100 KB of letters: std::regex, matching it against the id's pattern,
# recursed once a character and overflowed the stack (SIGSEGV). Patterns are now matched with
# RE2, in linear time, and a text over 64 KiB is reported instead of matched.
{ printf 'id: '; head -c 102400 /dev/zero | tr '\0' 'a'; printf '\n'; } >"$T/id-line"
cat "$T/id-line" "$BOT/bot.yaml" >"$T/bot.yaml" && mv "$T/bot.yaml" "$BOT/bot.yaml"
MESSAGE="bot.yaml:1:5: at /id: text of 102400 bytes is too long to check against a pattern; at most 65536 bytes are checked"

sol check "$BOT"
expect_rc 1 "check"
no_crash "check"
has "$OUT" "$MESSAGE" "check"

sol run "$BOT" --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run"
no_crash "run"
has "$ERR" "$MESSAGE" "run"

sol --bots "$BOTS" list
expect_rc 1 "list"
no_crash "list"
has "$OUT" "guild-mat  " "list: the bundled bots"
