module Temperature (celsiusToFahrenheit, coldest) where

celsiusToFahrenheit :: Double -> Double
celsiusToFahrenheit c = c * 9 / 5 + 32

coldest :: [Double] -> Double
coldest [] = 0
coldest xs = minimum xs
