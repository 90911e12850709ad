module Main (main) where

import qualified Data.Map as Map

prices :: Map.Map String Int
prices = Map.fromList [("apple", 3), ("pear", 4)]

priceOf :: String -> Int
priceOf item = case Map.lookup item prices of
  Just p -> p
  Nothing -> error ("no price for " ++ item)

main :: IO ()
main = do
  print (priceOf "apple")
  print (priceOf "plum")
