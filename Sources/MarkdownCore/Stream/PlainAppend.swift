/// The plain-text append fast path: when the unfinished tail is one paragraph and the text that arrived
/// since it was last parsed is ordinary words on the same line (no character that could start or close
/// Markdown syntax), the paragraph's model is extended without parsing, and only its last line is
/// wrapped again (greedy wrapping never changes the lines before it).
struct PlainAppend: Sendable {
    /// How long the source was when the paragraph was parsed or last extended.
    private(set) var sourceLength: Int
    private var inlines: [Inline]
    /// Spaces at the end of the source, which cmark trims from a paragraph's last line.
    private var trimmedSpaces: String
    /// The paragraph's provisional lines.
    private(set) var lines: [StyledLine]

    /// A fast path for `tail` when it is one paragraph ending in text on an unfinished line whose
    /// start can no longer begin any other block (its first character is a letter).
    init?(tail: [Block], lines: [StyledLine], source: StreamSource) {
        guard tail.count == 1, case .paragraph(let inlines) = tail[0], case .text = inlines.last,
            let last = source.bytes.last, last != StreamSource.lineFeed, last != StreamSource.carriageReturn
        else { return nil }
        let bytes = source.bytes
        var lineStart = bytes.count
        while lineStart > 0 && bytes[lineStart - 1] != StreamSource.lineFeed
            && bytes[lineStart - 1] != StreamSource.carriageReturn
        {
            lineStart -= 1
        }
        var first = lineStart
        while first < bytes.count && first - lineStart < 3 && bytes[first] == UInt8(ascii: " ") { first += 1 }
        guard first < bytes.count, Self.isLetterStart(bytes[first]), Self.canPrecedeAppend(last) else { return nil }
        var spaces = 0
        while spaces < bytes.count && bytes[bytes.count - 1 - spaces] == UInt8(ascii: " ") { spaces += 1 }
        self.sourceLength = bytes.count
        self.inlines = inlines
        self.trimmedSpaces = String(repeating: " ", count: spaces)
        self.lines = lines
    }

    /// Extends the paragraph by the source's bytes after `sourceLength`, when they are plain words;
    /// `wrap` lays out plain text from the start of a line. Returns false (changing nothing) otherwise.
    mutating func extend(with source: StreamSource, wrap: (String) -> [StyledLine]) -> Bool {
        let appended = source.bytes[sourceLength...]
        guard !appended.isEmpty, appended.allSatisfy(Self.isPlain), !Self.holdsC1Control(appended),
            !Self.mayFormAutolink(source, from: sourceLength),
            case .text(let text) = inlines.last, let lastLine = lines.last, lastLine.graphic == nil,
            lastLine.spans.allSatisfy({ $0.style == .plain })
        else { return false }
        var added = trimmedSpaces + String(decoding: appended, as: UTF8.self)
        var spaces = 0
        while added.utf8.last == UInt8(ascii: " ") {
            added.removeLast()
            spaces += 1
        }
        let lastText = lastLine.plainText
        guard text.hasSuffix(lastText) else { return false }
        inlines[inlines.count - 1] = .text(text + added)
        lines = lines.dropLast() + wrap(lastText + added)
        trimmedSpaces = String(repeating: " ", count: spaces)
        sourceLength = source.count
        return true
    }

    /// Letters (and any non-ASCII character) cannot start a block.
    private static func isLetterStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte >= 0xC2
    }

    /// The character before the appended text must not be a delimiter whose meaning the next
    /// character can change (`_` followed by a letter stops closing emphasis, for example).
    private static func canPrecedeAppend(_ byte: UInt8) -> Bool {
        isPlain(byte) && byte != UInt8(ascii: ".")
    }

    /// Letters, digits, spaces, a little punctuation that means nothing to Markdown, and non-ASCII
    /// bytes other than C1 controls (U+0080–U+009F are encoded as C2 80–C2 9F).
    static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."),
            UInt8(ascii: "?"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "/"),
            UInt8(ascii: "="), UInt8(ascii: "+"):
            return true
        case 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// C1 controls (C2 80–C2 9F) are made visible by the sanitiser: such text goes through the parser.
    private static func holdsC1Control(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0xC2 && byte < 0xA0 { return true }
            previous = byte
        }
        return false
    }

    /// GFM turns `www.` into a link: text near it goes through the parser.
    private static func mayFormAutolink(_ source: StreamSource, from start: Int) -> Bool {
        let from = max(0, start - 4)
        var matched = 0
        for byte in source.bytes[from...] {
            let lower = byte | 0x20
            if matched < 3 {
                matched = lower == UInt8(ascii: "w") ? matched + 1 : 0
            } else {
                if byte == UInt8(ascii: ".") { return true }
                matched = lower == UInt8(ascii: "w") ? 3 : 0
            }
        }
        return false
    }
}
