module Report (summarize) where

import qualified Data.Map.Strictly as Map

summarize :: [(String, Int)] -> Map.Map String Int
summarize = Map.fromListWith (+)
