# The entry script linked outside the bot folder, or named through a linked folder
# ("code/../main.lua" reads as main.lua, but the system walks code/ first): refused, or run
# from the path that was checked. Code from outside never runs.
OUTSIDE=$T/symlink-entry-outside
mkdir -p "$OUTSIDE/deep"
printf 'ui.say("escaped: code from outside the bot folder ran")\nreturn { result = "win", summary = "x", scores = {} }\n' >"$OUTSIDE/main.lua"

# The path through a linked folder: main.lua of the bot runs, not $OUTSIDE/main.lua.
ln -s "$OUTSIDE/deep" "$BOT/code"
sed -i 's#^entry: main.lua#entry: code/../main.lua#' "$BOT/bot.yaml"
sol --bots "$BOTS" run symlink-entry --seed 1 --answers "$T/none.yaml"
expect_rc 0 "an entry path through a linked folder"
no_crash "an entry path through a linked folder"
has "$OUT" "the bot's own entry script ran" "an entry path through a linked folder"
lacks "$OUT$ERR" "escaped" "an entry path through a linked folder"

# The entry script itself linked outside.
sed -i 's#^entry: code/../main.lua#entry: main.lua#' "$BOT/bot.yaml"
rm "$BOT/main.lua"
ln -s "$OUTSIDE/main.lua" "$BOT/main.lua"
for command in run sim; do
    if [ $command = run ]; then
        sol --bots "$BOTS" run symlink-entry --seed 1 --answers "$T/none.yaml"
    else
        sol --bots "$BOTS" sim symlink-entry --games 2
    fi
    expect_rc 1 "$command: an entry script linked outside"
    no_crash "$command: an entry script linked outside"
    has "$ERR" "bot.yaml:6:8: at /entry: 'main.lua' leads to $OUTSIDE/main.lua (through a symbolic link), outside the bot folder ($BOT)" "$command: an entry script linked outside"
    lacks "$OUT$ERR" "escaped" "$command: an entry script linked outside"
done
