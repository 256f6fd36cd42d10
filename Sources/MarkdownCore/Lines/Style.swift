/// A colour as a theme states it; the writer degrades it to what the terminal can show.
public enum Color: Equatable, Hashable, Sendable {
    /// One of the 16 standard ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    /// An entry of the 256-colour palette.
    case palette(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
    /// A 24-bit colour that identifies rather than decorates (the image id of a kitty graphics placeholder
    /// cell): written as 24-bit at every colour depth, never degraded.
    case exactRGB(UInt8, UInt8, UInt8)
}

/// How a run of text looks: colours, attributes and an optional hyperlink target.
///
/// Layout attaches styles to text; only `TerminalWriter` turns them into escape sequences.
public struct Style: Equatable, Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold = false
    public var dim = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    public var inverse = false
    /// A sanitised URL for an OSC 8 hyperlink; used only when the terminal supports hyperlinks.
    public var hyperlink: String?
    /// Part of a picture drawn with text cells (half-blocks, kitty placeholders): its colours are the
    /// picture, so the writer keeps them even in plain output when images were asked for explicitly.
    public var picture = false

    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, strikethrough: Bool = false, inverse: Bool = false,
        hyperlink: String? = nil, picture: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.inverse = inverse
        self.hyperlink = hyperlink
        self.picture = picture
    }

    /// No colour, no attributes.
    public static let plain = Style()

    /// This style with `other`'s colours and attributes laid on top (set fields win).
    public func merged(with other: Style) -> Style {
        var result = self
        if let fg = other.foreground { result.foreground = fg }
        if let bg = other.background { result.background = bg }
        result.bold = bold || other.bold
        result.dim = dim || other.dim
        result.italic = italic || other.italic
        result.underline = underline || other.underline
        result.strikethrough = strikethrough || other.strikethrough
        result.inverse = inverse || other.inverse
        if let link = other.hyperlink { result.hyperlink = link }
        return result
    }
}

extension Style {
    /// Every field but the hyperlink packed into one number: equal for two styles exactly when they look
    /// the same, so the writer compares and looks up styles without copying them. (A field added to
    /// `Style` must be added here.)
    var visualKey: UInt64 {
        var key = Self.key(foreground) | Self.key(background) << 27
        if bold { key |= 1 << 54 }
        if dim { key |= 1 << 55 }
        if italic { key |= 1 << 56 }
        if underline { key |= 1 << 57 }
        if strikethrough { key |= 1 << 58 }
        if inverse { key |= 1 << 59 }
        if picture { key |= 1 << 60 }
        return key
    }

    /// A colour in 27 bits: a 3-bit kind and 24 bits of value; 0 for none.
    private static func key(_ color: Color?) -> UInt64 {
        switch color {
        case nil: 0
        case .ansi(let value)?: 1 << 24 | UInt64(value)
        case .palette(let value)?: 2 << 24 | UInt64(value)
        case .rgb(let red, let green, let blue)?: 3 << 24 | UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue)
        case .exactRGB(let red, let green, let blue)?:
            4 << 24 | UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue)
        }
    }
}
