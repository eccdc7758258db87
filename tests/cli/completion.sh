# The bash completion (tools/packaging/soloist.bash-completion), sourced in bash and called as bash
# calls it: commands, bot ids (with a --bots folder on the line), option names of soloist and
# of the command, the chosen bot's --option names, and the values of --limits and sim --answers.
source "$(dirname "$0")/lib/assert.sh" "$@"

# shellcheck source=/dev/null
source "$ROOT/tools/packaging/soloist.bash-completion"
complete -p soloist >/dev/null 2>&1 || fail "the completion is not registered for soloist"

# complete WORD...: the completions for the last word (the cursor's), one a line.
complete_words() {
    COMP_WORDS=("$SOLOIST" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="${COMP_WORDS[*]}"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _soloist
    printf '%s\n' "${COMPREPLY[@]}"
}
# expect WANT WORD...: the completions, space-separated, are WANT.
expect() {
    local want=$1
    shift
    local got
    got=$(complete_words "$@" | tr '\n' ' ' | sed 's/ $//')
    [ "$got" = "$want" ] || fail "completing '$*': got '$got', expected '$want'"
}

# Every command of soloist --help, and nothing else.
commands=$("$SOLOIST" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p' | tr '\n' ' ' | sed 's/ $//')
has "$commands" "new" "the commands"
expect "$commands" ""
expect "play paths" p
expect "new" ne
bundled=$(for d in "$ROOT"/scripts/*/bot.yaml; do basename "$(dirname "$d")"; done | tr '\n' ' ' | sed 's/ $//')
expect "$bundled" play ""
expect "guild-mat" play gu
expect "guild-mat" sim gu
expect "" play guild-mat ""  # one bot only
expect "botmegistus botric" check bot
# Your bots and a --bots folder's are bot ids too.
make_bot "$XDG_DATA_HOME/soloist/bots" mine-bot
make_bot "$T/more" extra-bot
expect "mine-bot" run mi
expect "extra-bot" --bots "$T/more" run ex
expect "extra-bot" run --bots "$T/more" ex
expect "" run ex
# Option names: soloist's, and the command's.
expect "--limits" --li
expect "--seed --shard" sim guild-mat --s
expect "--ids" list --i
expect "--dir" new --d
expect "--bots" play --bo
# The chosen bot's options after --option, as NAME=.
expect "rounds= swap= colors=" play guild-mat --option ""
expect "rounds=" play guild-mat --option r
expect "swap=" sim --seed 3 guild-mat --option rounds = 5 --option s
expect "level=" --bots "$T/more" run extra-bot --option ""
expect "" play --option ""  # no bot yet
# Values.
expect "count" --limits c
expect "random first" sim guild-mat --answers ""
mkdir -p "$T/folders/alpha"
expect "$T/folders/alpha" play --bots "$T/folders/a"
expect "$T/folders/alpha" new x --dir "$T/folders/a"
# Files: a house rules file to compare, results files, a report's page.
touch "$T/folders/harder.yaml" "$T/folders/run.jsonl"
expect "$T/folders/harder.yaml" sim guild-mat --compare-rules "$T/folders/h"
expect "guild-mat" sim --compare-rules "$T/folders/harder.yaml" gu  # the file is not the bot
expect "$T/folders/run.jsonl" report "$T/folders/r"
expect "$T/folders/run.jsonl" report "$T/folders/run.jsonl" -o "$T/folders/r"
expect "$T/folders/run.jsonl" merge "$T/folders/r"

finish
