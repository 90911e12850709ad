local Stack = {}
Stack.__index = Stack

function Stack.new()
  return setmetatable({ items = {}, size = 0 }, Stack)
end

function Stack:push(value)
  self.size = self.size + 1
  self.items[self.size] = value
end

function Stack:pop()
  local value = self.items[self.size]
  self.items[self.size] = nil
  self.size = self.size - 1
  return value
end

function Stack:peek()
  return self.items[1]
end

return Stack
