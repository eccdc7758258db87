# A component file of 200000 unknown fields: each is a diagnostic, and their de-duplication
# compared each with all before it (over 60 s for list, check and run alike). Now sorted in
# n log n, and reported by the first 50 of the file and a line that counts the rest.
seq 0 199999 | sed 's/^/field/; s/$/: 1/' >>"$BOT/settings.yaml"
for command in check list; do
    start=$(date +%s%N)
    if [ "$command" = check ]; then sol check "$BOT"; else sol --bots "$BOTS" list; fi
    elapsed_ms=$((($(date +%s%N) - start) / 1000000))
    expect_rc 1 "$command"
    no_crash "$command"
    # A bound for a loaded machine and a sanitizer build (under 2 s in a Release build): the
    # quadratic de-duplication took over 60 s in a Release build, three times that sanitized.
    [ "$elapsed_ms" -lt 90000 ] || fail "$command took $elapsed_ms ms, expected under 90 s"
done
sol check "$BOT"
has "$OUT" "settings.yaml:2:1: at /field0: unknown field 'field0'; expected one of: colour, speed" "check: the first"
has "$OUT" "settings.yaml:51:1: at /field49: unknown field 'field49'" "check: the 50th"
lacks "$OUT" "field50'" "check: no 51st"
has "$OUT" "settings.yaml: ... and 199950 more problems in this file" "check: the count of the rest"
