/// How an inline formula (`$…$`, `\(…\)`) is shown: always one row of text that flows with the paragraph.
public enum InlineMath: Equatable, Sendable {
    /// One row. Spaces inside are U+00A0 except after a top-level relation or binary operator, where a
    /// U+0020 marks the only places a word wrapper may break the formula.
    case pieces([MathPiece])
    /// The formula does not parse: show its source.
    case source(MathFailure)
}
