import Dispatch
import MarkdownCore
import Synchronization

/// mdview's `SyntaxHighlighter`: colours code blocks from a real tree-sitter parse and the language's
/// highlight query, loading grammars lazily through a `LanguageRegistry`.
///
/// Safe to call from many threads at once: languages load once behind per-language locks, each call
/// parses with its own parser, and results are cached by (language, content), a block asked for by
/// two threads at once being highlighted once. Any failure (unknown
/// language, missing grammar, wrong ABI, unusable query, parse time-out) returns nil so the block
/// renders plain, and is reported once through `diagnostics`.
public final class TreeSitterHighlighter: SyntaxHighlighter, @unchecked Sendable {
    public let registry: LanguageRegistry
    private let timeoutMicros: UInt64
    private let diagnostics: (@Sendable (String) -> Void)?
    private let cache = HighlightCache()
    private let reported = Mutex<Set<String>>([])

    /// - Parameters:
    ///   - parseTimeout: a block whose parse and matching take more of their thread's CPU time than this
    ///     renders plain (CPU time, so that a busy machine does not drop colours).
    ///   - diagnostics: receives one line per distinct failure; the command prints them with `--verbose`.
    public init(
        searchPath: GrammarSearchPath, parseTimeout: Duration = .milliseconds(150),
        diagnostics: (@Sendable (String) -> Void)? = nil
    ) {
        self.registry = LanguageRegistry(searchPath: searchPath)
        let (seconds, attoseconds) = parseTimeout.components
        self.timeoutMicros = UInt64(max(1, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        self.diagnostics = diagnostics
    }

    public func tokens(for code: String, language: String) -> [SyntaxToken]? {
        guard let descriptor = LanguageCatalog.language(forAlias: language) else {
            report(.unknownLanguage(language))
            return nil
        }
        return cache.tokens(language: descriptor.id, code: code) {
            switch registry.outcome(for: descriptor) {
            case .failed(let error):
                report(error)
                return nil
            case .loaded(let loaded):
                switch TreeHighlighting.tokens(code: Array(code.utf8), language: loaded, timeoutMicros: timeoutMicros) {
                case .success(let tokens):
                    return tokens
                case .failure(let error):
                    report(error)
                    return nil
                }
            }
        }
    }

    /// Loads the language's grammar and query (once per process; later calls return at once).
    /// A failure is reported when a block of that language is highlighted, not here: the renderer may
    /// prepare languages it only guessed from fences.
    public func prepare(language: String) {
        guard let descriptor = LanguageCatalog.language(forAlias: language) else { return }
        _ = registry.outcome(for: descriptor)
    }

    private func report(_ error: HighlightError) {
        guard let diagnostics else { return }
        let line = error.description
        let isNew = reported.withLock { $0.insert(line).inserted }
        if isNew { diagnostics(line) }
    }
}
