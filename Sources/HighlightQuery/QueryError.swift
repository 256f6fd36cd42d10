/// Why a highlight query cannot be used at all with a grammar (a single unusable pattern is dropped
/// alone, see `QueryParser`): the caller says which file it read and falls back to plain text.
public enum QueryError: Error, Equatable, Sendable {
    /// The source holds no pattern (empty, or only comments).
    case noPatterns
    /// None of the source's `total` patterns fits the grammar.
    case noUsablePattern(total: Int)

    /// What is wrong with the query, for a message that names the file.
    public var reason: String {
        switch self {
        case .noPatterns: return "no patterns"
        case .noUsablePattern(let total): return "none of its \(total) patterns fits this grammar"
        }
    }
}
