-module(shop_tests).
-include_lib("eunit/include/eunit.hrl").

total_test() ->
    ?assertEqual(10, shop:total([{apple, 2, 3}, {pear, 1, 4}])).

empty_total_test() ->
    ?assertEqual(0, shop:total([])).

unit_price_test() ->
    ?assertEqual(0, shop:unit_price(10, 0)).
