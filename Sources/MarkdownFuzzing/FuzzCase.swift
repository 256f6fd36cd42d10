import MarkdownCore

/// One input of the fuzz target: its first two bytes choose how to render, the rest is the document.
///
/// Byte 0 picks the width (below 128: 4–11, the narrow widths every construct must survive; from 128:
/// 4–200). Byte 1 picks the colour depth (bits 0–1: none, 16, 256, 24-bit), the theme (bit 2: light)
/// and hyperlinks (bit 3). The document is the remaining bytes decoded as UTF-8 with invalid sequences
/// replaced, as `mdview` reads a file.
public struct FuzzCase: Sendable, Equatable {
    public var width: Int
    public var colorDepth: ColorDepth
    public var lightTheme: Bool
    public var hyperlinks: Bool
    public var markdown: String

    public init(
        width: Int, colorDepth: ColorDepth, lightTheme: Bool = false, hyperlinks: Bool = false, markdown: String
    ) {
        self.width = width
        self.colorDepth = colorDepth
        self.lightTheme = lightTheme
        self.hyperlinks = hyperlinks
        self.markdown = markdown
    }

    public init(bytes: some Collection<UInt8>) {
        let widthByte = bytes.first ?? 80
        let flags = bytes.dropFirst().first ?? 0
        width = widthByte < 128 ? 4 + Int(widthByte % 8) : 4 + Int(widthByte - 128) * 196 / 127
        colorDepth = [ColorDepth.none, .ansi16, .palette256, .trueColor][Int(flags & 3)]
        lightTheme = flags & 4 != 0
        hyperlinks = flags & 8 != 0
        markdown = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    }

    /// The bytes that decode to this case (for writing seeds).
    public var bytes: [UInt8] {
        let widthByte: UInt8 = width <= 11 ? UInt8(width - 4) : UInt8(128 + min(127, (width - 4) * 127 / 196))
        let depth: UInt8 =
            switch colorDepth {
            case .none: 0
            case .ansi16: 1
            case .palette256: 2
            case .trueColor: 3
            }
        return [widthByte, depth | (lightTheme ? 4 : 0) | (hyperlinks ? 8 : 0)] + Array(markdown.utf8)
    }
}
