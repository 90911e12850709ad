module Shapes (Shape (..), area) where

import Data.List (sortOn)

data Shape = Circle Double | Square Double | Triangle Double Double

area :: Shape -> Double
area shape = case shape of
  Circle r -> pi * r * r
  Square s -> s * s
