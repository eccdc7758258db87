# soloist serve as a process: it says where to open it, answers over HTTP, saves each answer
# before replying (kill -9 loses nothing acknowledged), refuses a bad port, and beyond this
# machine prints an address with a token and a QR code. HTTP by bash's /dev/tcp: no client needed.
source "$(dirname "$0")/lib/assert.sh" "$@"

# http METHOD PORT PATH [BODY]: the response (status line, headers, body) in REPLY.
http() {
    local method=$1 port=$2 path=$3 body=${4:-}
    exec 3<>"/dev/tcp/127.0.0.1/$port" || { REPLY=""; return 1; }
    printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
        "$method" "$path" "$port" "${#body}" "$body" >&3
    REPLY=$(timeout 20 cat <&3)
    exec 3>&-
}

# start_server ARGS...: runs soloist serve in the background; PORT and PID once it listens.
start_server() {
    rm -f "$T/serve.out" "$T/serve.err"
    : >"$T/serve.out"  # before the server starts: the address read below is this server's
    "$SOLOIST" serve --port 0 "$@" >"$T/serve.out" 2>"$T/serve.err" &
    PID=$!
    disown "$PID"  # killed on purpose below: no job-control message
    for _ in $(seq 300); do
        PORT=$(sed -n 's|.*open http://[^:]*:\([0-9]*\)/.*|\1|p' "$T/serve.out")
        [ -n "$PORT" ] && return 0
        sleep 0.1
    done
    fail "soloist serve did not say where to open it: $(cat "$T/serve.out" "$T/serve.err")"
    return 1
}

start_server
has "$(cat "$T/serve.out")" "Soloist companion: open http://127.0.0.1:$PORT/" "the address"
lacks "$(cat "$T/serve.out")" "token" "no token on this machine only"
http GET "$PORT" /
has "$REPLY" "HTTP/1.1 200" "the page"
has "$REPLY" "<title>Soloist</title>" "the page's HTML"
http POST "$PORT" /api/games '{"bot":"guild-mat","seed":"8"}'
has "$REPLY" "HTTP/1.1 201" "a game starts"
id=$(grep -o '"game":"[^"]*"' <<<"$REPLY" | head -1 | cut -d'"' -f4)
[ -n "$id" ] || fail "the new game's id"
http POST "$PORT" "/api/games/$id/answer" '{"value":"no"}'
has "$REPLY" "HTTP/1.1 200" "an answer"
# Acknowledged, then killed: the answer is in the journal.
kill -9 "$PID"
while kill -0 "$PID" 2>/dev/null; do sleep 0.05; done
journal="$XDG_DATA_HOME/soloist/$id.journal"
[ -f "$journal" ] || fail "the journal $journal"
sol replay "$journal"
expect_rc 0 "the journal replays after kill -9"
has "$OUT" '"event":"answer","question":1,"value":"no"' "the acknowledged answer survived"

# The same game goes on in the terminal.
sol_in "done
quit
" play --journal "$journal"
expect_rc 0 "the terminal resumes the page's game"
has "$OUT" "Resuming guild-mat (seed 8) after 1 answer." "resumed in the terminal"

sol serve --port 70000
expect_rc 2 "a port out of range"
has "$ERR" "--port" "the option named"

# Beyond this machine: a token, the address with it, a QR code; without the token, 401.
start_server --listen 127.0.0.2
has "$(cat "$T/serve.out")" "?token=" "an address with a token"
has "$(cat "$T/serve.out")" "every request needs the token" "the token explained"
has "$(cat "$T/serve.out")" "█" "a QR code"
exec 3<>"/dev/tcp/127.0.0.2/$PORT"
printf 'GET /api/bots HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n' >&3
reply=$(timeout 20 cat <&3)
exec 3>&-
has "$reply" "HTTP/1.1 401" "refused without the token"
kill "$PID"

finish
