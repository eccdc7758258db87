---@meta
-- Definitions of Soloist's Lua API for the Lua Language Server (completion, hovers and type
-- checks in editors). Not loaded by Soloist. The repository's .luarc.json points editors here.

---@class SoloistChoice
---@field id string     what the journal and answer files record
---@field label? string what the player reads (defaults to id)

---@class SoloistShowEntry
---@field label string
---@field value? string|number|boolean|string[]
---@field grid? SoloistGrid  a board or map instead of a value: drawn in the terminal, a table on the page

---@class SoloistGrid
---@field rows (string|number)[][]              the cells, row by row
---@field columns? (string|number)[]|(string|number)[][]  heading rows above the columns
---@field column_labels? string[]               a label for each heading row
---@field row_labels? string[]                  a label for each row
---@field walls? {[1]: integer, [2]: integer, [3]: "right"|"below"}[]  a wall right of / below cell (row, column)
---@field marks? {[1]: integer, [2]: integer}[] cells set apart

--- Talking to the player.
ui = {}

--- Narrates what the bot does: one line or paragraph for the player. With more arguments,
--- text is a string.format pattern, formatted only when someone reads it.
---@param text string
---@param ... any
function ui.say(text, ...) end

--- The reason for the last decision; the player reads it with `why`. Formats like ui.say.
---@param text string
---@param ... any
function ui.why(text, ...) end

--- The bot's visible state (the player's `show` command prints the last one). Pass a
--- function returning the entries to build them only when shown.
---@param title string
---@param entries SoloistShowEntry[]|fun(): SoloistShowEntry[]
function ui.show(title, entries) end

--- Asks the player to choose; returns the chosen option's id. Suspends the bot until answered.
--- Option ids all differ; 1 to 100000 options. A prompt given as a function is built again
--- after each `set` correction, so it can show the corrected value.
---@param prompt string|fun(): string
---@param options (string|SoloistChoice)[]
---@return string id
function ui.ask(prompt, options) end

--- Asks a yes/no question.
---@param prompt string|fun(): string
---@return boolean
function ui.confirm(prompt) end

--- Asks for a whole number from min to max.
---@param prompt string|fun(): string
---@param min integer
---@param max integer
---@return integer
function ui.number(prompt, min, max) end

--- Every random result, from the host's named streams (each call is a transcript event).
random = {}

--- An integer from 1 to sides.
---@param stream string
---@param sides integer
---@return integer
function random.roll(stream, sides) end

--- An integer from lo to hi.
---@param stream string
---@param lo integer
---@param hi integer
---@return integer
function random.int(stream, lo, hi) end

--- One element of a non-empty array, uniformly: its index and the element.
---@generic T
---@param stream string
---@param list T[]
---@return integer index
---@return T element
function random.pick(stream, list) end

--- Shuffles the array in place (Fisher-Yates) and returns it.
---@generic T
---@param stream string
---@param list T[]
---@return T[]
function random.shuffle(stream, list) end

---@class SoloistCorrectable
---@field id string        what the player types: set <id> <n>
---@field label string
---@field min integer
---@field max integer
---@field get fun(): integer
---@field set fun(value: integer)

--- What the entry script returns: the end of the game.
---@class SoloistEnd
---@field result string              win | loss | draw | or the bot's own short word
---@field summary string             one line for the player
---@field scores? table<string, number> name -> number (soloist sim sums each over the games)
---@field rounds? integer            the rounds the game lasted

--- The bot's own data and flowchart steps.
game = {}
---@type { id: string, name: string, version: string }
game.bot = {}
--- Option id -> value (defaults, then house rules, then --option).
---@type table<string, any>
game.options = {}
--- Component name -> its YAML data.
---@type table<string, any>
game.components = {}
---@type integer
game.seed = 0

--- Wraps fn as the flowchart step `id` declared in bot.yaml: errors name it, the transcript
--- marks it, house rules may hook it (before, replace, after).
---@generic F: function
---@param id string
---@param fn F
---@return F
function game.step(id, fn) end

--- Adds an event of the bot's own to the transcript: {event = kind, ...fields}.
--- The fields are read during the call and no reference is kept, so one table may be refilled.
---@param kind string
---@param fields? table
function game.record(kind, fields) end

--- Lets the player correct a value at any prompt ("set gold 3"); journaled like an answer.
---@param spec SoloistCorrectable
function game.correctable(spec) end
