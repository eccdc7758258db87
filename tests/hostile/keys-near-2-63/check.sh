# pairs and next put integer and float keys in their exact numeric order (an integer near
# 2^63 is not rounded to a float to compare), so every process visits them alike and next
# skips none.
ORDER="below min 1.5 max-1 max 2^63 2^64"
for i in 1 2 3 4 5 6; do
    sol --bots "$BOTS" run keys-near-2-63 --seed 1 --answers "$T/none.yaml"
    expect_rc 0 "run $i"
    has "$OUT" "\"text\":\"pairs: $ORDER\"" "pairs, run $i"
    has "$OUT" "\"text\":\"next: $ORDER\"" "next, run $i"
done
