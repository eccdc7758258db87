# Saving fails (a folder that cannot hold the file, a full disk): an error, and the previous
# journal or transcript is still whole, byte for byte. The tests run as root, where chmod
# stops nothing: an unwritable folder is a path whose parent is a regular file, and a full
# disk is a file size limit (ulimit -f, with SIGXFSZ ignored so that write() fails with EFBIG).
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots
echo "not a folder" >"$T/file"
snapshot "$T/file"

# --- A new game whose journal cannot be created.
sol_in "no
quit
" play guild-mat --seed 12 --journal "$T/file/game.journal"
expect_rc 1 "play with the journal in a regular file's 'folder'"
has "$OUT" "could not save the game: could not save $T/file/game.journal: creating the temporary file $T/file/.game.journal." "play with an unwritable journal"
has "$OUT" "Not a directory (the previous file is untouched)" "play with an unwritable journal"
lacks "$OUT" "Saved." "play with an unwritable journal"
same "$T/file"

# The default folder ($XDG_DATA_HOME/soloist) cannot be made.
XDG_DATA_HOME=$T/file sol_in "quit
" play guild-mat --seed 12
expect_rc 1 "play with XDG_DATA_HOME a regular file"
has "$OUT" "could not save the game: could not save $T/file/soloist/guild-mat-" "play with XDG_DATA_HOME a regular file"
same "$T/file"

# --- Transcripts: run and replay --transcript into an unwritable place.
printf -- '- no\n- done\n- 80\n' >"$T/answers.yaml"
sol run guild-mat --seed 12 --option rounds=1 --answers "$T/answers.yaml" --transcript "$T/file/t.jsonl"
expect_rc 1 "run --transcript into a regular file's 'folder'"
has "$ERR" "soloist: could not save $T/file/t.jsonl: creating the temporary file" "run --transcript unwritable"
same "$T/file"

# --- A full disk while a game is saved after an answer.
make_bot "$B" many 'for i = 1, 200 do ui.confirm("Go on " .. i .. "?") end
return { result = "draw", summary = "done", scores = {} }'
J=$T/many.journal
yes yes | head -n 60 >"$T/60-yes"
sol_in "$(cat "$T/60-yes")
quit
" --bots "$B" play many --seed 1 --journal "$J"
expect_rc 0 "play 60 answers"
size=$(stat -c %s "$J")
[ "$size" -gt 1100 ] || fail "the journal has only $size bytes; the size limit below would not bite"
snapshot "$J"
full_disk() {  # full_disk INPUT ARGS...: soloist ARGS with files limited to 1 KiB; stdout kept
    local input=$1
    shift
    printf '%s' "$input" | (trap '' XFSZ; ulimit -f 1; exec timeout 60 "$SOLOIST" "$@") >"$T/out" 2>"$T/err"
    RC=${PIPESTATUS[1]}
    OUT=$(cat "$T/out")
    ERR=$(cat "$T/err")
}
full_disk "yes
quit
" --bots "$B" play --journal "$J"
expect_rc 0 "play on a full disk"
no_crash "play on a full disk"
has "$OUT" "Resuming many (seed 1) after 60 answers." "play on a full disk"
has "$OUT" "could not save the game: could not save $J: writing the temporary file $T/.many.journal." "play on a full disk"
has "$OUT" "File too large (the previous file is untouched)" "play on a full disk"
has "$OUT" "Nothing was recorded: the journal as it was before is intact." "play on a full disk"
same "$J"
ls -A "$T" | grep -q '^\.many\.journal\..*\.tmp$' && fail "a temporary file was left behind after the full disk"
# The journal still resumes at the same question.
sol_in "quit
" --bots "$B" play --journal "$J"
expect_rc 0 "resume after the full disk"
has "$OUT" "[61] Go on 61?" "resume after the full disk"
same "$J"

# A transcript that does not fit: the previous transcript stays whole.
printf -- '- no\n- done\n' >"$T/two.yaml"
sol run guild-mat --seed 12 --answers "$T/two.yaml" --transcript "$T/old.jsonl"
[ "$(stat -c %s "$T/old.jsonl")" -gt 1100 ] || fail "the transcript is too small for the size limit to bite"
snapshot "$T/old.jsonl"
full_disk "" run guild-mat --seed 13 --answers "$T/two.yaml" --transcript "$T/old.jsonl"
expect_rc 1 "run --transcript on a full disk"
no_crash "run --transcript on a full disk"
has "$ERR" "soloist: could not save $T/old.jsonl: writing the temporary file" "run --transcript on a full disk"
has "$ERR" "File too large (the previous file is untouched)" "run --transcript on a full disk"
same "$T/old.jsonl"
full_disk "" --bots "$B" replay "$J" --transcript "$T/old.jsonl"
expect_rc 1 "replay --transcript on a full disk"
has "$ERR" "File too large (the previous file is untouched)" "replay --transcript on a full disk"
same "$T/old.jsonl" "$J"
ls -A "$T" | grep -q '^\.old\.jsonl\..*\.tmp$' && fail "a temporary transcript was left behind"

finish
