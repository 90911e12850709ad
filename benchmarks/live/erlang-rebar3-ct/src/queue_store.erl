-module(queue_store).
-export([new/1, push/2, pop/1]).

new(Limit) when Limit > 0 ->
    {Limit, []}.

push(Item, {Limit, Items}) when length(Items) < Limit ->
    {Limit, Items ++ [Item]}.

pop({Limit, [Item | Rest]}) ->
    {Item, {Limit, Rest}}.
