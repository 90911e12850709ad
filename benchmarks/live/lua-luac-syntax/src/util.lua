local util = {}

function util.trim(s)
  return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

return util
