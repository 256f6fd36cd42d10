/// What kind of thing a piece of rendered math is, so that layout can give each its theme style
/// (variables italic, structure dimmed) without knowing anything about TeX.
public enum MathRole: Equatable, Hashable, Sendable {
    /// Italic letters (x, α).
    case variable
    /// Digits.
    case number
    /// Operators, relations, arrows, big operators, punctuation: upright. Padding spaces also take this role.
    case symbol
    /// `\sin`, `\log`, `\operatorname{…}`, `\lim`: upright.
    case function
    /// `\text{…}`, `\mathrm{…}`: upright.
    case text
    /// Fraction rules, radical strokes, grown delimiters, matrix brackets, overbraces: dimmed.
    case structure
    /// An unknown command kept as its source (`\foo`).
    case source
}
