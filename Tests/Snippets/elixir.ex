defmodule Greeter do
  @moduledoc "Greets people."
  @default "world"

  # Returns a greeting
  def hello(name \\ @default) when is_binary(name) do
    "Hello, #{name}!"
  end

  def count(list), do: Enum.reduce(list, 0, fn x, acc -> x + acc end)
end

IO.puts(Greeter.hello())
%{name: "mdview", size: 42} |> Map.get(:name) |> IO.inspect()
