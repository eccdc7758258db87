# Truncated, corrupt and wrong-format journals: soloist replay and soloist play --journal give
# a clear error (exit 1) and never overwrite the file.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"

# A good journal: three answers.
sol_in "no
done
no
quit
" play guild-mat --seed 12 --journal "$T/good.journal"
expect_rc 0 "play to write a good journal"
[ "$(wc -l <"$T/good.journal")" = 5 ] || fail "the good journal is not header + 3 answers + trailer"
sol replay "$T/good.journal"
expect_rc 0 "replay of the good journal"

G=$T/good.journal
head -c $(($(head -n 1 "$G" | wc -c) + 10)) "$G" >"$T/cut-entry.journal"  # cut in the first entry
head -n 4 "$G" >"$T/no-trailer.journal"                     # whole lines, no trailer
head -c $(($(stat -c %s "$G") - 10)) "$G" >"$T/cut-trailer.journal"
head -c 40 "$G" >"$T/cut-header.journal"                    # only part of the header
sed 's/"answer":"done"/"answer":"dune"/' "$G" >"$T/edited.journal"
sed '3s/.*/this is not json/' "$G" >"$T/garbage-line.journal"
sed 's/"seed":12/"seed":13/' "$G" >"$T/edited-seed.journal"
printf -- '- no\n- done\n' >"$T/answers.journal"
sol run guild-mat --seed 12 --answers "$T/answers.journal" --transcript "$T/transcript.journal"
printf '\177ELF\002\001\001\000binary\000junk' >"$T/binary.journal"
: >"$T/empty.journal"
printf '\n\n  \n' >"$T/blank.journal"
cp tests/fixtures/journals/newer.journal "$T/newer.journal"
sed 's/"soloist_journal":1/"soloist_journal":"one"/' "$G" >"$T/format-string.journal"
mkdir "$T/folder.journal"

damaged() {  # damaged NAME PHRASE...: replay and play --journal of NAME fail with each PHRASE
    local j=$T/$1.journal p
    shift
    snapshot "$j"
    sol replay "$j"
    expect_rc 1 "replay of $j"
    no_crash "replay of $j"
    for p in "$@"; do has "$ERR" "$p" "replay of $j"; done
    [ -z "$OUT" ] || fail "replay of $j printed a transcript"
    sol_in "no
done
quit
" play --journal "$j"
    expect_rc 1 "play --journal $j"
    no_crash "play --journal $j"
    for p in "$@"; do has "$OUT$ERR" "$p" "play --journal $j"; done
    lacks "$OUT" "Saved." "play --journal $j"
    # With a bot given too, the journal still wins: it is not replaced by a new game.
    sol_in "no
quit
" play guild-mat --seed 5 --journal "$j"
    expect_rc 1 "play guild-mat --journal $j"
    same "$j"
    ls -A "$T" | grep -q "^\.$(basename "$j")\..*\.tmp$" && fail "a temporary file of $j was left behind"
}
TRUNC="Restore a complete copy of the journal, or start a new game."
CORRUPT="The file was changed or damaged after Soloist wrote it; restore a good copy of the journal, or start a new game."
NOTJ="not a Soloist journal: the first line is not JSON. Pass the journal file of a saved game, not an answers file, a transcript or another file."
damaged cut-entry "journal $T/cut-entry.journal, line 2: truncated after entry 0 (line 2 is cut off)" "$TRUNC"
damaged no-trailer "journal $T/no-trailer.journal, line 4: truncated after entry 3 (the trailer line is missing)" "$TRUNC"
damaged cut-trailer "journal $T/cut-trailer.journal, line 5: truncated after entry 3 (line 5 is cut off)" "$TRUNC"
damaged cut-header "journal $T/cut-header.journal, line 1: truncated after entry 0 (the header line is cut off)" "$TRUNC"
damaged edited "journal $T/edited.journal, line 5: corrupt journal: checksum mismatch" "$CORRUPT"
damaged garbage-line "journal $T/garbage-line.journal, line 3: corrupt journal: the line is not JSON" "$CORRUPT"
damaged edited-seed "journal $T/edited-seed.journal, line 5: corrupt journal: checksum mismatch" "$CORRUPT"
damaged answers "journal $T/answers.journal, line 1: $NOTJ"
damaged transcript "journal $T/transcript.journal, line 1: not a Soloist journal: the first line has no \"soloist_journal\" field"
damaged binary "journal $T/binary.journal, line 1: $NOTJ"
damaged empty "journal $T/empty.journal: the file is empty"
damaged blank "journal $T/blank.journal: the file is empty"
damaged newer "journal $T/newer.journal, line 1: written by a newer Soloist (journal format 2; this Soloist reads format 1). Update Soloist to resume this game."
damaged format-string "journal $T/format-string.journal, line 1: unknown journal format version \"one\""

# A folder, and a file that is not there.
sol replay "$T/folder.journal"
expect_rc 1 "replay of a folder"
has "$ERR" "journal $T/folder.journal: this is a folder, not a file" "replay of a folder"
sol replay "$T/missing.journal"
expect_rc 1 "replay of a missing file"
has "$ERR" "journal $T/missing.journal: no such file" "replay of a missing file"

# A damaged journal as an answers file is refused the same way.
snapshot "$T/edited.journal"
sol run guild-mat --seed 12 --answers "$T/edited.journal"
expect_rc 1 "run --answers with a damaged journal"
has "$ERR" "journal $T/edited.journal, line 5: corrupt journal: checksum mismatch" "run --answers with a damaged journal"
same "$T/edited.journal"

# soloist games lists damaged saved games as not resumable, and leaves them alone.
mkdir -p "$XDG_DATA_HOME/soloist"
cp "$T/good.journal" "$XDG_DATA_HOME/soloist/a-good.journal"
cp "$T/edited.journal" "$XDG_DATA_HOME/soloist/b-edited.journal"
snapshot "$XDG_DATA_HOME/soloist/b-edited.journal"
sol games
expect_rc 0 "games with a damaged journal"
has "$OUT" "$XDG_DATA_HOME/soloist/a-good.journal
    guild-mat 1.0.0, seed 12, 3 answers, started " "games with a damaged journal"
has "$OUT" "$XDG_DATA_HOME/soloist/b-edited.journal
    cannot be resumed: journal $XDG_DATA_HOME/soloist/b-edited.journal, line 5: corrupt journal: checksum mismatch" "games with a damaged journal"
same "$XDG_DATA_HOME/soloist/b-edited.journal"

finish
