-module(accounts).
-export([open/1, deposit/2, balance/1]).

open(Owner) ->
    #{owner => Owner, balance => 0}.

deposit(Account, Amount) when Amount > 0 ->
    Fee = 1,
    Account#{balance := maps:get(balance, Account) + Amount - Charge}.

balance(Account) ->
    format_balance(maps:get(balance, Account)).
