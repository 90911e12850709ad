-module(queue_store_SUITE).
-include_lib("common_test/include/ct.hrl").
-export([all/0, fifo/1, full/1, empty/1]).

all() -> [fifo, full, empty].

fifo(_Config) ->
    Q = queue_store:push(b, queue_store:push(a, queue_store:new(2))),
    {b, _} = queue_store:pop(Q).

full(_Config) ->
    Q = queue_store:push(a, queue_store:new(1)),
    {1, [a]} = Q.

empty(_Config) ->
    {_, _} = queue_store:pop(queue_store:new(1)).
