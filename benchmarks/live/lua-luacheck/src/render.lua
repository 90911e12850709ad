local render = {}

local function escape(s)
  return (s:gsub("[<>&]", { ["<"] = "&lt;", [">"] = "&gt;", ["&"] = "&amp;" }))
end

function render.item(item)
  local unused = 42
  return "<li>" .. escape(item.title) .. "</li>"
end

function render.list(items)
  local out = {}
  for i, item in ipairs(items) do
    out[#out + 1] = render.item(item)
  end
  return "<ul>" .. table.concat(out) .. "</ul>"
end

return render
