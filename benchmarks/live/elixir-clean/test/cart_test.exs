defmodule CartTest do
  use ExUnit.Case

  test "total of two lines" do
    items = [{"apple", 2, 3}, {"pear", 1, 4}]
    assert Cart.total(items) == 10
  end

  test "adding an item" do
    assert Cart.add([], {"fig", 1, 2}) == [{"fig", 1, 2}]
  end

  test "average price of an empty cart" do
    assert Cart.average_price([]) == 0
  end
end
