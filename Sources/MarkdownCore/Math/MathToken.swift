/// One lexical unit of TeX math source, so that the parser never looks at bytes.
enum MathToken: Equatable, Sendable {
    /// `\name` (letters) or `\x` (one other character), without the backslash; empty for a lone `\` at
    /// the end.
    case command(String)
    /// `{`
    case open
    /// `}`
    case close
    /// `^`
    case superscript
    /// `_`
    case `subscript`
    /// `&`
    case alignment
    /// `'`
    case prime
    /// `~`: a no-break space.
    case tie
    /// A run of white space (one token however long).
    case space
    /// Any other character; control characters arrive as U+FFFD.
    case character(Unicode.Scalar)
}
