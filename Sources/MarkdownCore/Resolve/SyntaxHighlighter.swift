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

    /// The token moved `offset` bytes, cut at 0, or nil when nothing of it is left.
    public func shifted(by offset: Int) -> SyntaxToken? {
        let (lower, upper) = (max(0, range.lowerBound + offset), range.upperBound + offset)
        return upper > lower ? SyntaxToken(range: lower..<upper, capture: capture) : nil
    }
}

extension Collection where Element == SyntaxToken, Index == Int {
    /// The index of the first token for which `isPast` holds, all tokens before it failing it: a binary
    /// search over tokens in order, which a growing block's highlight and its pacer make at every redraw.
    @inlinable package func partitioningIndex(where isPast: (SyntaxToken) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if isPast(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
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
    /// at every redraw, a few lines longer each time): an implementation may build them from what it
    /// left in `state` at the last call for this block, where this code extends that one, and need not
    /// remember them. `state` belongs to the caller (a stream's open-block state), nil at the first call.
    /// They need only be close to the final tokens, which `tokens` gives once the block is final.
    func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?) -> ProvisionalTokens?

    /// Loads whatever highlighting `language` needs, so that a later `tokens` call only highlights.
    /// The resolve stage calls it on a background thread for each language the raw text's fences name,
    /// while cmark parses the document.
    func prepare(language: String)
}

extension SyntaxHighlighter {
    /// Without an incremental path, a growing block is highlighted like any other.
    public func provisionalTokens(for code: String, language: String, state: inout (any Sendable)?)
        -> ProvisionalTokens?
    {
        tokens(for: code, language: language).map { ProvisionalTokens(tokens: $0) }
    }

    /// A growing block's tokens, from no earlier state.
    public func provisionalTokens(for code: String, language: String) -> ProvisionalTokens? {
        var state: (any Sendable)?
        return provisionalTokens(for: code, language: language, state: &state)
    }

    /// Highlighting an empty block loads the language as a side effect.
    public func prepare(language: String) {
        _ = tokens(for: "", language: language)
    }
}

/// The tokens of a growing block, and how they relate to those of the previous provisional call, so that
/// layout can reuse the rows of the lines whose tokens did not change without comparing the tokens.
public struct ProvisionalTokens: Sendable {
    public var tokens: [SyntaxToken]
    /// Set when this block extends the block of the previous provisional call.
    public var extending: Extension?

    /// This block extends the previous provisional call's block of `previousLength` UTF-8 bytes, and
    /// its tokens before byte `unchangedBefore` are that call's.
    public struct Extension: Equatable, Sendable {
        public var previousLength: Int
        public var unchangedBefore: Int

        public init(previousLength: Int, unchangedBefore: Int) {
            self.previousLength = previousLength
            self.unchangedBefore = unchangedBefore
        }
    }

    public init(tokens: [SyntaxToken], extending: Extension? = nil) {
        self.tokens = tokens
        self.extending = extending
    }
}
