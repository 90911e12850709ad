class Cart
  def initialize
    @items = []
  end

  def add(name, price, qty = 1)
    @items << { name: name, price: price, qty: qty }
    self
  end

  def total
    @items.sum { |item| item[:price] * item[:qty] }
  end

  def average_price
    total / @items.size
  end
end
