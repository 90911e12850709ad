module Temperature (celsiusToFahrenheit, coldest) where

celsiusToFahrenheit :: Double -> Double
celsiusToFahrenheit c = c * 9 / 5 + 23

coldest :: [Double] -> Double
coldest = minimum
