# The hostile-bot suite: one folder per trick under tests/hostile, each what a stranger's bot
# folder, saved file or command line could do to Soloist. Each folder is copied to
# $T/hostile/TRICK (so its check may add to the copy: symlinks, huge or binary files) and its
# check.sh is sourced there with these helpers; BOT is the copy's path, BOTS its parent (for
# --bots). A check asserts Soloist's exact answer: the exit code, the message, nothing crashed,
# nothing hung, nothing outside the copy changed.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
ONLY=${2:-}  # bash tests/cli/hostile.sh BINARY [TRICK]: run one trick
printf -- '[]\n' >"$T/none.yaml"
printf -- '- go\n' >"$T/go.yaml"
tricks=0
for dir in "$ROOT"/tests/hostile/*/; do
    trick=$(basename "$dir")
    [ -z "$ONLY" ] || [ "$ONLY" = "$trick" ] || continue
    [ -f "$dir/check.sh" ] || { fail "$trick: no check.sh"; continue; }
    BOTS=$T/hostile
    BOT=$BOTS/$trick
    rm -rf "$BOTS" && mkdir -p "$BOTS" && cp -r "$dir" "$BOT" && rm -f "$BOT/check.sh"
    before=$FAILURES
    (cd "$BOT" && TEST_NAME=$trick && source "$dir/check.sh" && exit "$((FAILURES - before))")
    FAILURES=$((FAILURES + $?))
    tricks=$((tricks + 1))
done
[ "$tricks" -gt 0 ] || fail "no trick ran${ONLY:+ (no folder tests/hostile/$ONLY)}"
echo "hostile: $tricks tricks"
finish
