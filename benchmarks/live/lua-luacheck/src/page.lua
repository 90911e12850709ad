local render = require("render")

local page = {}

function page.build(title, items)
  local body = render.list(items)
  return "<h1>" .. title .. "</h1>" .. body
end

function page.footer(year)
  return "<footer>" .. year .. "</footer>"
end

function page.wrap(html)
  return "<html>" .. html .. "</html>
end

return page
