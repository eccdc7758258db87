# Files a user names that are no files: /dev/zero never ends, and a sparse file is larger than
# any journal. Each is refused before it is read, naming the file and what it is (or the
# limit). Run under an address-space cap where the build can start under one, so that a
# regression fails fast instead of filling the machine's memory.
capped() {  # capped ARGS...: soloist ARGS, as sol does
    if (ulimit -v 2000000 && "$SOLOIST" --version) >/dev/null 2>&1; then
        (ulimit -v 2000000; exec timeout 60 "$SOLOIST" "$@") </dev/null >"$T/out" 2>"$T/err"
    else
        timeout 60 "$SOLOIST" "$@" </dev/null >"$T/out" 2>"$T/err"
    fi
    RC=$?
    OUT=$(cat "$T/out")
    ERR=$(cat "$T/err")
}
DEV="not a regular file (it is a character device)"

capped --bots "$BOTS" replay /dev/zero
expect_rc 1 "replay /dev/zero"
no_crash "replay /dev/zero"
has "$ERR" "journal /dev/zero: $DEV. Pass the journal file of a saved game" "replay /dev/zero"
lacks "$ERR" "bad_alloc" "replay /dev/zero"

capped --bots "$BOTS" play --journal /dev/zero
expect_rc 1 "play --journal /dev/zero"
no_crash "play --journal /dev/zero"
has "$OUT" "journal /dev/zero: $DEV" "play --journal /dev/zero"

capped --bots "$BOTS" run journal-dev-zero --seed 1 --answers /dev/zero
expect_rc 2 "run --answers /dev/zero"
has "$ERR" "soloist: answers file /dev/zero is $DEV; pass a YAML list of answers or a journal" "run --answers /dev/zero"

capped --bots "$BOTS" run journal-dev-zero --seed 1 --answers "$T/none.yaml" --rules /dev/zero
expect_rc 2 "run --rules /dev/zero"
has "$ERR" "soloist: house rules file /dev/zero is $DEV" "run --rules /dev/zero"

capped --bots "$BOTS" test /dev/zero
expect_rc 1 "test /dev/zero"
no_crash "test /dev/zero"
has "$OUT" "/dev/zero: is $DEV" "test /dev/zero"
has "$OUT" "0 passed, 1 failed" "test /dev/zero"

# Larger than 16 MiB (sparse: nothing is written to disk): refused by its size, unread.
truncate -s 17M "$T/big.journal"
capped --bots "$BOTS" replay "$T/big.journal"
expect_rc 1 "a 17 MiB journal"
no_crash "a 17 MiB journal"
has "$ERR" "journal $T/big.journal: the file is larger than 16 MiB, more than any journal Soloist writes" "a 17 MiB journal"
capped --bots "$BOTS" run journal-dev-zero --seed 1 --answers "$T/big.journal"
expect_rc 2 "a 17 MiB answers file"
has "$ERR" "answers file $T/big.journal is larger than 16 MiB" "a 17 MiB answers file"
capped --bots "$BOTS" test "$T/big.journal"
expect_rc 1 "a 17 MiB scenario"
has "$OUT" "$T/big.journal: is larger than 16 MiB" "a 17 MiB scenario"

# A journal linked to /dev/zero is what the link leads to: a device, refused the same way.
ln -s /dev/zero "$T/zero.journal"
capped --bots "$BOTS" replay "$T/zero.journal"
expect_rc 1 "a journal linked to /dev/zero"
has "$ERR" "journal $T/zero.journal: $DEV" "a journal linked to /dev/zero"
