#!/usr/bin/env bash
# tests/recipes/gnu-parallel.sh SOLOIST: the GNU parallel recipe of docs/simulation.md, as
# written there but smaller: 4 shards on this machine, merged, equal to one run of all the
# games. Needs Debian's `parallel` (.ci/run installs it).
set -euo pipefail
soloist=$(realpath "${1:?usage: tests/recipes/gnu-parallel.sh /path/to/soloist}")
work=$(mktemp -d "${TMPDIR:-/tmp}/soloist-parallel.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
export XDG_DATA_HOME=$work/xdg
# The recipe (docs/simulation.md), with 4 shards of 4000 games instead of 8 of 1000000.
parallel --will-cite -j 4 "$soloist" sim guild-mat --games 4000 --shard {}/4 --jobs 1 --results shard-{}.jsonl ::: $(seq 4) >/dev/null
"$soloist" merge shard-*.jsonl >merged.txt
"$soloist" sim guild-mat --games 4000 >whole.txt
if cmp -s merged.txt whole.txt; then
  echo "gnu-parallel recipe: 4 shards merged equal one run of the 4000 games"
else
  echo "gnu-parallel recipe: the merged shards differ from one run:"
  diff merged.txt whole.txt | head -10
  exit 1
fi
