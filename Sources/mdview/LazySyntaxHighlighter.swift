import Highlight
import MarkdownCore
import Synchronization

/// Builds the highlighter the first time a document has a code block to colour, so that a run without
/// code never sets up the grammar search path, the highlighter's background work and caches, nor tears
/// them down: for a small README that is about a fifth of the start-up's instructions.
final class LazySyntaxHighlighter: SyntaxHighlighter {
    private let make: @Sendable () -> TreeSitterHighlighter?
    private let made = Mutex<TreeSitterHighlighter??>(nil)

    init(_ make: @escaping @Sendable () -> TreeSitterHighlighter?) {
        self.make = make
    }

    private var highlighter: TreeSitterHighlighter? {
        made.withLock { made in
            if made == nil { made = .some(make()) }
            return made ?? nil
        }
    }

    func tokens(for code: String, language: String) -> [SyntaxToken]? {
        highlighter?.tokens(for: code, language: language)
    }

    /// Forwarded, not left to the protocol's default: that highlights every redraw of a growing block
    /// from scratch.
    func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens? {
        highlighter?.provisionalTokens(for: code, language: language, state: &state)
    }

    func prepare(language: String) {
        highlighter?.prepare(language: language)
    }
}
