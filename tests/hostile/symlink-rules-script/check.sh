# A house rule's script must lie beside its rules file: a script linked outside that folder, or
# named by a path out of it, is refused with the rules file, the script and where it leads;
# the outside code never runs. The rule's own script, and a link that stays in the folder, run.
OUTSIDE=$T/symlink-rules-script-outside
mkdir -p "$OUTSIDE"
printf 'error("escaped: code from outside the house rule folder ran")\n' >"$OUTSIDE/rule.lua"
# The rules live outside the bot folder (as a player's own would), so that only the rule's
# folder is in question.
HOUSE=$T/symlink-rules-script-house
mv "$BOT/house" "$HOUSE"
RULES=$HOUSE/rules.yaml

sol --bots "$BOTS" run symlink-rules-script --seed 1 --answers "$T/none.yaml" --rules "$RULES"
expect_rc 0 "the house rule's own script"
has "$OUT" "the house rule's own hook" "the house rule's own script"

mv "$HOUSE/rule.lua" "$HOUSE/real.lua"
ln -s "$OUTSIDE/rule.lua" "$HOUSE/rule.lua"
sol --bots "$BOTS" run symlink-rules-script --seed 1 --answers "$T/none.yaml" --rules "$RULES"
expect_rc 1 "a rules script linked outside"
no_crash "a rules script linked outside"
has "$ERR" "$RULES: the house rule's script 'rule.lua' leads to $OUTSIDE/rule.lua (through a symbolic link), outside the folder of the rules file ($HOUSE); keep the script beside the rules file" "a rules script linked outside"
lacks "$OUT$ERR" "escaped" "a rules script linked outside"

# A path out of the folder, as written.
printf 'name: Out\nscript: ../symlink-rules-script-outside/rule.lua\n' >"$HOUSE/out.yaml"
sol --bots "$BOTS" run symlink-rules-script --seed 1 --answers "$T/none.yaml" --rules "$HOUSE/out.yaml"
expect_rc 1 "a rules script path out of the folder"
has "$ERR" "the house rule's script '../symlink-rules-script-outside/rule.lua' must be a relative path inside the folder of the rules file" "a rules script path out of the folder"
lacks "$OUT$ERR" "escaped" "a rules script path out of the folder"

# A link that stays in the folder.
rm "$HOUSE/rule.lua"
ln -s real.lua "$HOUSE/rule.lua"
sol --bots "$BOTS" run symlink-rules-script --seed 1 --answers "$T/none.yaml" --rules "$RULES"
expect_rc 0 "a rules script linked inside its folder"
has "$OUT" "the house rule's own hook" "a rules script linked inside its folder"
