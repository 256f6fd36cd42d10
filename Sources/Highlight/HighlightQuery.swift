import CTreeSitter

/// A language's highlight query, read for its grammar and indexed for `QueryMatcher`: the patterns in
/// "first pattern wins" order, their capture names, and which patterns can start at which node type.
/// Immutable after creation, so one instance is shared by all threads.
final class HighlightQuery: @unchecked Sendable {
    let symbols: GrammarSymbols
    /// The usable patterns; a pattern's index is its precedence (lower wins).
    let patterns: [QueryPattern]
    let captureNames: [String]
    /// Whether each capture colours text (see `TreeHighlighting.isColouring`).
    let colouring: [Bool]
    /// Top-level patterns in the query file.
    let patternsTotal: Int
    /// Patterns kept: those whose names the grammar knows and whose predicates mdview evaluates.
    var patternsKept: Int { patterns.count }

    /// The patterns in the form the matcher runs.
    let program: MatchProgram

    /// Reads `source` for `language`. Patterns are put in first-wins order (see `QueryPrecedence`);
    /// a pattern the grammar cannot use is dropped alone (see `QueryParser`).
    convenience init(source: [UInt8], language: OpaquePointer, path: String) throws(HighlightError) {
        try self.init(source: source, symbols: GrammarSymbols(language: language), path: path)
    }

    /// Reads `source` for the grammar whose node types are `symbols`.
    init(source: [UInt8], symbols: GrammarSymbols, path: String) throws(HighlightError) {
        let ranges = QueryPrecedence.ordered(QuerySplitter.patterns(in: source), in: source)
        guard !ranges.isEmpty else { throw .unusableQuery(path: path, reason: "no patterns") }
        var parser = QueryParser(symbols: symbols)
        let patterns = ranges.compactMap { parser.pattern(in: source, range: $0) }
        guard !patterns.isEmpty else {
            throw .unusableQuery(path: path, reason: "none of its \(ranges.count) patterns fits this grammar")
        }
        self.symbols = symbols
        self.patterns = patterns
        self.captureNames = parser.captureNames
        self.colouring = parser.captureNames.map(TreeHighlighting.isColouring)
        self.patternsTotal = ranges.count
        self.program = MatchProgram(patterns: patterns, keyCount: symbols.keyCount)
    }
}
