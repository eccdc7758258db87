# The sandbox: io, os, debug, require outside the bot's folder and binary chunks are refused;
# writing the host's globals or replacing _G is refused and the host's tables stay intact.
source "$(dirname "$0")/lib/assert.sh" "$@"
cd "$ROOT"
B=$T/bots
echo '[]' >"$T/none.yaml"
echo 'secret' >"$T/secret.lua"
snapshot "$T/secret.lua"

refused() {  # refused BOT LUA PHRASE...: the bot's main.lua is LUA; its run fails with each PHRASE
    local bot=$1 lua=$2
    shift 2
    make_bot "$B" "$bot" "$lua"
    sol --bots "$B" run "$bot" --seed 1 --answers "$T/none.yaml"
    expect_rc 1 "$bot"
    no_crash "$bot"
    local p
    for p in "$@"; do has "$ERR" "$p" "$bot"; done
}

# io, os and debug do not exist for a bot. (The error names the global and the line; see the
# report: it does not yet say "not allowed".)
refused io-open 'local f = io.open("/etc/passwd")' "io-open/main.lua:1: 'io' is not allowed: Soloist scripts cannot reach files"
refused os-execute 'os.execute("touch '"$T"'/pwned")' "os-execute/main.lua:1: 'os' is not allowed: Soloist scripts cannot reach the operating system"
[ ! -e "$T/pwned" ] || fail "os.execute ran"
refused debug-hook 'debug.sethook()' "debug-hook/main.lua:1: 'debug' is not allowed: Soloist scripts cannot use the debug library"
refused dofile 'dofile("'"$T"'/secret.lua")' "dofile/main.lua:1: 'dofile' is not allowed: use require"
refused loadfile 'loadfile("'"$T"'/secret.lua")' "loadfile/main.lua:1: 'loadfile' is not allowed: use require"
refused package 'local p = package.path' "package/main.lua:1: 'package' is not allowed: use require"
refused string-dump 'local s = string.dump(function() end)' "string-dump/main.lua:1: attempt to call a nil value (field 'dump')"
refused math-random 'local n = math.random(6)' "math-random/main.lua:1: attempt to call a nil value (field 'random')"

# require: only the bot's own folder and scripts/lib.
NOT_ALLOWED="not allowed: a bot can require only the modules of its own folder"
refused require-up 'require "../guild-mat/mat"' "require '../guild-mat/mat': $NOT_ALLOWED"
refused require-abs 'require "'"$T"'/secret"' "require '$T/secret': $NOT_ALLOWED"
refused require-os 'require "os"' "require 'os': $NOT_ALLOWED"
refused require-io 'require "io"' "require 'io': $NOT_ALLOWED"
refused require-dots 'require "..secret"' "require '..secret': $NOT_ALLOWED"
# A module of a well-formed name that is not there: where it was looked for, not "not allowed".
refused require-missing 'require "sub.helpr"' "require-missing/main.lua:1: require 'sub.helpr': no such module: neither $B/require-missing/sub/helpr.lua nor scripts/lib/sub/helpr.lua exists"
# ...while its own modules and the library's load.
make_bot "$B" require-ok 'local helper = require "sub.helper"
local counters = require "counters"
local c = counters.new{ id = "c", label = "C", value = helper.start, min = 0, max = 9 }
return { result = "draw", summary = tostring(c.value), scores = {} }'
mkdir -p "$B/require-ok/sub"
printf 'return { start = 4 }\n' >"$B/require-ok/sub/helper.lua"
sol --bots "$B" run require-ok --seed 1 --answers "$T/none.yaml"
expect_rc 0 "require of the bot's own module and a library module"
has "$OUT" '"event":"end","result":"draw","scores":[],"summary":"4"' "require of the bot's own module and a library module"

