/// The named functions TeX sets upright (`\sin`, `\log`, `\lim`): their text and whether they take limits
/// above and below in display.
enum MathFunctions {
    struct Entry: Equatable, Sendable {
        var text: String
        var limits: Bool
    }

    static func named(_ name: String) -> Entry? {
        table[name]
    }

    private static let table: [String: Entry] = {
        var entries: [String: Entry] = [:]
        for name in [
            "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "arccot", "sinh", "cosh", "tanh",
            "coth", "sech", "csch", "arcsinh", "arccosh", "arctanh", "log", "ln", "lg", "exp", "dim", "ker", "deg",
            "hom", "tr", "Tr", "rank", "sgn", "sign", "diag", "span", "erf", "Var", "Cov", "cov", "var",
            "softmax", "ReLU", "relu",
        ] {
            entries[name] = Entry(text: name, limits: false)
        }
        for name in ["lim", "max", "min", "sup", "inf", "det", "gcd", "lcm", "Pr", "esssup", "essinf"] {
            entries[name] = Entry(text: name, limits: true)
        }
        for (name, text) in [
            ("limsup", "lim sup"), ("liminf", "lim inf"), ("argmax", "arg max"), ("argmin", "arg min"),
            ("varlimsup", "lim sup"), ("varliminf", "lim inf"),
        ] {
            entries[name] = Entry(text: text, limits: true)
        }
        return entries
    }()
}
