-- The board and the seats as the bot shows them. A square is the piece (seat number, + for
-- several), then what lies there:
-- B or S an open text, a power letter, . floor, *N a text claimed by seat N, ## burnt, #N
-- burnt under a text claimed by seat N. Walls are | between squares and --- under a square.
-- Each row is labelled with its grid number; its fire number stands apart, after "fire".
local phrase = require "phrase"
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

-- The board as one grid entry (the terminal draws it, the companion page makes it a table):
-- columns headed by their fire number, its boxes and their letter; each row labelled with its
-- grid number, then its fire number and boxes; walls between squares; then the key.
function render.board_entries(G)
  local b, f = G.board, G.fire
  local nums, bx, letters = {}, {}, {}
  for c = 1, b.w do
    local n = b.fire_columns[c]
    nums[c] = n > 0 and tostring(n) or ""
    bx[c] = n > 0 and (f.column[n] >= 3 and "###" or boxes(f.column[n])) or ""
    letters[c] = LETTERS:sub(c, c)
  end
  local rows, labels, walls = {}, {}, {}
  for r = 1, b.h do
    local n = b.fire_rows[r]
    labels[r] = n > 0 and string.format("row %d  fire %d %s", r, n, f.row[n] >= 3 and "###" or boxes(f.row[n]))
      or string.format("row %d", r)
    local row = {}
    for c = 1, b.w do
      local sq = b.squares[(r - 1) * b.w + c]
      row[c] = (cell(G, sq):gsub("^ +", ""):gsub(" +$", ""))
      if c < b.w and b:wall(sq, b.squares[sq.i + 1]) then walls[#walls + 1] = { r, c, "right" } end
      if r < b.h and b:wall(sq, b.squares[sq.i + b.w]) then walls[#walls + 1] = { r, c, "below" } end
    end
    rows[r] = row
  end
  return {
    { label = "Board", grid = { columns = { nums, bx, letters }, column_labels = { "fire", "boxes", "" }, row_labels = labels, rows = rows, walls = walls } },
    { label = "key", value = "B book  S scroll  *N claimed by N  ## burnt  #N burnt, claimed by N" },
    { label = "key", value = "| and --- walls  power squares d s t l h o: DEF SPD TIM LCK STL OPN" },
  }
end

function render.seat_line(G, seat)
  local parts = {}
  for _, p in ipairs(powers.ORDER) do
    parts[#parts + 1] = powers.SHORT[p] .. seat.points[p]
  end
  local where = seat.retired and "retired" or ("at " .. (seat.pos and seat.pos.name or "-"))
  -- after a retirement: the seats whose one more turn is still to come (the seat playing now is
  -- in it; once the game is over nobody has one to come)
  local last = ""
  if not seat.retired and G.last and G.last[seat.n] and not G.ended then
    last = G.playing == seat and ", in its last turn" or ", one more turn to come"
  end
  return string.format("%s, %s, %s%s%s", where, phrase.plural(seat.texts, "text"),
    table.concat(parts, " "), seat.skip and ", skips a move" or "", last)
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
