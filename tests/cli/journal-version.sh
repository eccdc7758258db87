# A journal of another version of the bot (its Lua edited, or its version bumped) is refused by
# replay and play --journal; with --force, replay reports the first step where it diverges.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots
copy_guild_mat "$B"
# A distinct id, so that the copy never competes with the bundled guild-mat.
sed -i 's/^id: guild-mat$/id: guild-copy/' "$B/guild-mat/bot.yaml"
grep -q '^id: guild-copy$' "$B/guild-mat/bot.yaml" || fail "could not rename the copied bot"
J=$T/game.journal

sol_in "no
done
no
quit
" --bots "$B" play guild-copy --seed 12 --journal "$J"
expect_rc 0 "play of the copy"
has "$OUT" "Soloist: Guild Mat (guild-copy 1.0.0), seed 12." "play of the copy"
printf -- '- no\n- done\n- no\n' >"$T/answers.yaml"
sol --bots "$B" run guild-copy --seed 12 --answers "$T/answers.yaml" --transcript "$T/run.jsonl"
sol --bots "$B" replay "$J" --transcript "$T/replay.jsonl"
expect_rc 0 "replay with the same files"
cmp -s "$T/run.jsonl" "$T/replay.jsonl" || fail "replay with the same files differs from the run"
snapshot "$J"

# --- A Lua file edited: the answer "done" no longer exists.
sed -i 's/{ id = "done", label = "My turn is over" }/{ id = "over", label = "My turn is over" }/' "$B/guild-mat/main.lua"
grep -q 'id = "over"' "$B/guild-mat/main.lua" || fail "could not edit the copied main.lua"
OTHER="this journal was played with other files of bot 'guild-copy' (version 1.0.0, files "
sol --bots "$B" replay "$J"
expect_rc 1 "replay after a Lua edit"
has "$ERR" "$OTHER" "replay after a Lua edit"
has "$ERR" "; now version 1.0.0, files " "replay after a Lua edit"
has "$ERR" "Replay it anyway with --force, which reports the first step where the game differs." "replay after a Lua edit"
[ -z "$OUT" ] || fail "a refused replay printed a transcript"
# The two hashes named differ.
old=$(sed -n 's/.*files \([0-9a-f]\{16\}\); now.*/\1/p' <<<"$ERR")
new=$(sed -n 's/.*now version [^,]*, files \([0-9a-f]\{16\}\)).*/\1/p' <<<"$ERR")
[ -n "$old" ] && [ -n "$new" ] && [ "$old" != "$new" ] || fail "the refusal does not name two different file hashes ('$old', '$new')"
grep -qF "\"bot_hash\":\"$old\"" "$J" || fail "the refusal's old hash $old is not the journal's"

sol --bots "$B" replay "$J" --force
expect_rc 1 "replay --force after a Lua edit"
has "$ERR" "error: the game diverges from the journal at entry 2 of the journal: question 2 (\"Round 1: take your actions. Answer when your turn is over.\"): 'done' is not a legal answer; legal answers: 1) over" "replay --force after a Lua edit"
# The transcript runs up to the diverging question.
has "$OUT" '"event":"answer","question":1,"value":"no"' "replay --force: transcript"
has "$OUT" '"options":[{"id":"over","label":"My turn is over"}]' "replay --force: transcript"
lacks "$OUT" '"value":"done"' "replay --force: transcript"

sol_in "over
quit
" --bots "$B" play --journal "$J"
expect_rc 1 "play --journal after a Lua edit"
has "$OUT$ERR" "$OTHER" "play --journal after a Lua edit"
lacks "$OUT" "Resuming" "play --journal after a Lua edit"
same "$J"
# --force resumes where the journal stops fitting; quitting at once changes nothing.
sol_in "quit
" --bots "$B" play --journal "$J" --force
expect_rc 0 "play --journal --force after a Lua edit"
has "$OUT" "[2] Round 1: take your actions. Answer when your turn is over." "play --journal --force"
has "$OUT" "1) My turn is over  [over]" "play --journal --force"
same "$J"

# --- Only the version bumped: refused; with --force the game replays to the end of the journal.
sed -i 's/{ id = "over", label = "My turn is over" }/{ id = "done", label = "My turn is over" }/' "$B/guild-mat/main.lua"
sed -i 's/^version: 1.0.0$/version: 1.1.0/' "$B/guild-mat/bot.yaml"
grep -q '^version: 1.1.0$' "$B/guild-mat/bot.yaml" || fail "could not bump the version"
sol --bots "$B" replay "$J"
expect_rc 1 "replay after a version bump"
has "$ERR" "$OTHER" "replay after a version bump"
has "$ERR" "; now version 1.1.0, files " "replay after a version bump"
sol --bots "$B" replay "$J" --force
expect_rc 0 "replay --force after a version bump"
lacks "$ERR" "diverges" "replay --force after a version bump"
has "$ERR" "replayed with other files of bot 'guild-copy': every answer of the journal still fits" "--force says the answers still fit"
has "$OUT" '"event":"answer","question":3,"value":"no"' "replay --force after a version bump"
sol_in "quit
" --bots "$B" play --journal "$J"
expect_rc 1 "play --journal after a version bump"
has "$OUT$ERR" "$OTHER" "play --journal after a version bump"
same "$J"

# --- The bot is gone altogether.
rm -rf "$B/guild-mat"
sol --bots "$B" replay "$J"
[ "$RC" != 0 ] || fail "replay of a journal whose bot is gone succeeded"
has "$ERR" "unknown bot 'guild-copy'" "replay of a journal whose bot is gone"
same "$J"

# --- A game of a --bots copy that keeps the bundled id, replayed without --bots: the bundled bot
# is found by that id, and the refusal says which folder the game was played with.
O=$T/own
copy_guild_mat "$O"
sed -i 's/^version: 1.0.0$/version: 1.0.1/' "$O/guild-mat/bot.yaml"
sol_in "no
quit
" --bots "$O" play guild-mat --seed 5 --journal "$T/own.journal"
expect_rc 0 "play of a copy with the bundled id"
sol replay "$T/own.journal"
expect_rc 1 "replayed without its --bots"
has "$ERR" "It was played with the bot in $O/guild-mat, not the one in " "the folder it was played with"
has "$ERR" "give --bots $O to replay it with that folder" "what to give"
sol --bots "$O" replay "$T/own.journal"
expect_rc 0 "replayed with its --bots"

finish