# Binary chunks: neither by their first byte nor by mode "b".
BINARY="not allowed: binary chunks cannot be loaded; Soloist runs Lua text only"
refused binary-esc 'local f, e = load(string.char(27) .. "LuaT\0")
assert(f, e)' "binary-esc/main.lua:2: $BINARY"
refused binary-mode 'local f, e = load("return 1", "chunk", "b")
assert(f, e)' "binary-mode/main.lua:2: $BINARY"
refused load-function 'local f = load(function() return nil end)' "load: not allowed: Soloist's load takes a string of Lua text only"
# A binary file as a module.
make_bot "$B" binary-module 'require "blob"'
printf '\033LuaT\000\031\223\r\n\032\n' >"$B/binary-module/blob.lua"
sol --bots "$B" run binary-module --seed 1 --answers "$T/none.yaml"
expect_rc 1 "a binary chunk as a module"
has "$ERR" "$BINARY" "a binary chunk as a module"
# Text through load still works, and sees the bot's globals.
make_bot "$B" load-text 'shared = 20
local f = assert(load("return shared + 1"))
return { result = "draw", summary = tostring(f()), scores = {} }'
sol --bots "$B" run load-text --seed 1 --answers "$T/none.yaml"
expect_rc 0 "load of Lua text"
has "$OUT" '"summary":"21"' "load of Lua text"

# --- The host's globals and tables.
HOSTG="is one of Soloist's globals and cannot be replaced"
refused replace-g '_G = {}' "replace-g/main.lua:1: not allowed: '_G' $HOSTG"
refused replace-ui 'ui = nil' "replace-ui/main.lua:1: not allowed: 'ui' $HOSTG"
refused replace-pairs 'pairs = function() end' "replace-pairs/main.lua:1: not allowed: 'pairs' $HOSTG"
refused replace-env '_ENV.game = {}' "replace-env/main.lua:1: not allowed: 'game' $HOSTG"
refused g-field '_G.random = {}' "g-field/main.lua:1: not allowed: 'random' $HOSTG"
refused rawset-g 'rawset(_G, "ui", 1)' "rawset-g/main.lua:1: not allowed: 'ui' is one of Soloist's globals"
refused string-format 'string.format = nil' "string-format/main.lua:1: not allowed: string.format is part of Soloist and cannot be changed"
refused table-insert 'table.insert = function() end' "table-insert/main.lua:1: not allowed: table.insert is part of Soloist and cannot be changed"
refused math-pi 'math.pi = 3' "math-pi/main.lua:1: not allowed: math.pi is part of Soloist and cannot be changed"
refused game-seed 'game.seed = 3' "game-seed/main.lua:1: not allowed: game.seed is part of Soloist and cannot be changed"
refused ui-ask 'ui.ask = function() return "x" end' "ui-ask/main.lua:1: not allowed: ui.ask is part of Soloist and cannot be changed"
refused rawset-string 'rawset(string, "x", 1)' "not allowed: this table belongs to Soloist and is read-only"
refused setmetatable-g 'setmetatable(_G, {})' "cannot change a protected metatable"
refused string-meta 'getmetatable("").__index = {}' "string-meta/main.lua:1: attempt to index a string value"

# Refused writes caught by pcall leave everything in place; the bot's own globals are fine.
make_bot "$B" intact 'pcall(function() string.rep = nil end)
pcall(function() _G.ui = nil end)
pcall(function() _ENV.game = nil end)
pcall(function() _G = {} end)
pcall(function() table.concat = nil end)
pcall(rawset, string, "x", 1)
pcall(rawset, _G, "random", {})
pcall(setmetatable, _G, {})
myglobal = 7
local ok = type(string.rep) == "function" and type(ui.ask) == "function" and type(game.step) == "function"
  and type(random.roll) == "function" and type(table.concat) == "function" and string.x == nil
  and _G.myglobal == 7
local a = ui.ask("Intact: " .. tostring(ok), { "go" })
ui.say("still intact: " .. tostring(type(ui.say) == "function" and string.x == nil))
return { result = "draw", summary = tostring(myglobal), scores = {} }'
printf -- '- go\n' >"$T/go.yaml"
sol --bots "$B" run intact --seed 1 --answers "$T/go.yaml"
expect_rc 0 "refused writes caught by pcall"
has "$OUT" '"prompt":"Intact: true"' "refused writes caught by pcall"
has "$OUT" '"text":"still intact: true"' "refused writes caught by pcall"
has "$OUT" '"summary":"7"' "refused writes caught by pcall"
# Games in one process do not leak into each other.
sol --bots "$B" sim intact --games 5
expect_rc 0 "sim of the bot that tries to change the host"
has "$OUT" "errors: 0" "sim of the bot that tries to change the host"
same "$T/secret.lua"

finish
