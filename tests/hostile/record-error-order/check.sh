# Converting a table visits its keys in order, so the value an error names (and where) is the
# same in every process: run it in several processes, each with its own string hash seed.
LINE='game.record: a table that mixes array positions and other keys (at k1_1) | game.record: a number that is not finite (at k2_1) | game.record: a thread value, which cannot be recorded (at k3_1) | game.record: a function value, which cannot be recorded (at k4_1) | game.record: a table nested more than 32 levels deep (a cycle?) (at k5_1.self.self'
for i in 1 2 3 4 5; do
    sol --bots "$BOTS" run record-error-order --seed 1 --answers "$T/none.yaml"
    expect_rc 0 "run $i"
    has "$OUT" "$LINE" "run $i"
done
