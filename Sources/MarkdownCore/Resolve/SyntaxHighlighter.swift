/// One highlighted region of a code block: a byte range of its UTF-8 text and the capture name
/// that coloured it (for example `keyword`, `string.special`, `function.method.builtin`).
public struct SyntaxToken: Equatable, Sendable {
    /// Offsets into the code's UTF-8 bytes; `lowerBound` inclusive, `upperBound` exclusive.
    public var range: Range<Int>
    public var capture: String

    public init(range: Range<Int>, capture: String) {
        self.range = range
        self.capture = capture
    }
}

/// The seam between layout and syntax highlighting.
///
/// Layout asks for tokens and colours them with the theme; an implementation that does not know the
/// language returns nil and the block renders plain. Implementations must be safe to call from
/// several threads at once: the resolve stage asks for every block on background threads as soon as the
/// document is parsed, and layout asks again when it reaches the block, so an implementation should
/// remember results (and let a second caller wait for a computation under way).
public protocol SyntaxHighlighter: Sendable {
    /// Non-overlapping tokens in ascending order, or nil when this language cannot be highlighted.
    func tokens(for code: String, language: String) -> [SyntaxToken]?

    /// Tokens for a block that is still growing (an open code fence while it streams, highlighted again
    /// at every redraw, a few lines longer each time): an implementation may build them from the last
    /// block's where this one extends it, and need not remember them. Final blocks use `tokens`.
    func provisionalTokens(for code: String, language: String) -> [SyntaxToken]?

    /// Loads whatever highlighting `language` needs, so that a later `tokens` call only highlights.
    /// The resolve stage calls it on a background thread for each language the raw text's fences name,
    /// while cmark parses the document.
    func prepare(language: String)
}

extension SyntaxHighlighter {
    /// Without an incremental path, a growing block is highlighted like any other.
    public func provisionalTokens(for code: String, language: String) -> [SyntaxToken]? {
        tokens(for: code, language: language)
    }

    /// Highlighting an empty block loads the language as a side effect.
    public func prepare(language: String) {
        _ = tokens(for: "", language: language)
    }
}
