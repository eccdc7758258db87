# Sourced by the install tests: does an installed `soloist serve` run its companion program and
# serve the bundled bots? (A shell function, not a test itself.)
# serve_lists_bots SOLOIST FOLDER: prints nothing and returns 0 when GET /api/bots of a server
# started from SOLOIST lists guild-mat; otherwise prints what went wrong and returns 1.
serve_lists_bots() {
    local soloist=$1 folder=$2 port="" pid reply
    : >"$folder/serve.out"
    "$soloist" serve --port 0 >"$folder/serve.out" 2>"$folder/serve.err" &
    pid=$!
    for _ in $(seq 100); do
        port=$(sed -n 's|.*open http://[^:]*:\([0-9]*\)/.*|\1|p' "$folder/serve.out")
        [ -n "$port" ] && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        kill "$pid" 2>/dev/null
        echo "serve did not start: $(cat "$folder/serve.out" "$folder/serve.err")"
        return 1
    fi
    reply=$(exec 3<>"/dev/tcp/127.0.0.1/$port" &&
        printf 'GET /api/bots HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$port" >&3 && cat <&3)
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    grep -q '"guild-mat"' <<<"$reply" || { echo "GET /api/bots: $(head -c 300 <<<"$reply")"; return 1; }
}
