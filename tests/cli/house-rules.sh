# House rules (--rules FILE): options and hooks on the bot's declared steps; bad rules files
# are refused with their file and line; a journal remembers its house rule.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
R=tests/fixtures/rules
printf -- '- done\n- done\n- 5\n- done\n- 50\n' >"$T/answers.yaml"

sol run guild-mat --seed 3 --rules "$R/short-game.yaml" --answers "$T/answers.yaml"
expect_rc 0 "a game with a house rule"
has "$OUT" '"rules":"short-game.yaml"' "the start event names the house rule"
has "$OUT" '"options":{"colors":"red blue green","rounds":3,"swap":true}' "the house rule sets rounds"
has "$OUT" "House rule: the marker on start space I goes out now." "a before hook runs"
has "$OUT" "House rule: no exchanges." "a replace hook runs instead of the step"
lacks "$OUT" '"prompt":"Exchange two neighbouring' "the replaced step asks nothing"
has "$OUT" '"event":"end"' "the game ends after three rounds"

# --option wins over the house rule.
sol run guild-mat --seed 3 --rules "$R/short-game.yaml" --option rounds=2 --answers "$T/answers.yaml"
has "$OUT" '"rounds":2' "--option wins over the house rule"

sol run guild-mat --seed 3 --rules "$R/unknown-step.yaml" --answers "$T/answers.yaml"
expect_rc 1 "a hook of an unknown step"
has "$ERR" "step 'place markers' is not declared in guild-mat's bot.yaml (did you mean 'place marker'?)" "unknown step"

sol run guild-mat --seed 3 --rules "$R/bad-schema.yaml" --answers "$T/answers.yaml"
expect_rc 1 "a house rules file that breaks its schema"
has "$ERR" "bad-schema.yaml:2:1" "the unknown field's place"
has "$ERR" "optons" "the unknown field"
has "$ERR" "bad-schema.yaml:4:9" "the script that is not a .lua file"

sol run guild-mat --seed 3 --rules "$R/bad-option.yaml" --answers "$T/answers.yaml"
expect_rc 2 "a house rule with an option out of range"
has "$ERR" "house rules: option 'rounds'" "the option"

sol run guild-mat --seed 3 --rules "$R/missing.yaml" --answers "$T/answers.yaml"
expect_rc 2 "a house rules file that does not exist"
has "$ERR" "house rules file not found" "missing house rules"

# The journal remembers the house rule; a changed house rule is refused on resume.
cp "$R/short-game.yaml" "$R/short-game.lua" "$T/"
sol_in "1
quit
" play guild-mat --seed 3 --rules "$T/short-game.yaml" --journal "$T/g.journal"
expect_rc 0 "play with a house rule"
has "$OUT" "House rule: no exchanges." "play runs the hooks"
has "$OUT" "seed 3, house rules short-game.yaml. Type help at any prompt." "the start says the house rules are on"
sol_in "quit
" play --journal "$T/g.journal"
has "$OUT" "Resuming guild-mat (seed 3, house rules short-game.yaml) after 1 answer." "so does the resume"
sol replay "$T/g.journal"
expect_rc 0 "replay with the house rule"
has "$OUT" "House rule: the marker on start space I goes out now." "replay runs the house rule again"
echo '-- changed' >>"$T/short-game.lua"
snapshot "$T/g.journal"
sol replay "$T/g.journal"
expect_rc 1 "replay after the house rule changed"
has "$ERR" "changed since this game was played" "a changed house rule"
same "$T/g.journal"

# An error a hook raises for its caller (error(msg, 2)) names the rules script and the hook's
# line, not the host's step code that called the hook.
cat >"$T/refuse.yaml" <<'YAML'
name: refuses
script: refuse.lua
YAML
cat >"$T/refuse.lua" <<'LUA'
return {
  before = {
    ["place marker"] = function() error("this house rule refuses the marker", 2) end,
  },
}
LUA
sol sim guild-mat --seed 1 --games 1 --rules "$T/refuse.yaml"
expect_rc 1 "a hook that raises an error"
has "$OUT" "refuse.lua:3: this house rule refuses the marker" "the rules script and the hook's line"
lacks "$OUT" "soloist.step" "no host chunk in the message"

# Options written as text in a rules file read as on the command line: yes/no, "12".
printf 'name: as text\noptions: { swap: "no", rounds: "12" }\n' >"$T/text-options.yaml"
echo '[]' >"$T/none.yaml"
sol run guild-mat --seed 3 --rules "$T/text-options.yaml" --answers "$T/none.yaml"
has "$OUT" '"rounds":12,"swap":false' "text options in a rules file"
sol run guild-mat --seed 3 --option swap=no --option rounds=12 --answers "$T/none.yaml"
has "$OUT" '"rounds":12,"swap":false' "the same options on the command line"
printf 'name: bad text\noptions: { swap: "maybe" }\n' >"$T/bad-text.yaml"
sol run guild-mat --seed 3 --rules "$T/bad-text.yaml" --answers "$T/none.yaml"
expect_rc 2 "a text that is no boolean"
has "$ERR" "house rules: option 'swap' expects true, false, yes or no, got 'maybe'" "the option and the text"

finish
