module Main where

import Data.List (sortBy)
import qualified Data.Map as Map

-- | A shape
data Shape = Circle Double | Square Double
  deriving (Show, Eq)

area :: Shape -> Double
area (Circle r) = pi * r * r
area (Square s) = s * s

main :: IO ()
main = do
  let shapes = [Circle 1.0, Square 2.0]
  mapM_ (print . area) shapes
  putStrLn "done"
