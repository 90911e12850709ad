local csv = {}

function csv.split(line, sep)
  local fields = {}
  for field in (line .. sep):gmatch("(.-)" .. sep) do
    fields[#fields + 1] = field
  end
  return fields
end

function csv.sum(rows, column)
  local total = 0
  for _, row in ipairs(rows) do
    total = total + row[column]
  end
  return total
end

return csv
