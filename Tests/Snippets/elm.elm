module Main exposing (main)

import Html exposing (Html, text)

-- A greeting
type alias Model =
    { name : String, count : Int }

greet : Model -> String
greet model =
    if model.count > 1 then
        "Hello, " ++ model.name ++ "!"
    else
        "Hi"

main : Html msg
main =
    text (greet { name = "world", count = 3 })
