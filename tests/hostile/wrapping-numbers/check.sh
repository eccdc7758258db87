# Numbers that would wrap, saturate or slip through: each is refused with the range it must be
# in, a usage error (exit 2) on the command line and an error naming the file in an answers
# file or a journal. None becomes another number (-1 as 18446744073709551615 or the reverse),
# and none runs 2^64 games or stops every bot at once.
usage() {  # usage WHAT PHRASE ARGS...: soloist ARGS is refused, exit 2, with PHRASE
    local what=$1 phrase=$2
    shift 2
    sol "$@"
    expect_rc 2 "$what"
    no_crash "$what"
    has "$ERR" "$phrase" "$what"
    lacks "$OUT" '"event":"start"' "$what: a game ran"
}
SEEDS="--seed expects a whole number from 0 to 18446744073709551615 (decimal digits only), got"
A=(--bots "$BOTS" run wrapping-numbers --answers "$T/none.yaml")
usage "--seed -1" "$SEEDS '-1'" "${A[@]}" --seed -1
usage "--seed 2^64" "$SEEDS '18446744073709551616'" "${A[@]}" --seed 18446744073709551616
usage "--seed 1e3" "$SEEDS '1e3'" "${A[@]}" --seed 1e3
usage "--seed 0x10" "$SEEDS '0x10'" "${A[@]}" --seed 0x10
usage "--seed +1" "$SEEDS '+1'" "${A[@]}" --seed +1
usage "--seed ''" "$SEEDS ''" "${A[@]}" --seed ''
usage "a 300-digit seed" "$SEEDS '1000000000000000000000000000000000000...'" "${A[@]}" --seed "1$(printf '0%.0s' $(seq 300))"
lacks "$ERR" "0000000000000000000000000000000000000000000" "a 300-digit seed is not printed in full"
usage "play --seed -1" "$SEEDS '-1'" --bots "$BOTS" play wrapping-numbers --seed -1
usage "sim --seed -1" "$SEEDS '-1'" --bots "$BOTS" sim wrapping-numbers --seed -1 --games 1
usage "check --games -5" "--games expects a whole number from 1 to 100000000, got '-5'" check "$BOT" --games -5
usage "check --games 0" "--games expects a whole number from 1 to 100000000, got '0'" check "$BOT" --games 0
usage "sim --games 1e9" "--games expects a whole number from 1 to 100000000, got '1e9'" --bots "$BOTS" sim wrapping-numbers --games 1e9
usage "sim past the last seed" "--seed 18446744073709551615 with --games 2 would play seeds past 18446744073709551615" \
    --bots "$BOTS" sim wrapping-numbers --seed 18446744073709551615 --games 2
usage "--until -1" "--until expects a whole number from 0 to 100000000, got '-1'" --bots "$BOTS" replay "$T/none.yaml" --until -1
usage "--max-instructions -1" "--max-instructions expects a whole number from 1 to 18446744073709551615, got '-1'" \
    --limits count --max-instructions -1 "${A[@]}" --seed 1
usage "--max-instructions 0" "--max-instructions expects a whole number from 1 to 18446744073709551615, got '0'" \
    --max-instructions 0 "${A[@]}" --seed 1
SECONDS_RANGE="--max-seconds expects a number of seconds above 0 and at most 3600 (like 2 or 0.5), got"
usage "--max-seconds 1e300" "$SECONDS_RANGE '1e300'" --max-seconds 1e300 "${A[@]}" --seed 1
usage "--max-seconds nan" "$SECONDS_RANGE 'nan'" --max-seconds nan "${A[@]}" --seed 1
usage "--max-seconds inf" "$SECONDS_RANGE 'inf'" --max-seconds inf "${A[@]}" --seed 1
usage "--max-seconds 0" "$SECONDS_RANGE '0'" --max-seconds 0 "${A[@]}" --seed 1
usage "--max-seconds -2" "$SECONDS_RANGE '-2'" --max-seconds -2 "${A[@]}" --seed 1
usage "--max-seconds=3601" "$SECONDS_RANGE '3601'" --max-seconds=3601 "${A[@]}" --seed 1
MEMORY="--max-memory expects a whole number of MiB from 1 to 65536, got"
usage "--max-memory 1e300" "$MEMORY '1e300'" --max-memory 1e300 "${A[@]}" --seed 1
usage "--max-memory 0.5" "$MEMORY '0.5'" --max-memory 0.5 "${A[@]}" --seed 1
usage "--max-memory 65537" "$MEMORY '65537'" "${A[@]}" --seed 1 --max-memory 65537

