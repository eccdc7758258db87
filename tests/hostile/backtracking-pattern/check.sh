# A bot's own schema with the pattern ^(a+)+$ and a value of 30 letters and a '!': std::regex
# backtracked for 27 s before failing. RE2 answers at once, in time linear in the text.
start=$(date +%s%N)
sol check "$BOT"
elapsed_ms=$((($(date +%s%N) - start) / 1000000))
expect_rc 1 "check"
no_crash "check"
has "$OUT" "codes.yaml:1:7: at /code: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' does not match the pattern ^(a+)+\$" "check"
[ "$elapsed_ms" -lt 1000 ] || fail "check took $elapsed_ms ms, expected under a second"

# A value that matches is fine.
printf 'code: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n' >"$BOT/codes.yaml"
sol check "$BOT" --games 1
expect_rc 0 "a matching code"
has "$OUT" "backtracking-pattern: ok" "a matching code"
