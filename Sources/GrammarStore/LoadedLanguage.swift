import HighlightQuery
import MarkdownCore
import Synchronization

/// A language ready to highlight: its grammar, its node types, where it came from, and its query.
///
/// A large first block has the query read in the background (on the registry's `BackgroundWork`) while
/// it is parsed: parsing needs only the grammar, and reading a query (about a millisecond in a fresh
/// process) would otherwise delay it. A small block is parsed sooner than a thread starts, so its query is
/// read on its own thread after the parse. Whoever needs the query first and finds the read not yet
/// started does it on its own thread, so no thread ever waits for work still sitting in a queue.
package final class LoadedLanguage: Sendable {
    package let descriptor: LanguageDescriptor
    package let grammar: GrammarLibrary
    package let symbols: GrammarSymbols
    package let queryPath: String
    package let layout: GrammarSearchPath.Entry.Layout

    /// The query's source until a thread takes it to read it.
    private let unreadSource: Mutex<[UInt8]?>
    private let readQuery = PendingValue<Result<CompiledQuery, HighlightError>>()
    private let background: BackgroundWork
    /// Where the compiled query is kept between processes, if anywhere.
    private let queryCache: CompiledQueryCache?

    /// Code from this size on is worth reading the query in the background while it is parsed.
    package static let readAheadBytes = 4 * 1024

    /// `querySource` is read on `background` when `readQueryAhead` asks for it, else on first use; from
    /// `queryCache` when it holds the compiled form.
    package init(
        descriptor: LanguageDescriptor, grammar: GrammarLibrary, querySource: [UInt8], queryPath: String,
        layout: GrammarSearchPath.Entry.Layout, background: BackgroundWork, queryCache: CompiledQueryCache? = nil
    ) {
        self.descriptor = descriptor
        self.grammar = grammar
        self.symbols = GrammarSymbols(language: grammar.language)
        self.queryPath = queryPath
        self.layout = layout
        self.unreadSource = Mutex(querySource)
        self.background = background
        self.queryCache = queryCache
    }

    /// Starts reading the query in the background, before parsing `codeSize` bytes, if the parse takes
    /// long enough for that to pay and no thread has started reading it.
    package func readQueryAhead(codeSize: Int) {
        guard codeSize >= Self.readAheadBytes, queryIfRead == nil else { return }
        background.start { [self] in readIfNotStarted() }
    }

    /// The query if it has been read already, without waiting.
    package var queryIfRead: Result<CompiledQuery, HighlightError>? {
        readQuery.current
    }

    /// The query: read on this thread if nobody has started, or waited for if another thread is reading it.
    package var query: Result<CompiledQuery, HighlightError> {
        readIfNotStarted()
        return readQuery.wait(seconds: .infinity) ?? .failure(.unusableQuery(path: queryPath, reason: "not read"))
    }

    private func readIfNotStarted() {
        let source = unreadSource.withLock { source -> [UInt8]? in
            defer { source = nil }
            return source
        }
        guard let source else { return }
        let result = Result { () throws(QueryError) in
            if let queryCache {
                return try queryCache.query(
                    language: descriptor.id, library: grammar.path, source: source, symbols: symbols)
            }
            return try CompiledQuery(source: source, symbols: symbols)
        }
        .mapError { HighlightError.unusableQuery(path: queryPath, reason: $0.reason) }
        readQuery.fulfil(result)
    }
}
