/// Why a highlight query cannot be used at all with a grammar (a single unusable pattern is dropped
/// alone, see `QueryParser`): the caller says which file it read and falls back to plain text.
public enum QueryError: Error, Equatable, Sendable {
    /// The source holds no pattern (empty, or only comments).
    case noPatterns
    /// None of the source's `total` patterns fits the grammar.
    case noUsablePattern(total: Int)
    /// The source is larger than any real query (`QueryLimits.maximumBytes`): it is not read.
    case tooLarge(bytes: Int)
    /// The source holds more patterns than any real query (`QueryLimits.maximumPatterns`).
    case tooManyPatterns(count: Int)

    /// What is wrong with the query, for a message that names the file.
    public var reason: String {
        switch self {
        case .noPatterns: return "no patterns"
        case .noUsablePattern(let total): return "none of its \(total) patterns fits this grammar"
        case .tooLarge(let bytes):
            return "\(bytes) bytes, more than the \(QueryLimits.maximumBytes) a query may have: refused"
        case .tooManyPatterns(let count):
            return "\(count) patterns, more than the \(QueryLimits.maximumPatterns) a query may have: refused"
        }
    }
}
