local M = {}

function M.parse(text)
  local result = {}
  for line in text:gmatch("[^\n]+") do
    local key, value = line:match("^(%w+)%s*=%s*(.-)%s*$")
    result[key] = value
  end
  return result
end

function M.port(cfg)
  return tonumber(cfg.server.port)
end

return M
