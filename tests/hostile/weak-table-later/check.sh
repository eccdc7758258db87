# A metatable gains __mode (or __gc) after setmetatable, by every route: assignment, rawset,
# a metatable's own metatable, setmetatable(mt, nil) first, load with the metatable as _ENV.
# Each is refused at the line that tries, so run and sim cannot score differently.
WEAK="not allowed: weak tables (__mode) depend on garbage collection timing"
try() {  # try NAME WHERE LUA...: WHERE (a line of main.lua, or chunk:line) must be refused
    local name=$1 line=$2
    shift 2
    printf '%s\n' "$@" 'return { result = "draw", summary = "kept", scores = {} }' >"$BOT/main.lua"
    sol --bots "$BOTS" run weak-table-later --seed 1 --answers "$T/none.yaml"
    expect_rc 1 "$name"
    no_crash "$name"
    case $line in *:*) ;; *) line=weak-table-later/main.lua:$line ;; esac
    has "$ERR" "$line: $WEAK" "$name"
}
try assignment 3 'local mt = {}' 'local t = setmetatable({}, mt)' 'mt.__mode = "v"'
try rawset 3 'local mt = {}' 'local t = setmetatable({}, mt)' 'rawset(mt, "__mode", "k")'
try own-metatable 4 'local mt = {}' 'setmetatable(mt, { __index = { x = 1 } })' 'local t = setmetatable({}, mt)' \
    'mt.__mode = "kv"'
try own-metatable-later 4 'local mt = {}' 'local t = setmetatable({}, mt)' 'setmetatable(mt, { __index = {} })' \
    'mt.__mode = "v"'
try metatable-removed 4 'local mt = {}' 'local t = setmetatable({}, mt)' 'setmetatable(mt, nil)' 'mt.__mode = "v"'
try env weak:1 'local mt = {}' 'local t = setmetatable({}, mt)' 'load("__mode = \"v\"", "=weak", "t", mt)()'
# What stays allowed: fields and metamethods added to a metatable in use, and getmetatable
# sees no metatable where the bot set none.
printf '%s\n' 'local Class = {}' 'local obj = setmetatable({}, Class)' 'Class.__index = { hello = "hi" }' \
    'Class.__tostring = function() return "an object" end' \
    'local Base = { greet = "hey" }' 'local Derived = setmetatable({}, { __index = Base })' 'Derived.__index = Derived' \
    'local d = setmetatable({}, Derived)' 'Derived.extra = 1' \
    'ui.say(obj.hello .. " " .. tostring(obj) .. " " .. d.greet .. " " .. tostring(getmetatable(Class)) .. " " .. tostring(getmetatable(obj) == Class))' \
    'return { result = "draw", summary = "ok", scores = {} }' >"$BOT/main.lua"
sol --bots "$BOTS" run weak-table-later --seed 1 --answers "$T/none.yaml"
expect_rc 0 "metatables still work"
has "$OUT" '"text":"hi an object hey nil true"' "metatables still work"
