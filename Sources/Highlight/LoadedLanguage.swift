import Dispatch

/// A language ready to highlight: its grammar, its node types, where it came from, and its query.
///
/// The query is read on another thread while the first block is parsed: parsing needs only the
/// grammar, and reading a query (about a millisecond in a fresh process) would otherwise delay it.
final class LoadedLanguage: @unchecked Sendable {
    let descriptor: LanguageDescriptor
    let grammar: GrammarLibrary
    let symbols: GrammarSymbols
    let queryPath: String
    let layout: GrammarSearchPath.Entry.Layout
    private let reading = DispatchGroup()
    // Written once before `reading` is left, read only after waiting for it.
    private var read: Result<HighlightQuery, HighlightError>?

    /// Starts reading `querySource` for the grammar in the background.
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, querySource: [UInt8], queryPath: String,
        layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.symbols = GrammarSymbols(language: grammar.language)
        self.queryPath = queryPath
        self.layout = layout
        reading.enter()
        DispatchQueue.global().async { [self] in
            read = Result { () throws(HighlightError) in
                try HighlightQuery(source: querySource, symbols: symbols, path: queryPath)
            }
            reading.leave()
        }
    }

    /// With a query read already (tests).
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, query: Result<HighlightQuery, HighlightError>,
        queryPath: String, layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.symbols = (try? query.get().symbols) ?? GrammarSymbols(language: grammar.language)
        self.queryPath = queryPath
        self.layout = layout
        self.read = query
    }

    /// The query if it has been read already, without waiting.
    var queryIfRead: Result<HighlightQuery, HighlightError>? {
        reading.wait(timeout: .now()) == .success ? read : nil
    }

    /// The query, waiting for it if it is still being read.
    var query: Result<HighlightQuery, HighlightError> {
        reading.wait()
        return read ?? .failure(.unusableQuery(path: queryPath, reason: "not read"))
    }
}
