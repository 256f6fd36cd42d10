/// Why a formula is shown as its TeX source rather than typeset, in words a user understands (for
/// `--verbose`).
public enum MathFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// More `{` than `}` or the other way round.
    case unbalancedBraces
    /// `\end{name}` without its `\begin{name}`.
    case unmatchedEnd(String)
    /// `\begin{name}` without its `\end{name}`.
    case unmatchedBegin(String)
    /// `\right` without `\left`.
    case unmatchedRight
    /// `\left` without `\right`.
    case unmatchedLeft
    /// A command at the end of the formula or group that needs an argument there (`\frac{a}`, `x^`).
    case missingArgument(String)
    /// Two superscripts or two subscripts on one base (`x^a^b`).
    case doubleScript
    /// The source is larger than the engine typesets (in UTF-8 bytes).
    case tooLarge(bytes: Int)
    /// Groups nest deeper than the engine typesets.
    case tooDeep

    public var description: String {
        switch self {
        case .unbalancedBraces: "its braces { } are not balanced"
        case .unmatchedEnd(let name): "\\end{\(name)} has no matching \\begin{\(name)}"
        case .unmatchedBegin(let name): "\\begin{\(name)} has no matching \\end{\(name)}"
        case .unmatchedRight: "\\right has no matching \\left"
        case .unmatchedLeft: "\\left has no matching \\right"
        case .missingArgument(let command): "\(command) is missing its argument"
        case .doubleScript: "a superscript or subscript is given twice"
        case .tooLarge(let bytes): "it is too large to typeset (\(bytes) bytes; the limit is 100 KB)"
        case .tooDeep: "its groups nest too deeply to typeset (the limit is 64 levels)"
        }
    }
}
