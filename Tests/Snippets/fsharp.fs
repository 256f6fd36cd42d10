module Shapes

/// A shape
type Shape =
    | Circle of radius: float
    | Square of side: float

let area shape =
    match shape with
    | Circle r -> System.Math.PI * r * r
    | Square s -> s * s

[<EntryPoint>]
let main argv =
    let shapes = [ Circle 1.0; Square 2.0 ]
    shapes |> List.map area |> List.sum |> printfn "total: %f"
    0
