# A quoted text that is never closed: yaml-cpp took it to run to the end of the file, swallowing
# every line after it, and said nothing. It is refused at its opening quote.
MESSAGE='bot.yaml:9:14: the quoted text that starts here has no closing quote ("); add one where the text ends'
sol check "$BOT"
expect_rc 1 "check"
no_crash "check"
has "$OUT" "$MESSAGE" "check"

sol --bots "$BOTS" run unterminated-quote --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run"
has "$ERR" "$MESSAGE" "run"

# In the middle of the file, the same: the lines after it are not read as the quote's text.
printf 'description: "opens here\nnext: 1\n' >>"$T/middle.yaml"
head -n 8 "$BOT/bot.yaml" >"$T/bot.yaml" && cat "$T/middle.yaml" >>"$T/bot.yaml" && mv "$T/bot.yaml" "$BOT/bot.yaml"
sol check "$BOT"
expect_rc 1 "in the middle"
has "$OUT" "$MESSAGE" "in the middle"
