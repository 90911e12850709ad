module Main (main) where

import Test.Hspec
import Temperature

main :: IO ()
main = hspec $ do
  describe "celsiusToFahrenheit" $ do
    it "converts freezing" $
      celsiusToFahrenheit 0 `shouldBe` 32
    it "converts boiling" $
      celsiusToFahrenheit 100 `shouldBe` 212
  describe "coldest" $ do
    it "finds the lowest reading" $
      coldest [3, -2, 7] `shouldBe` (-2)
    it "has no reading for an empty list" $
      coldest [] `shouldBe` 0
