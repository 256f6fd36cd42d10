/// A stream's open top-level block quote, GitHub alert or loose bullet list, parsed from its last
/// settled child (item) on instead of from its first line. Once the container's first children are
/// settled and returned (`SettledPart`, `CommittedPrefix`), each update parses only the text from the
/// line on which the last of them starts (with its `>` markers, behind the same definition prelude)
/// and lays out only what that parse holds, so that a long quote or list costs its unsettled part per
/// update, not everything in it.
///
/// What it buys: without it the open container is parsed and laid out whole at every update, a cost
/// that grows with the square of its length. Fed in 16-byte pieces with the provisional tail after each
/// (a redraw every 33 ms at 120 tokens a second), a 100-paragraph quote (16 KB) costs 12 times the CPU
/// without it (72 → 832 ms for the stream) and a 300-item loose list 22 times (122 → 2,630 ms); into a
/// pipe (final lines only) 3.5 and 10 times. Language-model answers without a long container cost the
/// same either way.
///
/// Why the parse from that line reads the children from there on as the whole quote does: a closed
/// child no longer takes part in parsing (only the last child of a container is open), so what cmark
/// knows when it reaches the line is the open quote and nothing of the children before it, except what
/// applies to the whole document: link reference definitions and footnote numbering (a window is never
/// cut after text that may hold either: `WindowRegionScan`) and GitHub's dialect (an alert's title is
/// its quote's first line, so the window keeps the alert's kind; whether a list is loose depends on all
/// its items, and a list whose items are settled is loose for good, so the window's list is loose; a
/// container that may hold an HTML block never gets a window, since the HTML interpreter may join
/// children). A line that started a child in
/// the whole quote starts the same block when it is a quote's first line: a paragraph open before it
/// only forbids some block starts, so what started there starts the same way on its own.
///
/// What is checked rather than assumed: a window is made only when a parse from its line gives the
/// whole quote's children from there on; every later parse must read the window's first child as it
/// was (else the stream drops the window and parses the whole quote again); a window's lines must start
/// with its first child's; and when the quote ends, it is parsed whole once more and its lines checked
/// to start with the lines returned early, so the final output never depends on a window.
struct ContainerWindow: Sendable {
    /// What the container is: the window's parse is read back as the same.
    enum Kind: Equatable, Sendable {
        case quote
        /// An alert of this kind: the window parses as a plain quote.
        case alert(Alert.Kind)
        /// A loose bullet list.
        case bulletList
    }

    let kind: Kind
    /// Where the window's text starts in the stream's source (the first line of its first child).
    private(set) var offset: Int
    /// The container holding only the window's first child: the container's last settled child.
    private(set) var head: Block
    /// The provisional lines of `head`: the window's lines start with them.
    private(set) var firstLines: [StyledLine]

    /// A window over `container`'s children from `index` on, whose text starts at `offset` in the source;
    /// `layout` lays out a block provisionally. Nil for a container that is no quote, alert or loose
    /// bullet list, or whose child at `index` has no lines.
    init?(
        container: Block, from index: Int, offset: Int, layout: (Block) -> [StyledLine]
    ) {
        guard let kind = Self.kind(of: container), let count = Self.childCount(of: container), index < count
        else { return nil }
        self.kind = kind
        self.offset = offset
        head = Self.children(of: container, in: index..<index + 1)
        firstLines = layout(head)
        guard !firstLines.isEmpty else { return nil }
    }

    /// The window's text in `source`, up to `length`.
    func text(in source: StreamSource, upTo length: Int) -> String {
        String(decoding: source.bytes[offset..<length], as: UTF8.self)
    }

    /// The container a parse of the window read as `parsed`, as the window's kind, or nil when the
    /// parse did not read the first child as before (the window no longer applies).
    func container(fromParsed parsed: Block) -> Block? {
        let container: Block
        switch (kind, parsed) {
        case (.quote, .blockQuote):
            container = parsed
        case (.alert(let alertKind), .blockQuote(let children)):
            container = .alert(Alert(kind: alertKind, blocks: children))
        case (.bulletList, .list(var list)) where list.kind == .bullet:
            list.isTight = false
            container = .list(list)
        default:
            return nil
        }
        guard let count = Self.childCount(of: container), count > 0,
            Self.children(of: container, in: 0..<1) == head
        else { return nil }
        return container
    }

    /// Moves the window's start to the child at `index` of `container` (the window's container as last
    /// parsed), which starts `distance` bytes after the window's start. Returns false (changing nothing)
    /// when that child has no lines.
    mutating func move(toChild index: Int, of container: Block, distance: Int, layout: (Block) -> [StyledLine])
        -> Bool
    {
        let newHead = Self.children(of: container, in: index..<index + 1)
        let lines = layout(newHead)
        guard !lines.isEmpty else { return false }
        offset += distance
        head = newHead
        firstLines = lines
        return true
    }

    /// The first child's lines at a new width.
    mutating func relayout(_ layout: (Block) -> [StyledLine]) {
        firstLines = layout(head)
    }

    /// Whether the line at `offset` in `bytes` may start the window's first child: a quote marker
    /// (`>`) or a bullet after up to three spaces.
    func startsChildLine(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset
        while index < bytes.count && index - offset < 3 && bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count else { return false }
        switch kind {
        case .quote, .alert:
            return bytes[index] == UInt8(ascii: ">")
        case .bulletList:
            guard [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[index]) else { return false }
            let next = index + 1 < bytes.count ? bytes[index + 1] : StreamSource.lineFeed
            return [UInt8(ascii: " "), UInt8(ascii: "\t"), StreamSource.lineFeed, StreamSource.carriageReturn]
                .contains(next)
        }
    }

    /// The kind of window `container` can have: a quote, an alert or a loose bullet list.
    static func kind(of container: Block) -> Kind? {
        switch container {
        case .blockQuote: return .quote
        case .alert(let alert): return .alert(alert.kind)
        case .list(let list) where list.kind == .bullet && !list.isTight: return .bulletList
        default: return nil
        }
    }

    /// How many children (an alert's blocks after its title, a list's items) `container` has.
    static func childCount(of container: Block) -> Int? {
        switch container {
        case .blockQuote(let children): return children.count
        case .alert(let alert): return alert.blocks.count
        case .list(let list): return list.items.count
        default: return nil
        }
    }

    /// `container` holding only its children in `range`.
    static func children(of container: Block, in range: Range<Int>) -> Block {
        switch container {
        case .blockQuote(let children):
            return .blockQuote(Array(children[range]))
        case .alert(let alert):
            return .alert(Alert(kind: alert.kind, blocks: Array(alert.blocks[range])))
        case .list(let list):
            return .list(ListBlock(kind: list.kind, isTight: list.isTight, items: Array(list.items[range])))
        default:
            return container
        }
    }
}
