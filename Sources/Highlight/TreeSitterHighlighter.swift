import BuiltInHighlight
@_exported import GrammarStore
import MarkdownCore
import Synchronization

/// mdview's `SyntaxHighlighter`: colours code blocks from a real tree-sitter parse and the language's
/// highlight query, loading grammars lazily through a `LanguageRegistry`.
///
/// Safe to call from many threads at once: languages load once behind per-language locks, each call
/// parses with its own parser, and results are cached by (language, content), a block asked for by two
/// threads at once being highlighted once. A block that grows while it streams is highlighted
/// incrementally (`provisionalTokens`), from a state its caller keeps (`GrowingHighlight`). Any failure
/// (unknown language, missing grammar, wrong ABI, unusable query, parse time-out) returns nil so the
/// block renders plain, and is reported once to the `DiagnosticSink` as `Diagnostic.codeShownPlain`.
public final class TreeSitterHighlighter: SyntaxHighlighter, Sendable {
    public let registry: LanguageRegistry
    /// Reads queries ahead of need and frees parse trees, off the caller's thread.
    private let background = BackgroundWork()
    private let timeoutMicros: UInt64
    private let diagnostics: (any DiagnosticSink)?
    private let cache = HighlightCache()
    private let reported = Mutex<Set<Diagnostic>>([])

    /// - Parameters:
    ///   - parseTimeout: a block whose parse and matching take more of their thread's CPU time than this
    ///     renders plain (CPU time, so that a busy machine does not drop colours).
    ///   - diagnostics: receives each distinct failure once; the command prints them with `--verbose`.
    ///   - queryCache: where compiled queries are kept between processes (none: each reads its queries).
    public init(
        searchPath: GrammarSearchPath, parseTimeout: Duration = .milliseconds(150),
        diagnostics: (any DiagnosticSink)? = nil, queryCache: CompiledQueryCache? = nil
    ) {
        self.registry = LanguageRegistry(searchPath: searchPath, background: background, queryCache: queryCache)
        let (seconds, attoseconds) = parseTimeout.components
        self.timeoutMicros = UInt64(max(1, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        self.diagnostics = diagnostics
    }

    public func tokens(for code: String, language: String) -> [SyntaxToken]? {
        if let builtIn = BuiltInLanguage.language(forAlias: language) {
            return cache.tokens(language: builtIn.rawValue, code: code) { builtInTokens(builtIn, code: code) }
        }
        guard let descriptor = LanguageCatalog.language(forAlias: language) else {
            report(.unknownLanguage(language), language: language)
            return nil
        }
        return cache.tokens(language: descriptor.id, code: code) {
            guard let loaded = load(descriptor) else { return nil }
            return reported(
                TreeHighlighting.tokens(
                    code: Array(code.utf8), language: loaded, timeoutMicros: timeoutMicros, background: background),
                language: descriptor.id)
        }
    }

    /// Tokens for a growing block, built on `state` (a `GrowingHighlight`, made here on the first call)
    /// where the code extends the last call's, and not cached (the next redraw's block is longer).
    public func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?)
        -> ProvisionalTokens?
    {
        if let builtIn = BuiltInLanguage.language(forAlias: language) {
            // Line by line, so a growing block is coloured afresh (its embedded programs are small).
            return builtInTokens(builtIn, code: code).map { ProvisionalTokens(tokens: $0) }
        }
        guard let descriptor = LanguageCatalog.language(forAlias: language) else {
            report(.unknownLanguage(language), language: language)
            return nil
        }
        guard let loaded = load(descriptor) else { return nil }
        var growing = state as? GrowingHighlight
        if growing?.language !== loaded { growing = GrowingHighlight(language: loaded) }
        state = growing
        return growing.flatMap { reported($0.tokens(for: code, timeoutMicros: timeoutMicros), language: descriptor.id) }
    }

    /// The language's grammar and query, loaded once; nil when they cannot be (reported).
    private func load(_ descriptor: LanguageDescriptor) -> LoadedLanguage? {
        switch registry.outcome(for: descriptor) {
        case .failed(let error):
            report(error, language: descriptor.id)
            return nil
        case .loaded(let loaded):
            return loaded
        }
    }

    /// The value of `result`, or nil when it failed (reported).
    private func reported<Value>(_ result: Result<Value, HighlightError>, language: String) -> Value? {
        if case .failure(let error) = result { report(error, language: language) }
        return try? result.get()
    }

    /// Loads the language's grammar and reads its query (once per process; later calls return at once),
    /// on the caller's thread: the renderer calls this in the background while it parses a document.
    /// A failure is reported when a block of that language is highlighted, not here: the renderer may
    /// prepare languages it only guessed from fences.
    public func prepare(language: String) {
        if BuiltInLanguage.language(forAlias: language) != nil { return }
        guard let descriptor = LanguageCatalog.language(forAlias: language) else { return }
        if case .loaded(let loaded) = registry.outcome(for: descriptor) { _ = loaded.query }
    }

    /// The tokens of a block in a built-in language; the programs it embeds (a console's commands, an
    /// HTTP body) are highlighted through this highlighter, so they load their grammars as any block does.
    private func builtInTokens(_ language: BuiltInLanguage, code: String) -> [SyntaxToken]? {
        language.tokens(for: code) { tokens(for: $0, language: $1) }
    }

    /// Emits `error` for a block of `language` (the catalogue's id, or the unknown name as written),
    /// unless the same diagnostic was emitted before.
    private func report(_ error: HighlightError, language: String) {
        guard let diagnostics else { return }
        let diagnostic = Diagnostic.codeShownPlain(language: language, reason: error.reason)
        let isNew = reported.withLock { $0.insert(diagnostic).inserted }
        if isNew { diagnostics.emit(diagnostic) }
    }
}
