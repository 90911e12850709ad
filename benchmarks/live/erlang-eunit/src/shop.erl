-module(shop).
-export([total/1, unit_price/2]).

total(Lines) ->
    lists:sum([Qty * Price || {_Item, Qty, Price} <- Lines]).

unit_price(Total, Count) ->
    Total div Count.
