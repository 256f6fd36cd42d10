import Dispatch
import HighlightQuery
import Synchronization

/// A language ready to highlight: its grammar, its node types, where it came from, and its query.
///
/// The query is read on another thread while the first block is parsed: parsing needs only the
/// grammar, and reading a query (about a millisecond in a fresh process) would otherwise delay it.
/// Whoever needs the query first and finds the read not yet started does it on its own thread, so no
/// thread ever waits for work still sitting in a queue: blocks are highlighted on libdispatch's global
/// queue, which has a thread per core and adds more only after a second.
final class LoadedLanguage: @unchecked Sendable {
    let descriptor: LanguageDescriptor
    let grammar: GrammarLibrary
    let symbols: GrammarSymbols
    let queryPath: String
    let layout: GrammarSearchPath.Entry.Layout

    private enum ReadState {
        case notStarted([UInt8])
        case reading
        case read(Result<CompiledQuery, HighlightError>)
    }

    private let state: Mutex<ReadState>
    /// Left once the query is read.
    private let reading = DispatchGroup()

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
        self.state = Mutex(.notStarted(querySource))
        reading.enter()
        DispatchQueue.global().async { [self] in readIfNotStarted() }
    }

    /// With a query read already (tests).
    init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, query: Result<CompiledQuery, HighlightError>,
        queryPath: String, layout: GrammarSearchPath.Entry.Layout
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.symbols = (try? query.get().symbols) ?? GrammarSymbols(language: grammar.language)
        self.queryPath = queryPath
        self.layout = layout
        self.state = Mutex(.read(query))
    }

    /// The query if it has been read already, without waiting.
    var queryIfRead: Result<CompiledQuery, HighlightError>? {
        state.withLock { if case .read(let result) = $0 { result } else { nil } }
    }

    /// The query: read on this thread if nobody has started, or waited for if another thread is reading it.
    var query: Result<CompiledQuery, HighlightError> {
        readIfNotStarted()
        reading.wait()
        return queryIfRead ?? .failure(.unusableQuery(path: queryPath, reason: "not read"))
    }

    private func readIfNotStarted() {
        let source: [UInt8]? = state.withLock { state in
            guard case .notStarted(let source) = state else { return nil }
            state = .reading
            return source
        }
        guard let source else { return }
        let result = Result { () throws(QueryError) in try CompiledQuery(source: source, symbols: symbols) }
            .mapError { HighlightError.unusableQuery(path: queryPath, reason: $0.reason) }
        state.withLock { $0 = .read(result) }
        reading.leave()
    }
}
