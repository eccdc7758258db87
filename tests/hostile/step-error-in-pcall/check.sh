# A step that fails inside pcall is left when pcall catches the error: after 300 such
# errors steps still run, and the question names its own step, not an abandoned one.
printf -- '- "yes"\n' >"$T/yes.yaml"
sol --bots "$BOTS" run step-error-in-pcall --seed 1 --answers "$T/yes.yaml"
expect_rc 0 "steps after errors caught by pcall"
no_crash "steps after errors caught by pcall"
lacks "$ERR" "nested too deep" "steps after errors caught by pcall"
has "$OUT" '"step":"ask"' "the question names its step"
has "$OUT" '"summary":"answered yes"' "the game ends"
