/// A block-level element of a `Document`.
///
/// Nesting depth is bounded by the parser (see `DocumentConverter.maximumBlockDepth`), so every
/// recursive walk over blocks is bounded too.
public indirect enum Block: Equatable, Sendable {
    case paragraph([Inline])
    /// A heading of level 1 to 6.
    case heading(level: Int, [Inline])
    case blockQuote([Block])
    case list(ListBlock)
    case codeBlock(CodeBlock)
    /// Raw HTML, shown verbatim (never interpreted) apart from the images it holds.
    case htmlBlock(HTMLBlock)
    case thematicBreak
    case table(Table)
}

/// A bullet or ordered list.
public struct ListBlock: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case bullet
        /// An ordered list whose first item carries `start`.
        case ordered(start: Int)
    }

    public var kind: Kind
    /// Tight lists have no blank line between items.
    public var isTight: Bool
    public var items: [ListItem]

    public init(kind: Kind, isTight: Bool, items: [ListItem]) {
        self.kind = kind
        self.isTight = isTight
        self.items = items
    }
}

/// One item of a list; `task` is set for GFM task-list items (`- [ ]`, `- [x]`).
public struct ListItem: Equatable, Sendable {
    public enum Task: Equatable, Sendable { case unchecked, checked }

    public var task: Task?
    public var blocks: [Block]

    public init(task: Task? = nil, blocks: [Block]) {
        self.task = task
        self.blocks = blocks
    }
}

/// A fenced or indented code block. Its text is never reflowed.
public struct CodeBlock: Equatable, Sendable {
    /// The whole info string of a fenced block (` ```python title="x" ` gives `python title="x"`).
    public var info: String
    /// The code, ending without the final newline.
    public var code: String
    public var isFenced: Bool

    public init(info: String, code: String, isFenced: Bool) {
        self.info = info
        self.code = code
        self.isFenced = isFenced
    }

    /// The language named by the info string's first word, or nil.
    public var language: String? {
        let word = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" || $0 == "," }).first
        guard let word, !word.isEmpty else { return nil }
        return String(word)
    }
}

/// A GFM table: a header row, body rows and one alignment per column.
public struct Table: Equatable, Sendable {
    public enum Alignment: Equatable, Sendable { case none, left, center, right }

    public var alignments: [Alignment]
    public var header: [[Inline]]
    public var rows: [[[Inline]]]

    public init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }

    public var columnCount: Int { alignments.count }
}

/// An HTML block: its text as written, and the images the parser found in its tags (`<img>`,
/// `<picture>`), read once at parse time so that no later stage scans HTML for them again.
public struct HTMLBlock: Equatable, Sendable, ExpressibleByStringLiteral {
    /// The HTML, without its final line endings.
    public var html: String
    /// Images in its tags, in order.
    public var images: [ImageReference]

    public init(html: String, images: [ImageReference]) {
        self.html = html
        self.images = images
    }

    /// The block as the parser reads `html`.
    public init(_ html: String) {
        self.init(html: html, images: HTMLImageScanner.mayHoldImage(html) ? HTMLImageScanner.images(in: html) : [])
    }

    public init(stringLiteral html: String) {
        self.init(html)
    }

    /// Whether the HTML has text outside its tags and comments (a block that is only tags around its
    /// images becomes those images).
    public var hasVisibleText: Bool { HTMLImageScanner.hasVisibleText(html) }
}
