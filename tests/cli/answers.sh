# Illegal answers in an answers file (soloist run): the step number, the question and the legal
# answers; exit 1; the answers file is left as it was. Also answers that run out, are left
# over, or are malformed.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots

runs() {  # runs FILE ARGS...: soloist run ARGS --answers FILE, checking FILE stays the same
    local file=$1
    shift
    snapshot "$file"
    sol run "$@" --answers "$file"
    same "$file"
}

# An option that is not offered (guild-mat, seed 12: question 3 is the exchange again).
printf -- '- no\n- done\n- maybe\n' >"$T/ask.yaml"
runs "$T/ask.yaml" guild-mat --seed 12
expect_rc 1 "illegal choice"
has "$ERR" "error: answer 3: question 3 (\"Exchange two neighbouring start markers for 3 Jar?\"): 'maybe' is not a legal answer; legal answers: 1) no, 2) I-II, 3) II-III" "illegal choice"
# The transcript up to the illegal answer is still printed.
has "$OUT" '"event":"answer","question":2,"value":"done"' "illegal choice: transcript"
lacks "$OUT" '"value":"maybe"' "illegal choice: transcript"
# An option number out of range.
printf -- '- 4\n' >"$T/ask4.yaml"
runs "$T/ask4.yaml" guild-mat --seed 12
expect_rc 1 "option number out of range"
has "$ERR" "error: answer 1: question 1 (\"Exchange two neighbouring start markers for 3 Jar?\"): '4' is not a legal answer; legal answers: 1) no, 2) I-II, 3) II-III" "option number out of range"
# An option by its number is legal.
printf -- '- 2\n' >"$T/ask2.yaml"
runs "$T/ask2.yaml" guild-mat --seed 12
has "$OUT" '"event":"answer","question":1,"value":"I-II"' "option by number"

# Number and yes/no questions.
make_bot "$B" questions 'local n = ui.number("How many coins?", 0, 10)
local y = ui.confirm("Is the river blocked?")
return { result = "draw", summary = n .. " " .. tostring(y), scores = {} }'
q() {  # q YAML PHRASE: the run of the questions bot with answers YAML fails with PHRASE
    printf '%s\n' "$1" >"$T/q.yaml"
    snapshot "$T/q.yaml"
    sol --bots "$B" run questions --seed 1 --answers "$T/q.yaml"
    same "$T/q.yaml"
    expect_rc 1 "answers $1"
    has "$ERR" "$2" "answers $1"
}
q '[11]' "error: answer 1: question 1 (\"How many coins?\"): '11' is not a legal answer; legal answers: a whole number from 0 to 10"
q '[-1]' "error: answer 1: question 1 (\"How many coins?\"): '-1' is not a legal answer; legal answers: a whole number from 0 to 10"
q '[three]' "error: answer 1: question 1 (\"How many coins?\"): 'three' is not a legal answer; legal answers: a whole number from 0 to 10"
q '[3, perhaps]' "error: answer 2: question 2 (\"Is the river blocked?\"): 'perhaps' is not a legal answer; legal answers: yes or no"
q '[3, 7]' "error: answer 2: question 2 (\"Is the river blocked?\"): '7' is not a legal answer; legal answers: yes or no"
# Answers that are not answers at all.
q '[3.5]' "$T/q.yaml: answer 1 must be a string, a whole number, true/false or {correct: id, value: number}"
q '[3, [yes]]' "$T/q.yaml: answer 2 must be a string, a whole number, true/false or {correct: id, value: number}"
q '[{correct: coins}]' "$T/q.yaml: answer 1 must be a value or {correct: id, value: number}"
q '{answers: [3]}' "$T/q.yaml: the answers must be a list"
q '[3, yes, yes]' "error: answer 3 is left over: the game ended before it"
q '[3]' "error: the answers ran out at question 2 (\"Is the river blocked?\"); legal answers: yes or no"
q '[3, ' "$T/q.yaml:2:1: "
# The legal ones pass.
printf '[3, yes]\n' >"$T/q.yaml"
sol --bots "$B" run questions --seed 1 --answers "$T/q.yaml"
expect_rc 0 "legal answers"
has "$OUT" '"summary":"3 true"' "legal answers"

# Corrections: an unknown value, a value out of range.
printf -- '- no\n- {correct: rounds, value: 3}\n' >"$T/c1.yaml"
runs "$T/c1.yaml" guild-mat --seed 12
expect_rc 1 "correction of an unknown value"
has "$ERR" "error: answer 2: nothing called 'rounds' can be corrected (did you mean 'round'?); correctable: loss-box, round" "correction of an unknown value"
printf -- '- no\n- {correct: round, value: 99}\n' >"$T/c2.yaml"
runs "$T/c2.yaml" guild-mat --seed 12
expect_rc 1 "correction out of range"
has "$ERR" "error: answer 2: Round must be from 1 to 16" "correction out of range"

finish
