import Dispatch

/// A language ready to highlight: its grammar, where it came from, and its query.
///
/// The query compiles on another thread while the first block is parsed: libtree-sitter 0.20.7 spends
/// a fixed 5–20 ms analysing the grammar in every `ts_query_new`, and parsing needs only the grammar.
final class LoadedLanguage: @unchecked Sendable {
    let descriptor: LanguageDescriptor
    let grammar: GrammarLibrary
    let queryPath: String
    let layout: GrammarSearchPath.Entry.Layout
    private let compiling = DispatchGroup()
    // Written once before `compiling` is left, read only after waiting for it.
    private var compiled: Result<HighlightQuery, HighlightError>?

    /// Starts compiling `querySource` in the background.
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, querySource: [UInt8], queryPath: String,
        layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.queryPath = queryPath
        self.layout = layout
        compiling.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            compiled = Result { () throws(HighlightError) in
                try HighlightQuery(source: querySource, language: grammar.language, path: queryPath)
            }
            compiling.leave()
        }
    }

    /// With a query compiled already (tests).
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, query: HighlightQuery, queryPath: String,
        layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.queryPath = queryPath
        self.layout = layout
        self.compiled = .success(query)
    }

    /// The compiled query, waiting for it if it is still compiling.
    var query: Result<HighlightQuery, HighlightError> {
        compiling.wait()
        return compiled ?? .failure(.unusableQuery(path: queryPath, reason: "not compiled"))
    }
}
