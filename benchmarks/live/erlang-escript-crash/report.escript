#!/usr/bin/env escript
%% Prints the average of the numbers on the command line.
-mode(compile).

main(Args) ->
    Numbers = [list_to_integer(A) || A <- Args],
    io:format("average: ~p~n", [average(Numbers)]).

average(Numbers) ->
    lists:sum(Numbers) div length(Numbers).
