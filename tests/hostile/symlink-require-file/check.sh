# A Lua file of the bot folder linked to one outside it: `require` would run code from
# anywhere, and a simulation compiles every Lua file of the folder in advance. The bot is
# refused when it loads (run, sim, check), naming the file and where it leads; the outside
# code never runs.
OUTSIDE=$T/symlink-require-file-outside
mkdir -p "$OUTSIDE"
printf 'return { word = "escaped: code from outside the bot folder ran" }\n' >"$OUTSIDE/helper.lua"
ln -s "$OUTSIDE/helper.lua" "$BOT/helper.lua"
PROBLEM="helper.lua: 'helper.lua' leads to $OUTSIDE/helper.lua (through a symbolic link), outside the bot folder ($BOT): a bot may use only the files inside its own folder"

sol --bots "$BOTS" run symlink-require-file --seed 1 --answers "$T/none.yaml"
expect_rc 1 "run: require of a linked file"
no_crash "run: require of a linked file"
has "$ERR" "$PROBLEM" "run: require of a linked file"
lacks "$OUT$ERR" "escaped" "run: require of a linked file"

sol --bots "$BOTS" sim symlink-require-file --games 3
expect_rc 1 "sim: require of a linked file"
no_crash "sim: require of a linked file"
has "$ERR" "$PROBLEM" "sim: require of a linked file"
lacks "$OUT$ERR" "escaped" "sim: require of a linked file"

sol --bots "$BOTS" check "$BOT" --games 2
expect_rc 1 "check: require of a linked file"
has "$OUT" "$PROBLEM" "check: require of a linked file"
lacks "$OUT$ERR" "escaped" "check: require of a linked file"

# Linked inside the folder, the same module is fine.
mkdir -p "$BOT/real"
cp "$OUTSIDE/helper.lua" "$BOT/real/helper.lua"
sed -i 's/escaped: code from outside the bot folder ran/hello from inside/' "$BOT/real/helper.lua"
rm "$BOT/helper.lua"
ln -s real/helper.lua "$BOT/helper.lua"
sol --bots "$BOTS" run symlink-require-file --seed 1 --answers "$T/none.yaml"
expect_rc 0 "require of a file linked inside the folder"
has "$OUT" "the helper says: hello from inside" "require of a file linked inside the folder"
