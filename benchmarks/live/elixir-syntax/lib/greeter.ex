defmodule Greeter do
  def greet(name) do
    if name == "" do
      "Hello, stranger"
    else
      "Hello, #{name}"
  end

  def shout(name), do: String.upcase(greet(name))
end
