# A journal that cannot be saved (a read-only file or folder for a player, a full disk here: a
# file size limit, which stops root too). Undo, an answer and a correction each say once that
# the save failed and that nothing changed, never claim success, and leave the game and the
# file as they were; quit then says truly that the game is saved as it was.
J=$T/readonly-undo.journal  # not in the bot folder, whose every file the bot's hash covers
yes yes | head -n 60 >"$T/60-yes"
sol_in "$(cat "$T/60-yes")
quit
" --bots "$BOTS" play readonly-undo --seed 1 --journal "$J"
expect_rc 0 "60 answers"
[ "$(stat -c %s "$J")" -gt 1100 ] || fail "the journal is too small for the size limit below to bite"
snapshot "$J"
full_disk() {  # full_disk INPUT ARGS...: soloist ARGS with files limited to 1 KiB
    local input=$1
    shift
    printf '%s' "$input" | (trap '' XFSZ; ulimit -f 1; exec timeout 60 "$SOLOIST" "$@") >"$T/out" 2>"$T/err"
    RC=${PIPESTATUS[1]}
    OUT=$(cat "$T/out")
    ERR=$(cat "$T/err")
}
count() { grep -cF -- "$2" <<<"$1"; }  # count TEXT PHRASE: lines with PHRASE

full_disk "undo
quit
" --bots "$BOTS" play --journal "$J"
expect_rc 0 "undo that cannot be saved"
no_crash "undo that cannot be saved"
has "$OUT" "could not save the game: could not save $J: writing the temporary file" "undo that cannot be saved"
has "$OUT" "Nothing was undone: the game and its journal are as they were." "undo that cannot be saved"
[ "$(count "$OUT" "could not save the game")" = 1 ] || fail "undo that cannot be saved: the failure is not said exactly once"
lacks "$OUT" "Undone" "undo that cannot be saved"
[ "$(count "$OUT" "[61] Go on 61?")" = 2 ] || fail "undo that cannot be saved: the game is not back at question 61"
has "$OUT" "Saved. Resume with" "quit after a failed undo (the file holds the game as it is)"
same "$J"

# An answer and a correction that cannot be saved: the same, each once.
full_disk "yes
set coins 7
quit
" --bots "$BOTS" play --journal "$J"
expect_rc 0 "an answer and a correction that cannot be saved"
no_crash "an answer and a correction that cannot be saved"
[ "$(count "$OUT" "Nothing was recorded: the journal as it was before is intact.")" = 2 ] ||
    fail "an answer and a correction that cannot be saved: not said once each"
lacks "$OUT" "[62]" "an answer that cannot be saved"
lacks "$OUT" "corrected coins" "a correction that cannot be saved"
same "$J"

# The journal resumes where it was; once saving works, undo does.
sol_in "undo
quit
" --bots "$BOTS" play --journal "$J"
expect_rc 0 "undo once the disk has room"
has "$OUT" "Resuming readonly-undo (seed 1) after 60 answers." "undo once the disk has room"
has "$OUT" "Undone. Back at question 60." "undo once the disk has room"
sol --bots "$BOTS" replay "$J"
expect_rc 0 "the journal after the undo"
lacks "$OUT" '"question":60,"value"' "the journal after the undo"

# quit says "Saved" only when the file holds the game: a journal removed while the game waits
# is saved again; one that cannot be saved again is an error, exit 1.
quit_after() {  # quit_after ACTION: a new game; ACTION on its journal while it waits; then quit
    local j=$T/quit.journal
    rm -rf "$j" "$T/in"
    mkfifo "$T/in"
    (timeout 60 "$SOLOIST" --bots "$BOTS" play readonly-undo --seed 2 --journal "$j" <"$T/in" >"$T/out" 2>"$T/err"
     echo $? >"$T/rc") &
    exec 4>"$T/in"
    for _ in $(seq 100); do [ -s "$j" ] && break; sleep 0.1; done
    eval "$1"
    printf 'quit\n' >&4
    exec 4>&-
    wait
    RC=$(cat "$T/rc"); OUT=$(cat "$T/out"); ERR=$(cat "$T/err")
}
quit_after 'rm "$j"'
expect_rc 0 "quit after the journal was removed"
has "$OUT" "Saved. Resume with" "quit after the journal was removed"
[ -s "$T/quit.journal" ] || fail "quit after the journal was removed: not saved again"
quit_after 'rm "$j"; mkdir "$j"'
expect_rc 1 "quit when the journal cannot be saved again"
no_crash "quit when the journal cannot be saved again"
has "$OUT" "could not save the game: could not save $T/quit.journal: renaming" "quit when the journal cannot be saved again"
has "$OUT" "$T/quit.journal does not hold the game as it is now (0 answers)." "quit when the journal cannot be saved again"
lacks "$OUT" "Saved." "quit when the journal cannot be saved again"
