import CTreeSitter
import GrammarStore
import HighlightQuery
import MarkdownCore

/// One installed grammar with a query supplied as text: reads the query and highlights code with it,
/// as a code block would be, and reports what came of it.
///
/// It exists for checking what any query text can do to the process (the query fuzz target and its
/// regression tests): it goes through the same reading, parsing and matching as rendering does, with
/// the same CPU-time budget, and never touches the installed query.
public struct QueryTrial: Sendable {
    /// What reading the query and highlighting the code came to.
    public struct Outcome: Sendable, Equatable {
        public var patternsTotal: Int
        public var patternsKept: Int
        /// Nil when the budget ran out before matching finished.
        public var tokens: [SyntaxToken]?
    }

    private let language: LoadedLanguage
    private let timeoutMicros: UInt64

    /// The grammar `alias` names, found on `searchPath`; `timeoutMicros` bounds each highlight's CPU time.
    public init(alias: String, searchPath: GrammarSearchPath, timeoutMicros: UInt64) throws(HighlightError) {
        let registry = LanguageRegistry(searchPath: searchPath)
        self.language = try registry.language(forAlias: alias).get()
        self.timeoutMicros = timeoutMicros
    }

    /// Reads `query` for the grammar and highlights `code` with it.
    /// A query the engine refuses whole is `HighlightError.unusableQuery`, as a code block would report it.
    public func run(query: [UInt8], code: [UInt8]) -> Result<Outcome, HighlightError> {
        let compiled: CompiledQuery
        do {
            compiled = try CompiledQuery(source: query, symbols: language.symbols)
        } catch {
            return .failure(.unusableQuery(path: "(query text)", reason: error.reason))
        }
        var outcome = Outcome(patternsTotal: compiled.patternsTotal, patternsKept: compiled.patternsKept)
        let budget = CPUBudget(microseconds: timeoutMicros)
        outcome.tokens = code.withUnsafeBufferPointer { code in
            guard let tree = TreeHighlighting.parse(code, language: language, budget: budget) else { return nil }
            defer { ts_tree_delete(tree) }
            return TreeHighlighting.match(tree, of: code, language: language, query: compiled, budget: budget)
        }
        return .success(outcome)
    }
}