# The ends of each range are taken.
printf -- '- 5\n' >"$T/five.yaml"
sol --bots "$BOTS" --max-seconds 3600 --max-memory 1 run wrapping-numbers --seed 18446744073709551615 --answers "$T/five.yaml"
expect_rc 0 "the largest seed, the longest time, the least memory"
has "$OUT" '"seed":18446744073709551615' "the largest seed"
has "$OUT" "You said 5" "the largest seed"
sol --bots "$BOTS" --limits count --max-instructions 18446744073709551615 run wrapping-numbers --seed 0 --answers "$T/five.yaml"
expect_rc 0 "seed 0 and the largest instruction budget"

# Answers files: 18446744073709551615 is not -1, for a number or a correction.
printf -- '- 18446744073709551615\n' >"$T/wrap.yaml"
sol --bots "$BOTS" run wrapping-numbers --seed 1 --answers "$T/wrap.yaml"
expect_rc 1 "an answer of 2^64-1"
no_crash "an answer of 2^64-1"
has "$ERR" "$T/wrap.yaml: answer 1: 18446744073709551615 is out of range: a whole number is from -9223372036854775808 to 9223372036854775807" "an answer of 2^64-1"
lacks "$OUT" "You said -1" "an answer of 2^64-1"
printf -- '- {correct: coins, value: 18446744073709551619}\n- 1\n' >"$T/wrap.yaml"
sol --bots "$BOTS" run wrapping-numbers --seed 1 --answers "$T/wrap.yaml"
expect_rc 1 "a correction of 2^64+3"
has "$ERR" "$T/wrap.yaml: answer 1: 1.8446744073709552e+19 is out of range: a whole number is from" "a correction of 2^64+3"
lacks "$OUT" '"event":"correct"' "a correction of 2^64+3"
printf -- '- {correct: coins, value: 18446744073709551615}\n- 1\n' >"$T/wrap.yaml"
sol --bots "$BOTS" run wrapping-numbers --seed 1 --answers "$T/wrap.yaml"
expect_rc 1 "a correction of 2^64-1"
has "$ERR" "answer 1: 18446744073709551615 is out of range" "a correction of 2^64-1"
lacks "$OUT" '"event":"correct"' "a correction of 2^64-1"
printf -- '- 9223372036854775808\n' >"$T/wrap.yaml"
sol --bots "$BOTS" run wrapping-numbers --seed 1 --answers "$T/wrap.yaml"
expect_rc 1 "an answer of 2^63"
has "$ERR" "answer 1: 9223372036854775808 is out of range" "an answer of 2^63"

# At the prompt: the same numbers are no answers, and `set` takes only a whole number in range.
sol_in "18446744073709551615
set coins 18446744073709551619
set coins 7x
set coins 7
5
" --bots "$BOTS" play wrapping-numbers --seed 1 --journal "$T/wrapping.journal"
expect_rc 0 "numbers at the prompt"
has "$OUT" "'18446744073709551615' is not an answer here. Legal: a whole number from -5 to 5" "an answer of 2^64-1 at the prompt"
has "$OUT" "'18446744073709551619' is not a whole number. Usage: set NAME NUMBER" "set with 2^64+3"
has "$OUT" "'7x' is not a whole number." "set with 7x"
has "$OUT" "You said 5; coins 7" "set coins 7, then 5"
