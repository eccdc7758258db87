#!/usr/bin/env bash
# tests/package/deb.sh BUILD: builds the Debian package of the build folder BUILD with CPack
# (cpack -G DEB) and checks it: its contents list the program, the data, the docs, the man page
# and the bash completion; it declares its runtime dependencies (and, run as root, dpkg finds
# them installed); unpacked into a scratch root (dpkg -x), the program finds its data there
# and, from another folder, lists the bots, plays a golden game headless byte for byte, and
# makes a new bot that check and test pass; its soloist serve runs the companion program of
# usr/libexec/soloist and serves the bots. .ci/run runs it after the suite.
set -euo pipefail
build=$(realpath "${1:?usage: tests/package/deb.sh BUILD_FOLDER}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/soloist-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
source "$root/tests/cli/lib/serve_check.sh"
failures=0
bad() { echo "FAIL [deb] $*"; failures=$((failures + 1)); }
started=$SECONDS

(cd "$build" && cpack -G DEB -B "$work/out") >"$work/cpack.log" 2>&1 || { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/out/soloist_*.deb)
echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB) in $((SECONDS - started)) s"

contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/soloist ./usr/libexec/soloist/soloist-companion ./usr/share/soloist/scripts/lib/deck.lua ./usr/share/soloist/scripts/guild-mat/bot.yaml \
    ./usr/share/soloist/schemas/bot.schema.yaml ./usr/share/soloist/scripts/templates/new-bot/main.lua \
    ./usr/share/doc/soloist/README.md ./usr/share/doc/soloist/docs/authoring.md \
    ./usr/share/man/man1/soloist.1.gz ./usr/share/bash-completion/completions/soloist; do
    grep -qE " $path\$" <<<"$contents" || bad "the package lacks $path"
done
for id in $(for d in "$root"/scripts/*/bot.yaml; do basename "$(dirname "$d")"; done); do
    grep -qE " ./usr/share/soloist/scripts/$id/bot.yaml\$" <<<"$contents" || bad "the package lacks the bundled bot $id"
done
grep -qE "^-rwxr-xr-x .* ./usr/bin/soloist$" <<<"$contents" || bad "usr/bin/soloist is not executable: $(grep usr/bin <<<"$contents")"

depends=$(dpkg-deb -f "$deb" Depends)
for lib in libc6 libstdc++6 libyaml-cpp libspdlog libre2 libqrencode; do
    grep -q "$lib" <<<"$depends" || bad "Depends does not name $lib: $depends"
done
[ "$(dpkg-deb -f "$deb" Package)" = soloist ] || bad "the package's name: $(dpkg-deb -f "$deb" Package)"
if [ "$(id -u)" = 0 ]; then
    # Would dpkg install it here? (Its dependencies are installed: the build needed them.)
    dpkg --dry-run -i "$deb" >"$work/dry-run.log" 2>&1 || bad "dpkg --dry-run -i: $(cat "$work/dry-run.log")"
fi

# Unpacked into a scratch root, run from another folder.
dpkg -x "$deb" "$work/root"
soloist=$work/root/usr/bin/soloist
mkdir -p "$work/elsewhere"
cd "$work/elsewhere"
export XDG_DATA_HOME=$work/xdg HOME=$work/home
unset SOLOIST_HOME
paths=$("$soloist" paths) || bad "paths: exit $?"
grep -qF "data         $work/root/usr/share/soloist (installed beside the program)" <<<"$paths" || bad "paths: $paths"
ids=$("$soloist" list --ids)
[ "$ids" = "$(for d in "$root"/scripts/*/bot.yaml; do basename "$(dirname "$d")"; done)" ] || bad "list --ids: $ids"
golden=$root/scripts/guild-mat/scenarios/golden/seed-1.jsonl
sed -n -E 's/^\{"event":"answer","question":[0-9]+,"value":(.*)\}$/- \1/p' "$golden" >answers.yaml
"$soloist" run guild-mat --seed 1 --answers answers.yaml >seed-1.jsonl || bad "run guild-mat: exit $?"
cmp -s seed-1.jsonl "$golden" || bad "run guild-mat: the transcript differs from its golden game"
"$soloist" new my-bot >/dev/null || bad "new my-bot: exit $?"
"$soloist" check my-bot >check.txt 2>&1 || bad "check my-bot: $(cat check.txt)"
"$soloist" test my-bot >test.txt 2>&1 || bad "test my-bot: $(cat test.txt)"
why=$(serve_lists_bots "$soloist" "$work/elsewhere") || bad "soloist serve: $why"
zcat "$work/root/usr/share/man/man1/soloist.1.gz" | grep -q "SOLOIST_HOME" || bad "the man page does not name SOLOIST_HOME"

if [ "$failures" -gt 0 ]; then
    echo "deb: $failures check(s) failed"
    exit 1
fi
echo "deb: all checks passed ($((SECONDS - started)) s)"
