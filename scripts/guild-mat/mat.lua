-- The solo mat: the bag of guild markers, the start spaces, the three rows of spaces with their
-- mines and coins, the loss box and the region die. Knows where markers go; knows nothing of
-- requirements beyond which one applies to a space now.
local bag = require "bag"
local counters = require "counters"
local dice = require "dice"
local line = require "line"

local Mat = {}
Mat.__index = Mat

-- The fields of the mat's events, refilled for each record: game.record keeps no reference.
local PLACED = { marker = "", space = "" }
local MOVED = { token = "", from = "", to = "" }

-- What lies on a requirement space at the start of the game.
local TOKEN = { mine = "mine", coin = "5-Jar coin" }

-- Data errors name the file, so a wrong edit of the YAML is easy to find.
local function data_error(fmt, ...)
  error("spaces.yaml: " .. string.format(fmt, ...), 0)
end

-- Checks what the schema cannot: rows complete and in order, references that resolve.
local function check_layout(self, board)
  local function check_requirement(space, req, field)
    if req and req.question and not board.questions[req.question] then
      data_error("%s's %s asks the unknown question '%s'", space.id, field, req.question)
    end
  end
  -- say_by_answer picks its text by the requirement's number answer, so it needs one, and it
  -- needs a last text for every answer the others leave.
  local function check_answer_texts(space)
    for field, effects in pairs{ action = space.action, failure = space.failure } do
      for _, effect in ipairs(effects) do
        local texts = effect.say_by_answer
        if texts then
          local req = space.requirement
          local question = req and req.question and board.questions[req.question]
          if field ~= "failure" or not question or question.type ~= "number" then
            data_error("%s: say_by_answer needs a failure after a number question", space.id)
          end
          for i, entry in ipairs(texts) do
            if (entry.below == nil) ~= (i == #texts) then
              data_error("%s: say_by_answer's last text, and only it, has no below", space.id)
            end
          end
        end
      end
    end
  end
  for _, row in ipairs(self.row_order) do
    local spaces = self.rows[row]
    if #spaces == 0 then
      data_error("row %s has no spaces", row)
    end
    for column = 1, #spaces do
      local space = spaces[column]
      local is_last = column == #spaces
      if (space.kind == "last") ~= is_last then
        data_error("%s: the last space of a row, and only it, has kind last", space.id)
      end
      if (space.kind ~= "plain") ~= (space.requirement ~= nil) then
        data_error("%s: a %s space %s a requirement", space.id, space.kind,
          space.kind == "plain" and "cannot have" or "needs")
      end
      check_requirement(space, space.requirement, "requirement")
      check_requirement(space, space.changed_requirement, "changed requirement")
      check_answer_texts(space)
    end
  end
  for _, data in ipairs(board.spaces) do
    if data.kind == "coin" then
      local target = self.spaces[data.coin_to or ""]
      if not target or target.kind ~= "last" then
        data_error("%s: coin_to must name a last space", data.id)
      end
      if not target.changed_requirement then
        data_error("%s: its coin goes to %s, which has no changed_requirement", data.id, target.id)
      end
    end
  end
end

-- A space of the mat: its data from spaces.yaml, and what lies on it now.
local function new_space(data)
  return {
    id = data.id, row = data.row, column = data.column, kind = data.kind, note = data.note,
    action = data.action, requirement = data.requirement, failure = data.failure,
    coin_to = data.coin_to, changed_requirement = data.changed_requirement,
    token = TOKEN[data.kind],  -- the mine or coin lying on it
    marker = nil,              -- the guild marker placed on it
    coin_from = nil,           -- a last space: the coin space whose coin moved here
    met = nil,                 -- a last space: its requirement was met
  }
end

-- layout: mat.yaml; board: spaces.yaml; colors: the non-player colours, one per row.
function Mat.new(layout, board, colors)
  local self = setmetatable({ layout = layout, questions = board.questions }, Mat)
  self.row_order = layout.rows
  self.rows, self.spaces = {}, {}
  for _, row in ipairs(layout.rows) do
    self.rows[row] = {}
  end
  local mines, listed = 0, {}  -- listed: how many spaces each row has
  for _, data in ipairs(board.spaces) do
    local row = self.rows[data.row] or data_error("%s is in row %s, which mat.yaml does not list", data.id, data.row)
    if self.spaces[data.id] then
      data_error("%s is listed twice", data.id)
    end
    if row[data.column] then
      data_error("row %s: %s and %s both claim column %d", data.row, row[data.column].id, data.id, data.column)
    end
    local space = new_space(data)
    self.spaces[data.id] = space
    row[data.column] = space
    listed[data.row] = (listed[data.row] or 0) + 1
    if data.kind == "mine" then
      mines = mines + 1
    end
  end
  -- A row of n spaces fills columns 1 to n.
  for _, row in ipairs(self.row_order) do
    for column = 1, listed[row] or 0 do
      if self.rows[row][column] == nil then
        data_error("row %s has no space in column %d", row, column)
      end
    end
  end
  check_layout(self, board)

  if #colors ~= #self.row_order then
    error(string.format("the colors option needs %d different colours, one per row; it has %d",
      #self.row_order, #colors), 0)
  end
  self.colors = colors
  local tokens = {}
  for _, color in ipairs(colors) do
    for _ = 1, layout.markers_per_color do
      tokens[#tokens + 1] = color
    end
  end
  self.bag = bag.new{ id = "guilds", tokens = tokens }
  self.start = line.new{ id = "start" }
  self.taken = false           -- step 4 took the marker from I; step 5 has not moved the rest yet
  self.color_row, self.row_color = {}, {}
  self.loss_box = counters.new{ id = "loss-box", label = "Loss box (mines)", value = 0, min = 0,
    max = mines, correctable = true }
  self.region_die = dice.new{ id = "regions", faces = layout.region_die }
  self.coins_moved = {}
  return self
end

-- The spaces of a kind (mine, coin, ...), row by row.
function Mat:spaces_of(kind)
  local ids = {}
  for _, row in ipairs(self.row_order) do
    for _, space in ipairs(self.rows[row]) do
      if space.kind == kind then
        ids[#ids + 1] = space.id
      end
    end
  end
  return ids
end

-- Draws a marker onto the last start space; nil when the bag is empty.
function Mat:refill_start()
  if self.bag:is_empty() then
    return nil
  end
  local color = self.bag:draw()
  self.start:push(color)
  return color
end

-- The marker on start space i, or nil when it is empty. Between steps 4 and 5 the first
-- start space is empty (its marker is on the mat) and the others still hold their own markers.
function Mat:marker_at_start(i)
  if self.taken and i == 1 then
    return nil
  end
  return self.start:at(i)
end

-- The start spaces' names and what lies on them now (nil: empty).
function Mat:start_spaces()
  local names, held = self.layout.start_spaces, {}
  for i = 1, #names do
    held[i] = self:marker_at_start(i)
  end
  return names, held
end

-- Step 4's row: each colour keeps one row; a colour's first marker opens the next empty row,
-- top to bottom. Returns the row and how it was chosen: "kept", "top" or "next".
function Mat:row_for(color)
  local row = self.color_row[color]
  if row then
    return row, "kept"
  end
  local rows = self.row_order
  for i = 1, #rows do
    if not self.row_color[rows[i]] then
      return rows[i], i == 1 and "top" or "next"
    end
  end
  error(string.format("no row is left for %s: there are more colours than rows", color), 0)
end

-- The leftmost empty space of a row.
function Mat:leftmost_empty(row)
  local spaces = self.rows[row]
  for i = 1, #spaces do
    if not spaces[i].marker then
      return spaces[i]
    end
  end
  error(string.format("row %s is full, yet a %s marker should go there", row, self.row_color[row]), 0)
end

-- Step 4: the marker on the first start space goes onto a space. Returns the colour, the
-- space and how its row was chosen (for why_placed).
function Mat:place_first()
  local color = self.start:first()
  local row, how = self:row_for(color)
  local space = self:leftmost_empty(row)
  self.color_row[color], self.row_color[row] = row, color
  space.marker = color
  self.taken = true
  PLACED.marker, PLACED.space = color, space.id
  game.record("place", PLACED)
  return color, space, how
end

-- Why step 4 put the marker there (formatted only when someone reads it).
local PLACED_BECAUSE = {
  kept = "Row %s belongs to %s. %s is the leftmost empty space of row %s.",
  top = "The first marker of the game opens the top row, %s. %s is the leftmost empty space of row %s.",
  next = "This is the first %s marker, so it opens the next empty row, %s. %s is the leftmost empty "
    .. "space of row %s.",
}

function Mat:why_placed(color, space, how)
  local row = space.row
  if how == "kept" then
    ui.why(PLACED_BECAUSE.kept, row, color, space.id, row)
  elseif how == "top" then
    ui.why(PLACED_BECAUSE.top, row, space.id, row)
  else
    ui.why(PLACED_BECAUSE.next, color, row, space.id, row)
  end
end

-- Step 5: the remaining start markers move down one space.
function Mat:move_down()
  if self.taken then
    self.start:slide_left(1)
    self.taken = false
  end
end

-- Exchanges the markers on start spaces i and i+1.
function Mat:exchange(i)
  self.start:swap(i, i + 1)
  game.record("exchange", { spaces = { self.layout.start_spaces[i], self.layout.start_spaces[i + 1] } })
end

-- A requirement space's token leaves the mat (to the player, or to the loss box).
function Mat:take_token(space, to)
  local token = space.token
  space.token = nil
  space.token_went = { token = token, to = to }
  MOVED.token, MOVED.from, MOVED.to = token, space.id, to
  game.record("move", MOVED)
  return token
end

function Mat:mine_to_loss_box(space)
  self:take_token(space, "loss box")
  if self.loss_box.value >= self.loss_box.max then
    -- Only a correction (`set loss-box`) that counted mines still on the mat gets here.
    ui.say("By your correction the loss box already held %d mines, every mine there is; it stays at %d. "
      .. "Correct it with set loss-box if that was a slip.", self.loss_box.max, self.loss_box.max)
    return
  end
  self.loss_box:add(1)
end

-- A coin space's coin goes to its last space, whose requirement changes. Returns that space.
function Mat:move_coin(space)
  local target = self.spaces[space.coin_to]
  self:take_token(space, target.id)
  target.coin_from = space.id
  self.coins_moved[#self.coins_moved + 1] = string.format("%s's coin on %s", space.id, target.id)
  return target
end

-- The requirement a last space has now, and whether a coin changed it.
function Mat:requirement_of(space)
  if space.coin_from then
    return space.changed_requirement, true
  end
  return space.requirement, false
end

-- Where a space's mine or coin went, as a marker's note: "mine to you", "5-Jar coin to A6".
local function token_note(space)
  local went = space.token_went
  if space.token then
    return " on the " .. space.token   -- the marker just arrived; the requirement is being asked
  elseif went then
    return " (" .. went.token .. " to " .. (went.to == "player" and "you" or went.to) .. ")"
  elseif space.coin_from then
    -- A coin on a last space stays there (README ruling 15): it is why the space asks what it asks.
    return " on the 5-Jar coin from " .. space.coin_from
  end
  return ""
end

-- One cell per space, for ui.show: "A1 red", "A2 mine", "A2 red (mine to you)", "A6 red (met)",
-- "B6 last (5-Jar coin from A5): own at least 2 trade medals". No commas: the terminal joins
-- the cells of a row with them.
function Mat:describe_space(space)
  local what
  if space.marker then
    what = space.marker .. token_note(space) .. (space.met and " (met)" or space.failed and " (failed)" or "")
  elseif space.token then
    what = space.token
  elseif space.kind == "last" then
    local req, changed = self:requirement_of(space)
    what = "last" .. (changed and " (5-Jar coin from " .. space.coin_from .. ")" or "") .. ": " .. req.text
  else
    what = "empty"
  end
  return space.id .. " " .. what
end

-- The mat as ui.show entries.
function Mat:entries()
  local entries = {}
  local names, held = self:start_spaces()
  for i, name in ipairs(names) do
    entries[#entries + 1] = { label = "Start space " .. name, value = held[i] or "empty" }
  end
  for _, row in ipairs(self.row_order) do
    local cells = {}
    for i, space in ipairs(self.rows[row]) do
      cells[i] = self:describe_space(space)
    end
    entries[#entries + 1] = { label = "Row " .. row, value = cells }
  end
  entries[#entries + 1] = { label = "Loss box", value = self.loss_box.value }
  entries[#entries + 1] = { label = "Coins moved",
    value = #self.coins_moved > 0 and table.concat(self.coins_moved, "; ") or "none" }
  entries[#entries + 1] = { label = "Markers in the bag", value = self.bag:size() }
  return entries
end

return Mat
