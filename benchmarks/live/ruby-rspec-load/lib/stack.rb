class Stack
  def initialize
    @items = []
  end

  def push(item)
    @items.push(item)
    self
  end

  def pop
    if @items.empty?
      raise IndexError, "stack is empty"
    @items.pop
  end
end
