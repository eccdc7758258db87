-- The board and the seats as text for the terminal: one entry a line, at most 80 columns.
-- A square is three characters: the piece (seat number, + for several), then what lies there:
-- B or S an open text, a power letter, . floor, *N a text claimed by seat N, ## burnt, #N
-- burnt under a text claimed by seat N. Walls are | between squares and --- under a square.
-- Each row is labelled with its grid number; its fire number stands apart, after "fire".
local powers = require "powers"
local render = {}

local LETTERS = "ABCDEFGHIJKL"
local CHAR_OF = { defense = "d", speed = "s", time = "t", luck = "l", stealth = "h", opening = "o" }

local function boxes(n)
  return string.rep("x", n) .. string.rep(".", 3 - n)
end

local function cell(G, sq)
  local here = {}
  for _, seat in ipairs(G.seats) do
    if not seat.retired and seat.pos == sq then here[#here + 1] = tostring(seat.n) end
  end
  local piece = #here == 0 and " " or (#here == 1 and here[1] or "+")
  if sq.burnt then
    return piece .. (sq.owner and ("#" .. sq.owner) or "##")
  end
  if sq.owner then return piece .. "*" .. sq.owner end
  if sq.text and not sq.lost then return piece .. (sq.text == "book" and "B" or "S") .. " " end
  if sq.power then return piece .. CHAR_OF[sq.power] .. " " end
  return piece .. ". "
end

-- Each value is padded as if its label were as wide as the widest ("row 12"), so the grid
-- lines up under any label.
local WIDEST = 6

function render.board_entries(G)
  local b, f = G.board, G.fire
  local out = {}
  local function add(text, value)
    out[#out + 1] = { label = text, value = string.rep(" ", WIDEST - #text) .. value }
  end
  local pad = string.rep(" ", 12)   -- the width of a row's head ("fire 6 xx. |")
  local nums, bx, letters = {}, {}, {}
  for c = 1, b.w do
    local n = b.fire_columns[c]
    nums[#nums + 1] = n > 0 and string.format(" %d ", n) or "   "
    bx[#bx + 1] = n > 0 and (f.column[n] >= 3 and "###" or boxes(f.column[n])) or "   "
    letters[#letters + 1] = " " .. LETTERS:sub(c, c) .. " "
  end
  add("fire", pad .. table.concat(nums, " "))
  add("boxes", pad .. table.concat(bx, " "))
  add("", pad .. table.concat(letters, " "))
  local frame = string.rep(" ", 11) .. "+" .. string.rep("-", b.w * 4 - 1) .. "+"
  add("", frame)
  for r = 1, b.h do
    local n = b.fire_rows[r]
    local head = n > 0 and string.format("fire %d %s |", n, f.row[n] >= 3 and "###" or boxes(f.row[n]))
      or string.rep(" ", 11) .. "|"
    local line = { head }
    local under = {}
    for c = 1, b.w do
      local sq = b.squares[(r - 1) * b.w + c]
      line[#line + 1] = cell(G, sq)
      if c < b.w then
        line[#line + 1] = b:wall(sq, b.squares[sq.i + 1]) and "|" or " "
      end
      if r < b.h then
        under[#under + 1] = b:wall(sq, b.squares[sq.i + b.w]) and "---" or "   "
      end
    end
    line[#line + 1] = "|"
    add("row " .. r, table.concat(line))
    if r < b.h then
      add("", string.rep(" ", 11) .. "|" .. table.concat(under, " ") .. "|")
    end
  end
  add("", frame)
  add("key", "B book  S scroll  *N claimed by N  ## burnt  #N burnt, claimed by N")
  add("key", "| and --- walls  power squares d s t l h o: DEF SPD TIM LCK STL OPN")
  return out
end

function render.seat_line(G, seat)
  local parts = {}
  for _, p in ipairs(powers.ORDER) do
    parts[#parts + 1] = powers.SHORT[p] .. seat.points[p]
  end
  local where = seat.retired and "retired" or ("at " .. (seat.pos and seat.pos.name or "-"))
  return string.format("%s, %d text%s, %s%s", where, seat.texts, seat.texts == 1 and "" or "s",
    table.concat(parts, " "), seat.skip and ", skips a move" or "")
end

function render.entries(G)
  local out = render.board_entries(G)
  for _, seat in ipairs(G.seats) do
    out[#out + 1] = { label = seat.name, value = render.seat_line(G, seat) }
  end
  out[#out + 1] = { label = "Texts left", value = G.board:texts_left() }
  return out
end

return render
