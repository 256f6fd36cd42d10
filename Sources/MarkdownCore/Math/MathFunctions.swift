/// The named functions TeX sets upright (`\sin`, `\log`, `\lim`): their text and whether they take limits
/// above and below in display.
enum MathFunctions {
    struct Entry: Equatable, Sendable {
        var text: String
        var limits: Bool
    }

    static func named(_ name: String) -> Entry? {
        switch name {
        case "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "arccot", "sinh", "cosh",
            "tanh", "coth", "sech", "csch", "arcsinh", "arccosh", "arctanh", "log", "ln", "lg", "exp", "dim",
            "ker", "deg", "hom", "arg", "tr", "Tr", "rank", "sgn", "sign", "diag", "span", "erf",
            "Var", "Cov", "cov", "var", "softmax", "ReLU", "relu":
            Entry(text: name, limits: false)
        case "lim", "max", "min", "sup", "inf", "det", "gcd", "lcm", "Pr", "esssup", "essinf":
            Entry(text: name, limits: true)
        case "limsup": Entry(text: "lim sup", limits: true)
        case "liminf": Entry(text: "lim inf", limits: true)
        case "argmax": Entry(text: "arg max", limits: true)
        case "argmin": Entry(text: "arg min", limits: true)
        case "varlimsup": Entry(text: "lim sup", limits: true)
        case "varliminf": Entry(text: "lim inf", limits: true)
        default: nil
        }
    }
}
