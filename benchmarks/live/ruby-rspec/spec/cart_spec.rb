require_relative "../lib/cart"

RSpec.describe Cart do
  it "sums the prices of its items" do
    cart = Cart.new.add("apple", 3, 2).add("pear", 4)
    expect(cart.total).to eq(11)
  end

  it "is empty when new" do
    expect(Cart.new.total).to eq(0)
  end

  it "averages the prices" do
    expect(Cart.new.average_price).to eq(0)
  end
end
