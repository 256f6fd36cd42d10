import CTreeSitter
import MarkdownCore

/// A language's highlight query, read for its grammar and indexed for `QueryMatcher`: the patterns in
/// "first pattern wins" order, their capture names, and which patterns can start at which node type.
///
/// It exists so that highlighting can run tree-sitter queries without compiling them with
/// libtree-sitter (see `QueryPattern`): this engine reads a query in a fraction of a millisecond and
/// matches it with tree-sitter's semantics, which the oracle tests check against libtree-sitter itself.
/// Immutable after creation, so one instance is shared by all threads.
public final class CompiledQuery: Sendable {
    /// The grammar's node types and fields the patterns were resolved against.
    public let symbols: GrammarSymbols
    /// The usable patterns; a pattern's index is its precedence (lower wins). Empty for a query read
    /// from a `QueryArchive`, which holds only the matcher's tables.
    let patterns: [QueryPattern]
    let captureNames: [String]
    /// Whether each capture colours text (see `CaptureResolver.isColouring`).
    let colouring: [Bool]
    /// Top-level patterns in the query file.
    public let patternsTotal: Int
    /// Patterns kept: those whose names the grammar knows and whose predicates mdview evaluates.
    public var patternsKept: Int { program.roots.count }
    /// Where the patterns that were dropped are in the source, in source order (for `--list-languages
    /// --verbose`, which names them).
    public let droppedPatterns: [Range<Int>]

    /// The patterns in the form the matcher runs.
    let program: MatchProgram
    /// Reads `source` for the grammar whose node types are `symbols`. Patterns are put in first-wins
    /// order (see `QueryPrecedence`); a pattern the grammar cannot use is dropped alone (see `QueryParser`).
    /// A source past `QueryLimits` is refused.
    public init(source: [UInt8], symbols: GrammarSymbols) throws(QueryError) {
        guard source.count <= QueryLimits.maximumBytes else { throw .tooLarge(bytes: source.count) }
        let split = QuerySplitter.patterns(in: source)
        guard split.count <= QueryLimits.maximumPatterns else { throw .tooManyPatterns(count: split.count) }
        let ranges = QueryPrecedence.ordered(split, in: source)
        guard !ranges.isEmpty else { throw .noPatterns }
        var parser = QueryParser(symbols: symbols)
        var patterns: [QueryPattern] = []
        var dropped: [Range<Int>] = []
        for range in ranges {
            if let pattern = parser.pattern(in: source, range: range) {
                patterns.append(pattern)
            } else {
                dropped.append(range)
            }
        }
        self.droppedPatterns = dropped.sorted { $0.lowerBound < $1.lowerBound }
        guard !patterns.isEmpty else { throw .noUsablePattern(total: ranges.count) }
        self.symbols = symbols
        self.patterns = patterns
        self.captureNames = parser.captureNames
        self.colouring = parser.captureNames.map(CaptureResolver.isColouring)
        self.patternsTotal = ranges.count
        self.program = MatchProgram(patterns: patterns, keyCount: symbols.keyCount)
    }

    /// A query from its tables (see `QueryArchive`, which checks them first).
    init(
        symbols: GrammarSymbols, program: MatchProgram, captureNames: [String], patternsTotal: Int,
        droppedPatterns: [Range<Int>]
    ) {
        self.symbols = symbols
        self.patterns = []
        self.captureNames = captureNames
        self.colouring = captureNames.map(CaptureResolver.isColouring)
        self.patternsTotal = patternsTotal
        self.droppedPatterns = droppedPatterns
        self.program = program
    }

    /// The highlight tokens of `code`, whose syntax tree is `tree`: every match of the query (predicates
    /// checked), its colouring captures resolved into non-overlapping tokens (see `CaptureResolver`).
    /// Nil when `keepGoing`, asked every thousand nodes, says to stop.
    ///
    /// One thread: splitting a large tree's top-level nodes between two threads was measured slower
    /// for the second half (the tree sits in the parsing core's caches) and gained nothing overall.
    public func tokens(in tree: FlatTree, code: [UInt8], keepGoing: () -> Bool) -> [SyntaxToken]? {
        code.withUnsafeBufferPointer { tokens(in: tree, code: $0, from: 0, keepGoing: keepGoing) }
    }

    /// The tokens of `code` from byte `start` on (a growing block's last lines), from the matches of
    /// `tree`.
    public func tokens(
        in tree: FlatTree, code: UnsafeBufferPointer<UInt8>, from start: Int, keepGoing: () -> Bool
    ) -> [SyntaxToken]? {
        let colouring = self.colouring
        var records: [CaptureRecord] = []
        records.reserveCapacity(max(0, code.count - start) / 4)
        let finished = QueryMatcher(query: self, tree: tree, code: code).forEachMatch(keepGoing: keepGoing) {
            pattern, captures in
            for capture in captures where colouring[Int(capture.capture)] {
                records.append(
                    CaptureRecord(
                        start: Int(capture.start), end: Int(capture.end), pattern: UInt32(pattern),
                        capture: capture.capture))
            }
        }
        guard finished else { return nil }
        return CaptureResolver.tokens(from: records, names: captureNames, byteCount: code.count, lowerBound: start)
    }
}
