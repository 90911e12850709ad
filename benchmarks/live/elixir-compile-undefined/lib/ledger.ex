defmodule Ledger do
  def balance(entries) do
    entries
    |> Enum.map(&amount/1)
    |> Enum.sum()
  end

  def report(entries) do
    "balance: #{format_money(balance(entries))}"
  end

  defp amount({_date, value}), do: value
end
