# A component file, the bot's own schema or bot.yaml linked to a file outside the bot folder
# (here a stand-in for /etc/passwd): the path reads as inside the folder, but the file is not.
# The bot is refused, naming the file and where it leads; nothing of the outside file is read
# into game.components. A link that stays inside the folder is fine.
OUTSIDE=$T/symlink-component-outside
mkdir -p "$OUTSIDE"
printf 'secret: s3cret from outside\n' >"$OUTSIDE/secret.yaml"
cp "$BOT/schemas/any.schema.yaml" "$OUTSIDE/any.schema.yaml"
WHERE="outside the bot folder ($BOT): a bot may use only the files inside its own folder"

mv "$BOT/secret.yaml" "$BOT/inside.yaml"
ln -s "$OUTSIDE/secret.yaml" "$BOT/secret.yaml"
sol --bots "$BOTS" run symlink-component --seed 1 --answers "$T/none.yaml"
expect_rc 1 "a component linked outside"
no_crash "a component linked outside"
has "$ERR" "bot.yaml:8:19: at /components/secret/file: 'secret.yaml' leads to $OUTSIDE/secret.yaml (through a symbolic link), $WHERE" "a component linked outside"
lacks "$OUT$ERR" "s3cret" "a component linked outside"

# The same link, relative and through a linked folder: resolved all the same.
rm "$BOT/secret.yaml"
ln -s "$OUTSIDE" "$BOT/data"
ln -s data/secret.yaml "$BOT/secret.yaml"
sol --bots "$BOTS" check "$BOT" --games 1
expect_rc 1 "a component linked outside through a linked folder"
has "$OUT" "'secret.yaml' leads to $OUTSIDE/secret.yaml (through a symbolic link), outside the bot folder" "a component linked outside through a linked folder"
lacks "$OUT" "s3cret" "a component linked outside through a linked folder"
rm "$BOT/secret.yaml" "$BOT/data"

# A link inside the folder is no escape.
ln -s inside.yaml "$BOT/secret.yaml"
sol --bots "$BOTS" run symlink-component --seed 1 --answers "$T/none.yaml"
expect_rc 0 "a component linked inside the folder"
has "$OUT" "the component says: nothing to see" "a component linked inside the folder"

# The bot's own schema file, linked outside.
mv "$BOT/schemas/any.schema.yaml" "$BOT/schemas/real.schema.yaml"
ln -s "$OUTSIDE/any.schema.yaml" "$BOT/schemas/any.schema.yaml"
sol --bots "$BOTS" run symlink-component --seed 1 --answers "$T/none.yaml"
expect_rc 1 "a schema linked outside"
no_crash "a schema linked outside"
has "$ERR" "at /components/secret/schema: 'schemas/any.schema.yaml' leads to $OUTSIDE/any.schema.yaml (through a symbolic link), $WHERE" "a schema linked outside"
rm "$BOT/schemas/any.schema.yaml"
mv "$BOT/schemas/real.schema.yaml" "$BOT/schemas/any.schema.yaml"

# bot.yaml itself, linked outside.
mv "$BOT/bot.yaml" "$OUTSIDE/bot.yaml"
ln -s "$OUTSIDE/bot.yaml" "$BOT/bot.yaml"
sol run "$BOT" --seed 1 --answers "$T/none.yaml"
expect_rc 1 "bot.yaml linked outside"
no_crash "bot.yaml linked outside"
has "$ERR" "'bot.yaml' leads to $OUTSIDE/bot.yaml (through a symbolic link), $WHERE" "bot.yaml linked outside"
