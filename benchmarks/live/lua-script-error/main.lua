package.path = "lib/?.lua;" .. package.path
local csv = require("csv")

local rows = {}
for _, line in ipairs({ "apples,3", "pears,5", "plums" }) do
  rows[#rows + 1] = csv.split(line, ",")
end

print("total", csv.sum(rows, 2))
