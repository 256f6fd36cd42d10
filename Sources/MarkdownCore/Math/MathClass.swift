/// TeX's atom classes, which decide the space between neighbours: a column around relations and binary
/// operators, none after a unary minus or inside parentheses.
enum MathClass: Equatable, Sendable {
    case ordinary
    /// A big operator (`\sum`).
    case `operator`
    /// A function name (`\sin`, `\operatorname{…}`): an operator that takes no space before `(` or a
    /// `\left(`.
    case function
    case binary
    case relation
    case opening
    case closing
    case punctuation
    /// `\left…\right`: ordinary, except that a function name takes no space before it.
    case inner

    /// The class of a Unicode math class letter from the symbol table.
    init(unicodeClass: Character) {
        switch unicodeClass {
        case "B", "V": self = .binary
        case "R": self = .relation
        case "L": self = .operator
        case "O": self = .opening
        case "C": self = .closing
        case "P": self = .punctuation
        default: self = .ordinary
        }
    }
}
