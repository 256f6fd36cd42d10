/// How many colours the output may use.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
    /// No escape sequences at all: plain text.
    case none = 0
    case ansi16 = 1
    case palette256 = 2
    case trueColor = 3

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Everything mdview knows about the terminal it writes to, detected once and passed in.
///
/// Tests build their own value; `TerminalDetector` builds the real one from the environment.
public struct TerminalCapabilities: Equatable, Sendable {
    /// The width to lay out for, in display columns (at least 1).
    public var width: Int
    /// The terminal's height in rows, when known.
    public var height: Int?
    public var colorDepth: ColorDepth
    /// Whether OSC 8 hyperlinks may be written (only meaningful with colour on).
    public var hyperlinks: Bool
    /// The size of one character cell in pixels, when known.
    public var cellPixelWidth: Int?
    public var cellPixelHeight: Int?
    /// Pictures are drawn even though the text is plain, their cells (half-blocks) at this colour depth:
    /// set when an image mode was asked for explicitly (`--images blocks` into a pipe, or with
    /// `--color never`). nil: pictures follow the text (none without colour).
    public var plainOutputPictureDepth: ColorDepth?

    public init(
        width: Int, height: Int? = nil, colorDepth: ColorDepth, hyperlinks: Bool = false,
        cellPixelWidth: Int? = nil, cellPixelHeight: Int? = nil, plainOutputPictureDepth: ColorDepth? = nil
    ) {
        self.width = max(1, width)
        self.height = height
        self.colorDepth = colorDepth
        self.hyperlinks = hyperlinks
        self.cellPixelWidth = cellPixelWidth
        self.cellPixelHeight = cellPixelHeight
        self.plainOutputPictureDepth = plainOutputPictureDepth
    }

    /// Plain output at a given width: what pipes and tests without colour get.
    public static func plain(width: Int) -> TerminalCapabilities {
        TerminalCapabilities(width: width, colorDepth: .none)
    }

    public var usesColor: Bool { colorDepth != .none }

    /// Whether pictures can be drawn at all: with colour, or in plain output when asked for explicitly.
    public var drawsPictures: Bool { usesColor || plainOutputPictureDepth != nil }
}
