# A folder of the bot linked to a folder outside it: `require "parts.helper"` reads as a module
# of the bot, but the file is elsewhere. require resolves the real path and refuses it, with
# the requiring line, the file and where it leads; the outside code never runs, in run or sim.
OUTSIDE=$T/symlink-require-folder-outside
mkdir -p "$OUTSIDE"
printf 'return { word = "escaped: code from outside the bot folder ran" }\n' >"$OUTSIDE/helper.lua"
ln -s "$OUTSIDE" "$BOT/parts"
PROBLEM="symlink-require-folder/main.lua:1: require 'parts.helper': not allowed: 'parts/helper.lua' leads to $OUTSIDE/helper.lua (through a symbolic link), outside the bot folder ($BOT)"

sol --bots "$BOTS" run symlink-require-folder --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run: require through a linked folder"
no_crash "run: require through a linked folder"
has "$ERR" "$PROBLEM" "run: require through a linked folder"
lacks "$OUT$ERR" "escaped" "run: require through a linked folder"

sol --bots "$BOTS" sim symlink-require-folder --games 3
expect_rc 1 "sim: require through a linked folder"
no_crash "sim: require through a linked folder"
has "$OUT" "errors: 3" "sim: require through a linked folder"
has "$OUT" "require 'parts.helper': not allowed: 'parts/helper.lua' leads to $OUTSIDE/helper.lua" "sim: require through a linked folder"
lacks "$OUT$ERR" "escaped" "sim: require through a linked folder"

# A folder linked inside the bot folder is fine.
rm "$BOT/parts"
mkdir -p "$BOT/real"
printf 'return { word = "hello from inside" }\n' >"$BOT/real/helper.lua"
ln -s real "$BOT/parts"
sol --bots "$BOTS" run symlink-require-folder --seed 1 --answers "$T/none.yaml"
expect_rc 0 "require through a folder linked inside"
has "$OUT" "the helper says: hello from inside" "require through a folder linked inside"
