module Stack (push, pop, size) where

push :: a -> [a] -> [a]
push x xs = xs ++ [x]

pop :: [a] -> Maybe (a, [a])
pop [] = Nothing
pop (x : xs) = Just (x, xs)

size :: [a] -> Int
size = length
