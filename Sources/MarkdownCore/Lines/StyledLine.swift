/// A run of text in one style. The text never contains control characters or newlines.
public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// A graphic that the writer draws over the cells that layout reserved for it.
///
/// The layout reserves `rows` lines of `columns` cells (the first of which carries the graphic);
/// the writer emits the encoded bytes there. Only the writer knows how to put them on the screen.
public struct Graphic: Equatable, Sendable {
    /// The encoded picture (for example a sixel DCS string built by mdview itself).
    public var payload: [UInt8]
    public var columns: Int
    public var rows: Int

    public init(payload: [UInt8], columns: Int, rows: Int) {
        self.payload = payload
        self.columns = columns
        self.rows = rows
    }
}

/// One output line: the unit layout produces and the writer consumes.
///
/// A line's display width (the sum of its spans' widths) never exceeds the layout width.
public struct StyledLine: Equatable, Sendable {
    public var spans: [Span]
    /// A picture drawn starting on this line, after the spans (which hold the indentation).
    public var graphic: Graphic?

    public init(_ spans: [Span] = [], graphic: Graphic? = nil) {
        self.spans = spans
        self.graphic = graphic
    }

    /// The line's text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The columns the line's text takes, measured whole: a character split between two spans (a bold
    /// `3` and the keycap mark after it) is one picture on the screen, which can be wider than its parts.
    public var textWidth: Int { DisplayWidth.of(plainText) }

    public static let blank = StyledLine()
}
