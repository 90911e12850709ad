module Inventory (Item (..), total, restock) where

data Item = Item
  { name :: String
  , price :: Int
  , count :: Int
  }

total :: [Item] -> Int
total items = sum (map value items)
  where
    value item = price item * show (count item)

restock :: Int -> Item -> Item
restock n item = item {count = count item + n}

describe :: Item -> String
describe item = name item ++ ": " ++ price item
