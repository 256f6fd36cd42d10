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
    /// A GitHub alert (`> [!NOTE]`): a block quote shown as a titled callout.
    case alert(Alert)
    /// Blocks an HTML element aligns (`<p align="center">`, `<div align="right">`).
    case aligned(BlockAlignment, [Block])
    /// An HTML `<details>` element, shown expanded: its summary as a marked line, then its content.
    case details(summary: [Inline], [Block])
    /// An HTML definition list (`<dl>`): terms, each followed by its indented descriptions.
    case definitionList([DefinitionEntry])
    /// A display formula standing as a block (`$$ … $$`, `\[ … \]`, an environment, a `math` fence).
    case math(MathBlock)
    /// A closed ```` ```mermaid ```` fence, drawn as a diagram (an open one is a code block).
    case diagram(DiagramBlock)
}

/// How an HTML element aligns the blocks it holds.
public enum BlockAlignment: Equatable, Sendable {
    case center, right
}

/// One entry of a definition list, in document order.
public enum DefinitionEntry: Equatable, Sendable {
    /// A `<dt>`: shown as a strong line.
    case term([Inline])
    /// A `<dd>`: shown indented under the term.
    case description([Block])
}

/// A GitHub alert: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`
/// or `[!CAUTION]`, which GitHub shows as a coloured callout with a title.
public struct Alert: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Equatable, Sendable {
        case note, tip, important, warning, caution

        /// The title GitHub shows (`Note`, `Tip`, …).
        public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public var kind: Kind
    /// The quote's content after the `[!KIND]` line.
    public var blocks: [Block]

    public init(kind: Kind, blocks: [Block]) {
        self.kind = kind
        self.blocks = blocks
    }
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
        let word = info.split(whereSeparator: { $0.isWhitespace || $0 == "{" || $0 == "," }).first
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
