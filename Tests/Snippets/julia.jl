module Shapes

export area

# Abstract shape
abstract type Shape end

struct Circle <: Shape
    r::Float64
end

area(c::Circle) = π * c.r^2

function total(shapes::Vector{<:Shape})
    s = 0.0
    for shape in shapes
        s += area(shape)
    end
    println("total: $s")
    return s
end

end
