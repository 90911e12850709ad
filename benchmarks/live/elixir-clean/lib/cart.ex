defmodule Cart do
  def total(items) do
    items
    |> Enum.map(fn {_name, qty, price} -> qty * price end)
    |> Enum.sum()
  end

  def average_price([]), do: 0

  def average_price(items) do
    total(items) / length(items)
  end

  def add(items, item), do: [item | items]
end
