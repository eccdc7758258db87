# Unknown bot, unknown option, option value out of range or of the wrong type: exit 2, the
# name given, and the valid ones; for run, play, sim and list-free commands alike.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
echo '[]' >"$T/answers.yaml"
# The bundled bots, as the messages list them: by id (each bundled bot's folder is its id).
bots_with() {  # the bundled bots and those named, sorted and joined as the messages list them
    { for f in scripts/*/bot.yaml; do basename "$(dirname "$f")"; done; [ $# -eq 0 ] || printf '%s\n' "$@"; } |
        LC_ALL=C sort | paste -sd, - | sed 's/,/, /g'
}
BOTS=$(bots_with)

# every command that starts a game: run, play, sim
for cmd in run play sim; do
    extra=()
    case $cmd in
        run) extra=(--seed 1 --answers "$T/answers.yaml") ;;
        play) extra=(--seed 1 --journal "$T/$cmd.journal") ;;
        sim) extra=(--games 2) ;;
    esac
    sol $cmd guildmat "${extra[@]}"
    expect_rc 2 "$cmd: unknown bot"
    has "$ERR" "soloist: unknown bot 'guildmat' (did you mean 'guild-mat'?); bots: $BOTS" "$cmd: unknown bot"

    sol $cmd chess "${extra[@]}"
    expect_rc 2 "$cmd: unknown bot, nothing close"
    has "$ERR" "soloist: unknown bot 'chess'; bots: $BOTS" "$cmd: unknown bot, nothing close"

    sol $cmd guild-mat --option round=3 "${extra[@]}"
    expect_rc 2 "$cmd: unknown option"
    has "$ERR" "soloist: unknown option 'round' (did you mean 'rounds'?); options of guild-mat: rounds, swap, colors" "$cmd: unknown option"

    sol $cmd guild-mat --option rounds=18 "${extra[@]}"
    expect_rc 2 "$cmd: option above its range"
    has "$ERR" "soloist: option 'rounds' must be from 1 to 17, got 18" "$cmd: option above its range"

    sol $cmd guild-mat --option rounds=0 "${extra[@]}"
    expect_rc 2 "$cmd: option below its range"
    has "$ERR" "soloist: option 'rounds' must be from 1 to 17, got 0" "$cmd: option below its range"

    sol $cmd guild-mat --option rounds=many "${extra[@]}"
    expect_rc 2 "$cmd: option of the wrong type"
    has "$ERR" "soloist: option 'rounds' expects an integer, got 'many'" "$cmd: option of the wrong type"

    if [ "$cmd" != sim ]; then  # in sim it is a sweep (tests/cli/sweeps.sh)
        sol $cmd guild-mat --option rounds=4,6 "${extra[@]}"
        expect_rc 2 "$cmd: a list of values"
        has "$ERR" "soloist: option 'rounds' expects an integer, got '4,6' (values separated by commas make a sweep, which only soloist sim plays)" "$cmd: a sweep asked of the wrong command"
    fi

    sol $cmd guild-mat --option swap=maybe "${extra[@]}"
    expect_rc 2 "$cmd: boolean option"
    has "$ERR" "soloist: option 'swap' expects true, false, yes or no, got 'maybe'" "$cmd: boolean option"
    [ ! -e "$T/$cmd.journal" ] || fail "$cmd: a refused game wrote a journal"
done

# A choice option: the allowed values are named.
mkdir -p "$T/bots/chooser"
cat >"$T/bots/chooser/bot.yaml" <<'YAML'
id: chooser
name: Chooser
game: Test Game
version: 1.0.0
description: A bot with a choice option.
entry: main.lua
options:
  - id: level
    type: choice
    default: normal
    allowed: [easy, normal, hard]
    description: How hard.
YAML
printf 'return { result = "draw" }\n' >"$T/bots/chooser/main.lua"
sol --bots "$T/bots" run chooser --seed 1 --option level=hrad --answers "$T/answers.yaml"
expect_rc 2 "choice option not allowed"
has "$ERR" "option 'level' does not allow 'hrad' (did you mean 'hard'?); allowed: easy, normal, hard" "choice option not allowed"
sol --bots "$T/bots" run chooser --seed 1 --option level=hard --answers "$T/answers.yaml"
expect_rc 0 "choice option allowed"
has "$OUT" '"options":{"level":"hard"}' "choice option allowed"
# The bots found in --bots are among the valid names.
sol --bots "$T/bots" run choser --seed 1 --answers "$T/answers.yaml"
expect_rc 2 "unknown bot with --bots"
has "$ERR" "unknown bot 'choser' (did you mean 'chooser'?); bots: $(bots_with chooser)" "unknown bot with --bots"

# An option in a house rules file is checked the same way.
printf 'options:\n  rounds: 99\n' >"$T/rules.yaml"
sol run guild-mat --seed 1 --rules "$T/rules.yaml" --answers "$T/answers.yaml"
expect_rc 2 "house rules option out of range"
has "$ERR" "house rules: option 'rounds' must be from 1 to 17, got 99" "house rules option out of range"
printf 'options:\n  round: 4\n' >"$T/rules.yaml"
sol run guild-mat --seed 1 --rules "$T/rules.yaml" --answers "$T/answers.yaml"
expect_rc 2 "house rules with an unknown option"
has "$ERR" "house rules: unknown option 'round' (did you mean 'rounds'?)" "the house rules named for an unknown option"

# An unknown command: its name and the commands there are.
sol lsit
expect_rc 2 "an unknown command"
has "$ERR" "unknown command 'lsit' (did you mean 'list'?); commands: list, play, games, run, replay, check, test, sim" "an unknown command"

finish
