module Main (main) where

import Stack
import System.Exit (exitFailure, exitSuccess)
import Test.HUnit

tests :: Test
tests =
  TestList
    [ "push then pop" ~: fmap fst (pop (push 2 [1 :: Int])) @?= Just 2
    , "size" ~: size (push 'a' "bc") @?= 3
    , "two pushes" ~: assertEqual "size after two pushes" 3 (size (push 'a' (push 'b' "")))
    ]

main :: IO ()
main = do
  counts <- runTestTT tests
  if errors counts + failures counts > 0 then exitFailure else exitSuccess
