module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)

-- | A greeting
greet :: String -> String
greet name = "Hello, " <> name <> "!"

data Shape = Circle Number | Square Number

area :: Shape -> Number
area (Circle r) = 3.14 * r * r
area (Square s) = s * s

main :: Effect Unit
main = do
  log (greet "world")
  log (show (area (Square 2.0)))
