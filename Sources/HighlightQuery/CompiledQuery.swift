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
    /// The usable patterns; a pattern's index is its precedence (lower wins).
    let patterns: [QueryPattern]
    let captureNames: [String]
    /// Whether each capture colours text (see `CaptureResolver.isColouring`).
    let colouring: [Bool]
    /// Top-level patterns in the query file.
    public let patternsTotal: Int
    /// Patterns kept: those whose names the grammar knows and whose predicates mdview evaluates.
    public var patternsKept: Int { patterns.count }
    /// Where the patterns that were dropped are in the source, in source order (for `--list-languages
    /// --verbose`, which names them).
    public let droppedPatterns: [Range<Int>]

    /// The patterns in the form the matcher runs.
    let program: MatchProgram
    /// For each node type key, how many levels below the node the patterns that start there look.
    private let reachByKey: [Int]
    /// How many levels below the node patterns that may start at any node (`_`, `(_)`) look.
    private let anyReach: Int
    private let anyNamedReach: Int
    /// Whether every pattern that may start at any node (at any named node) is a chain of single
    /// children without predicates (see `matchesEachChildAlone`).
    private let anyChainsOnly: Bool
    private let anyNamedChainsOnly: Bool
    /// For each node type key, whether every pattern that starts there is a chain of single children
    /// without predicates (see `matchesEachChildAlone`).
    private let chainsOnlyByKey: [Bool]

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
        var reach = [Int](repeating: 0, count: symbols.keyCount)
        var anyReach = 0
        var anyNamedReach = 0
        var anyChainsOnly = true
        var anyNamedChainsOnly = true
        var chainsOnly = [Bool](repeating: true, count: symbols.keyCount)
        for pattern in patterns {
            let chain = pattern.predicates.isEmpty && pattern.root.siblingReach == 0 && !pattern.root.capturesItsNode
            for case .symbol(let key) in pattern.root.rootKinds ?? [] where !chain { chainsOnly[Int(key)] = false }
            // Predicates read the text of what they capture, which a node's children make up.
            let depth = pattern.predicates.isEmpty ? pattern.root.siblingReach : pattern.root.depth
            if let kinds = pattern.root.rootKinds {
                for case .symbol(let key) in kinds { reach[Int(key)] = max(reach[Int(key)], depth) }
            } else if case .node(.anyNamed, _, _, _, _, _) = pattern.root {
                anyNamedReach = max(anyNamedReach, depth)
                anyNamedChainsOnly = anyNamedChainsOnly && chain
            } else {
                anyReach = max(anyReach, depth)
                anyChainsOnly = anyChainsOnly && chain
            }
        }
        self.reachByKey = reach
        self.anyReach = anyReach
        self.anyNamedReach = anyNamedReach
        self.anyChainsOnly = anyChainsOnly
        self.anyNamedChainsOnly = anyNamedChainsOnly
        self.chainsOnlyByKey = chainsOnly
    }

    /// Whether every match that starts at a node of this type goes through at most one of its children,
    /// reads no text and leaves the node itself uncaptured (chains of single children without predicates,
    /// such as `(array (string) @s)`): then the matches through the children a growing block kept are the
    /// same as before, and only the node with its changed children needs matching again (see
    /// `FlatTree.init(roots:pruned:...)`).
    public func matchesEachChildAlone(symbol: TSSymbol, named: Bool) -> Bool {
        // Patterns that may start at any node count too (C#'s `(_ type: (identifier) @type)`).
        guard program.tables.siblingPatterns.isEmpty, anyChainsOnly, !named || anyNamedChainsOnly else {
            return false
        }
        let key = symbols.key(ofSymbol: symbol)
        return key < 0 || chainsOnlyByKey[Int(key)]
    }

    /// The deepest level below a node of this type at which the matches that start at it depend on which
    /// children a node has (see `PatternElement.siblingReach`; all the levels a pattern with predicates
    /// looks at), counting the patterns that may start at any node (`(_ type: (identifier))`), or nil
    /// when a sequence of siblings at the top of a pattern (tried on every node's children) makes that
    /// unknown. A growing block can leave out some children of a node deeper than this below such a node
    /// without changing the matches that start there for the children left in.
    public func reach(symbol: TSSymbol, named: Bool) -> Int? {
        guard program.tables.siblingPatterns.isEmpty else { return nil }
        let key = symbols.key(ofSymbol: symbol)
        return max(key < 0 ? 0 : reachByKey[Int(key)], anyReach, named ? anyNamedReach : 0)
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

    /// The tokens of `code` from byte `start` on, from the matches that start at a node of `tree` (which
    /// may be a forest holding only the subtrees that changed): what `tokens(in:code:keepGoing:)` of the
    /// whole tree gives from `start` on, when every match starting at a node left out lies before `start`.
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

    /// Whether no match can start at a node of this type (none of the patterns is for its type, none
    /// starts with a wildcard, and none is a sequence of siblings, which is tried on every node's
    /// children). Such a node's matches are all those of its children's subtrees, so a growing block
    /// can keep the matches of its children that did not change.
    public func startsNoMatch(symbol: TSSymbol, named: Bool) -> Bool {
        guard let key = startKey(symbol: symbol, named: named) else { return false }
        let tables = program.tables
        return key < 0 || tables.keyStarts[Int(key)] == tables.keyStarts[Int(key) + 1]
    }

    /// The key of a node type for the tables of patterns by the type they start at (negative for a type
    /// no pattern names), or nil when a pattern that can start at any node (a wildcard, a sequence of
    /// siblings) may start at this one whatever its type.
    private func startKey(symbol: TSSymbol, named: Bool) -> Int32? {
        let tables = program.tables
        guard tables.anyRootPatterns.isEmpty, tables.siblingPatterns.isEmpty,
            !named || tables.anyNamedRootPatterns.isEmpty
        else { return nil }
        return symbols.key(ofSymbol: symbol)
    }
}
