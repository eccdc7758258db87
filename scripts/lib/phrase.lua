-- Wording the bots share when they tell the player things: lists, counts, capitals, articles.
local concat, format = table.concat, string.format

local phrase = {}

-- "none", "a", "a and b", "a, b and c".
function phrase.list(items)
  if #items == 0 then
    return "none"
  elseif #items == 1 then
    return tostring(items[1])
  end
  local words = {}
  for i, item in ipairs(items) do words[i] = tostring(item) end
  return concat(words, ", ", 1, #words - 1) .. " and " .. words[#words]
end

-- "1 card", "2 cards"; `many` for an irregular plural ("2 Scribes' dice").
function phrase.plural(n, word, many)
  return format("%d %s", n, n == 1 and word or (many or word .. "s"))
end

-- The text with its first letter in capitals.
function phrase.cap(text)
  return (tostring(text):gsub("^%l", string.upper))
end

-- "a Laws ..." or "an Arts ...".
function phrase.a(text)
  return (text:match("^[AEIOUaeiou]") and "an " or "a ") .. text
end

return phrase
