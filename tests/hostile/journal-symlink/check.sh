# A journal that is a symbolic link (kept in a synced folder, say): every save writes the file
# it leads to, atomically, in that file's folder, and the link stays a link, so the linked
# journal keeps growing. Temporary files a killed save left beside it are cleaned up by the
# next save of that file; those of a process still running are not touched.
REAL=$T/journal-symlink-real
mkdir -p "$REAL"
LINKS=$T/journal-symlink-links  # not in the bot folder, whose every file the bot's hash covers
mkdir -p "$LINKS"
LINK=$LINKS/game.journal
ln -s "$REAL/game.journal" "$LINK"
STALE=$REAL/.game.journal.2147483647.0.tmp  # no process has this id (above any pid_max)
LIVE=$REAL/.game.journal.$$.0.tmp          # this shell's: it still runs
printf 'half a journal' >"$STALE"
printf 'half a journal' >"$LIVE"

sol_in "left
quit
" --bots "$BOTS" play journal-symlink --seed 4 --journal "$LINK"
expect_rc 0 "a new game through a dangling link"
no_crash "a new game through a dangling link"
[ -L "$LINK" ] || fail "the journal link was replaced by a regular file"
[ -f "$REAL/game.journal" ] || fail "no journal where the link leads"
grep -q '"answer":"left"' "$REAL/game.journal" || fail "the linked journal lacks the answer"
[ -e "$STALE" ] && fail "the stale temporary file of a killed save was left behind"
[ -e "$LIVE" ] || fail "the temporary file of a running process was removed"
ls -A "$LINKS" | grep -q '\.tmp$' && fail "a temporary file was made beside the link"

# Resumed through a chain of links (a relative one first): the same file grows.
mkdir -p "$LINKS/saves"
ln -s ../game.journal "$LINKS/saves/chain.journal"
sol_in "right
quit
" --bots "$BOTS" play --journal "$LINKS/saves/chain.journal"
expect_rc 0 "resume through a chain of links"
has "$OUT" "Resuming journal-symlink (seed 4) after 1 answer." "resume through a chain of links"
[ -L "$LINK" ] && [ -L "$LINKS/saves/chain.journal" ] || fail "a link of the chain was replaced by a regular file"
grep -q '"answer":"right"' "$REAL/game.journal" || fail "the linked journal did not grow"
sol --bots "$BOTS" replay "$LINK"
expect_rc 0 "replay through the link"
has "$OUT" '"text":"You picked right"' "replay through the link"

# A transcript through a link: written where the link leads.
ln -s "$REAL/transcript.jsonl" "$LINKS/transcript.jsonl"
sol --bots "$BOTS" replay "$LINK" --transcript "$LINKS/transcript.jsonl"
expect_rc 0 "a transcript through a link"
[ -L "$LINKS/transcript.jsonl" ] || fail "the transcript link was replaced by a regular file"
grep -q '"text":"You picked right"' "$REAL/transcript.jsonl" || fail "the linked transcript was not written"
