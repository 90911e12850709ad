defmodule Stats do
  def mean(numbers) do
    Enum.sum(numbers) / Enum.count(numbers)
  end

  def spread(numbers) do
    {min, max} = Enum.min_max(numbers)
    max - min
  end
end
