defmodule Stats.MixProject do
  use Mix.Project

  def project do
    [app: :stats, version: "0.1.0", elixir: "~> 1.14", deps: []]
  end
end
