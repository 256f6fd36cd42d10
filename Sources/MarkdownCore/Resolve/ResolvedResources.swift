/// What the resolve stage hands layout: the finished highlighting of code blocks and the decoded images
/// of a run of blocks, as plain values. Layout only looks things up here; anything missing falls back
/// (plain code, alt text).
public struct ResolvedResources: Sendable {
    /// Tokens per (language, code) of a code block that could be highlighted.
    public var tokens: [CodeKey: [SyntaxToken]]
    /// Decoded images by reference; a reference that is missing shows its alt text.
    public var images: [ImageReference: any ResolvedImage]
    /// Tokens of the blocks of a stream's unfinished tail (a few at most), looked up by comparing code
    /// rather than hashing it: a block growing to megabytes is hashed at no redraw.
    var provisionalTokens: [(language: String, code: String, tokens: ProvisionalTokens)] = []

    /// Identifies a code block's highlighting: the same code in the same language is highlighted once.
    public struct CodeKey: Hashable, Sendable {
        public var language: String
        public var code: String

        public init(language: String, code: String) {
            self.language = language
            self.code = code
        }
    }

    /// No resources: every code block plain, every image as its alt text.
    public static let none = ResolvedResources()

    public init(tokens: [CodeKey: [SyntaxToken]] = [:], images: [ImageReference: any ResolvedImage] = [:]) {
        self.tokens = tokens
        self.images = images
    }

    /// The block's tokens, or nil to show it plain.
    public func tokens(for block: CodeBlock) -> [SyntaxToken]? {
        guard let language = block.language else { return nil }
        for entry in provisionalTokens where entry.language == language && entry.code == block.code {
            return entry.tokens.tokens
        }
        return tokens[CodeKey(language: language, code: block.code)]
    }

    /// How the provisional tokens of `block` extend those of the previous redraw (see `ProvisionalTokens`).
    func provisionalExtension(for block: CodeBlock) -> ProvisionalTokens.Extension? {
        guard let language = block.language else { return nil }
        return provisionalTokens.first { $0.language == language && $0.code == block.code }?.tokens.extending
    }

    /// Adds everything `other` holds.
    public mutating func merge(_ other: ResolvedResources) {
        tokens.merge(other.tokens) { current, _ in current }
        provisionalTokens += other.provisionalTokens
        images.merge(other.images) { current, _ in current }
    }
}
