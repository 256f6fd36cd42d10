/// A stream's open top-level block quote or GitHub alert, parsed from its last settled child on instead
/// of from its first line. Once the quote's first children are settled and returned (`SettledPart`,
/// `CommittedPrefix`), each update parses only the text from the line on which the last of them starts
/// (with its `>` markers, behind the same definition prelude) and lays out only what that parse holds,
/// so that a long quote costs its unsettled part per update, not everything in it.
///
/// Why the parse from that line reads the children from there on as the whole quote does: a closed
/// child no longer takes part in parsing (only the last child of a container is open), so what cmark
/// knows when it reaches the line is the open quote and nothing of the children before it, except what
/// applies to the whole document: link reference definitions and footnote numbering (a window is never
/// cut after text that may hold either: `WindowRegionScan`) and GitHub's dialect (an alert's title is
/// its quote's first line, so the window keeps the alert's kind; a quote that may hold an HTML block
/// never gets a window, since the HTML interpreter may join children). A line that started a child in
/// the whole quote starts the same block when it is a quote's first line: a paragraph open before it
/// only forbids some block starts, so what started there starts the same way on its own.
///
/// What is checked rather than assumed: a window is made only when a parse from its line gives the
/// whole quote's children from there on; every later parse must read the window's first child as it
/// was (else the stream drops the window and parses the whole quote again); a window's lines must start
/// with its first child's; and when the quote ends, it is parsed whole once more and its lines checked
/// to start with the lines returned early, so the final output never depends on a window.
struct ContainerWindow: Sendable {
    /// Where the window's text starts in the stream's source (the first line of `first`).
    private(set) var offset: Int
    /// How many lines of the source come before `offset`.
    private(set) var linesBefore: Int
    /// The alert's kind when the container is an alert: the window parses as a plain quote.
    let alertKind: Alert.Kind?
    /// The window's first child: the container's last settled child.
    private(set) var first: Block
    /// The provisional lines of the container holding only `first`: the window's lines start with them.
    private(set) var firstLines: [StyledLine]

    /// A window over `container`'s children from `index` on, whose text starts at `offset`, `linesBefore`
    /// lines into the source; `layout` lays out a block provisionally. Nil for a container that is no
    /// quote or alert, or whose child at `index` has no lines.
    init?(
        container: Block, from index: Int, offset: Int, linesBefore: Int, layout: (Block) -> [StyledLine]
    ) {
        guard let children = Self.children(of: container), index < children.count else { return nil }
        if case .alert(let alert) = container { alertKind = alert.kind } else { alertKind = nil }
        self.offset = offset
        self.linesBefore = linesBefore
        first = children[index]
        firstLines = []
        firstLines = layout(self.container([first]))
        guard !firstLines.isEmpty else { return nil }
    }

    /// The window's text in `source`, up to `length`.
    func text(in source: StreamSource, upTo length: Int) -> String {
        String(decoding: source.bytes[offset..<length], as: UTF8.self)
    }

    /// The container a parse of the window read as `parsed`, with the window's children, or nil when
    /// the parse did not read the first child as before (the window no longer applies).
    func container(fromParsed parsed: Block) -> Block? {
        guard case .blockQuote(let children) = parsed, children.first == first else { return nil }
        return container(children)
    }

    /// The container (a quote, or an alert of the window's kind) holding `children`.
    func container(_ children: [Block]) -> Block {
        alertKind.map { .alert(Alert(kind: $0, blocks: children)) } ?? .blockQuote(children)
    }

    /// The children of a quote or alert (an alert's blocks after its title), nil for other blocks.
    static func children(of container: Block) -> [Block]? {
        switch container {
        case .blockQuote(let children): return children
        case .alert(let alert): return alert.blocks
        default: return nil
        }
    }

    /// Moves the window's start to its child at `index`, which starts on the window's line `line` and
    /// `distance` bytes after the window's start, with `layout` laying out a block provisionally.
    /// Returns false (changing nothing) when that child has no lines.
    mutating func move(
        toChild child: Block, line: Int, distance: Int, layout: (Block) -> [StyledLine]
    ) -> Bool {
        let lines = layout(container([child]))
        guard !lines.isEmpty else { return false }
        offset += distance
        linesBefore += line - 1
        first = child
        firstLines = lines
        return true
    }

    /// The first child's lines at a new width.
    mutating func relayout(_ layout: (Block) -> [StyledLine]) {
        firstLines = layout(container([first]))
    }

    /// Whether the line at `offset` in `bytes` starts with a quote marker (`>` after up to three spaces):
    /// a window starts only on such a line.
    static func startsQuoteLine(_ bytes: [UInt8], at offset: Int) -> Bool {
        var index = offset
        while index < bytes.count && index - offset < 3 && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ">")
    }
}
