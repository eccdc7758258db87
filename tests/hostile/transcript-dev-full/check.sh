# Where a transcript goes is what the user named: a device or a FIFO is written into, never
# replaced by a regular file (run as root, a rename over /dev/full would have replaced the
# device itself), and a device that refuses the bytes is an error naming it. The device here
# is a copy of /dev/full made with mknod where that is allowed (so a regression cannot harm the
# machine's /dev/full); else /dev/full itself, which only root could replace.
printf -- '- left\n' >"$T/left.yaml"
FULL=$BOT/full
if ! mknod "$FULL" c 1 7 2>/dev/null; then
    FULL=/dev/full
    [ "$(id -u)" != 0 ] || { fail "cannot mknod a copy of /dev/full as root"; return 0; }
fi

sol --bots "$BOTS" run transcript-dev-full --seed 1 --answers "$T/left.yaml" --transcript "$FULL"
expect_rc 1 "--transcript to a full device"
no_crash "--transcript to a full device"
has "$ERR" "soloist: could not save $FULL: writing to it: No space left on device (nothing was written)" "--transcript to a full device"
[ -c "$FULL" ] || fail "--transcript replaced the device $FULL with a regular file"

sol_in "left
" --bots "$BOTS" play transcript-dev-full --seed 1 --journal "$T/transcript-dev-full.journal"
expect_rc 0 "a game to replay"
sol --bots "$BOTS" replay "$T/transcript-dev-full.journal" --transcript "$FULL"
expect_rc 1 "replay --transcript to a full device"
has "$ERR" "No space left on device" "replay --transcript to a full device"
[ -c "$FULL" ] || fail "replay --transcript replaced the device $FULL"

# /dev/stdout is written, not replaced: the transcript comes out on standard output, whatever
# standard output is (here a regular file). Named through a link of the bot's, so that a
# regression replaces that link, not the machine's /dev/stdout.
ln -s /dev/stdout "$BOT/stdout"
sol --bots "$BOTS" run transcript-dev-full --seed 1 --answers "$T/left.yaml" --transcript "$BOT/stdout"
expect_rc 0 "--transcript /dev/stdout"
no_crash "--transcript /dev/stdout"
has "$OUT" '"event":"end"' "--transcript /dev/stdout"
has "$OUT" '"text":"You picked left"' "--transcript /dev/stdout"
[ -L "$BOT/stdout" ] || fail "--transcript replaced the link to /dev/stdout"
if mknod "$BOT/null" c 1 3 2>/dev/null; then  # a copy of /dev/null, for the same reason
    sol --bots "$BOTS" run transcript-dev-full --seed 1 --answers "$T/left.yaml" --transcript "$BOT/null"
    expect_rc 0 "--transcript to a null device"
    [ -c "$BOT/null" ] || fail "--transcript replaced the null device"
fi

# A FIFO: with a reader, the transcript goes through it; with none, an error at once, no hang.
mkfifo "$BOT/pipe"
timeout 10 "$SOLOIST" --bots "$BOTS" run transcript-dev-full --seed 1 --answers "$T/left.yaml" --transcript "$BOT/pipe" \
    </dev/null >"$T/out" 2>"$T/err"
RC=$?; ERR=$(cat "$T/err")
expect_rc 1 "--transcript to a FIFO nobody reads"
no_crash "--transcript to a FIFO nobody reads"
has "$ERR" "could not save $BOT/pipe: opening it: No such device or address (nothing reads it: a FIFO needs a reader first)" "--transcript to a FIFO nobody reads"
exec 3<>"$BOT/pipe"  # a reader (opened read-write, so that opening it does not wait)
sol --bots "$BOTS" run transcript-dev-full --seed 1 --answers "$T/left.yaml" --transcript "$BOT/pipe"
expect_rc 0 "--transcript to a FIFO with a reader"
READ=$(timeout 5 head -n 1 <&3)
exec 3<&-
has "$READ" '"event":"start"' "--transcript to a FIFO with a reader"
[ -p "$BOT/pipe" ] || fail "--transcript replaced the FIFO"
