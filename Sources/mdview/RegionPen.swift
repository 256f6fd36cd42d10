/// The graphic rendition (SGR) a live region leaves set on the terminal between the pieces it writes. It
/// exists because most redraws add one token to the end of a row in the style the row already ends in:
/// the writer opens every piece with its style's full sequence (in true colour about twenty bytes, five
/// times the token) and closes it with a reset, and carrying the rendition from one piece to the next
/// drops both.
///
/// Every sequence the writer emits for a style starts from the default rendition (`CSI 0 ; … m`), so a
/// piece is correct after any rendition once its first sequence is kept. The `0 ;` is left out where the
/// rendition in effect is the default or sets nothing the sequence does not set again (a colour after
/// a colour, as in code): two of the twenty bytes, on about half the sequences a stream writes. Before
/// anything that fills cells with the current rendition (erasing, inserting or deleting rows, a line
/// feed that may scroll, a piece that starts in the plain style) and before the cursor is saved at the
/// region's top with `ESC 7` (which saves the rendition too, for `ESC 8` to restore), the rendition is
/// reset; a cursor saved where a redraw stopped writing keeps the rendition in effect there.
struct RegionPen: Equatable {
    /// The sequence in effect; empty for the default rendition.
    private(set) var sequence: [UInt8] = []

    static let plain = RegionPen()
    static let reset = Array("\u{1B}[0m".utf8)

    var isPlain: Bool { sequence.isEmpty }

    /// Whether cells filled in this rendition would show a background (terminals fill erased and
    /// scrolled-in rows with the current background).
    var hasBackground: Bool {
        var previous: UInt8 = 0
        for byte in sequence {
            if previous == UInt8(ascii: "4"), byte == UInt8(ascii: "8") { return true }
            previous = byte == UInt8(ascii: ";") || byte == UInt8(ascii: "[") ? 0 : byte
        }
        return false
    }

    /// Resets the rendition when it is not the default: before erases, scrolling and `ESC 7`.
    mutating func reset(into out: inout [UInt8]) {
        guard !isPlain else { return }
        out += Self.reset
        sequence = []
    }

    /// Writes `piece` (the writer's bytes for part of one row, which assume the default rendition at
    /// their start and return to it at their end), leaving out its first sequence when it is the one in
    /// effect and its closing reset, and keeps the rendition its last span is in.
    mutating func write(_ piece: [UInt8], into out: inout [UInt8]) {
        var body = piece[...]
        // A piece with a hyperlink closes its OSC 8 and resets the rendition itself: written as it is.
        if Self.containsOSC(body) {
            if !isPlain, Self.leadingSequence(body) == nil { out += Self.reset }
            out += body
            sequence = []
            return
        }
        if let first = Self.leadingSequence(body) {
            if body[first].elementsEqual(sequence) { body = body[first.upperBound...] }
        } else if !isPlain {
            // The piece starts in the default rendition.
            out += Self.reset
            sequence = []
        }
        guard body.count >= Self.reset.count, body.suffix(Self.reset.count).elementsEqual(Self.reset) else {
            // It ends in the default rendition (its last span is plain).
            Self.append(body, after: sequence, into: &out)
            if !body.isEmpty { sequence = [] }
            return
        }
        let kept = body.dropLast(Self.reset.count)
        Self.append(kept, after: sequence, into: &out)
        if let last = Self.lastSequence(in: kept) { sequence = Array(kept[last]) }
    }

    /// Appends `bytes` (the writer's, every style sequence starting from the default rendition),
    /// leaving out the `0 ;` of each sequence that the rendition in effect before it (`pen`, then each
    /// sequence's) does not need.
    private static func append(_ bytes: ArraySlice<UInt8>, after pen: [UInt8], into out: inout [UInt8]) {
        var effect = SetParts(pen)
        var index = bytes.startIndex
        var copied = index
        while index < bytes.endIndex {
            guard bytes[index] == 0x1B, index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "["),
                let end = bytes[(index + 2)...].firstIndex(where: { $0 >= 0x40 && $0 <= 0x7E })
            else {
                index += 1
                continue
            }
            guard bytes[end] == UInt8(ascii: "m") else {
                index = end + 1
                continue
            }
            let next = SetParts(bytes[index...end])
            if bytes[(index + 2)...].starts(with: [UInt8(ascii: "0"), UInt8(ascii: ";")]), next.overrides(effect) {
                out += bytes[copied..<(index + 2)]
                copied = index + 4
            }
            effect = next
            index = end + 1
        }
        out += bytes[copied...]
    }

    /// What an SGR sequence (one that starts from the default rendition, or the default itself) sets: a
    /// foreground, a background, or anything else (bold, italic, underline, …).
    private struct SetParts {
        var foreground = false
        var background = false
        var other = false

        init<Bytes: Collection<UInt8>>(_ sequence: Bytes) {
            guard sequence.count > 3 else { return }
            // The parameters between `CSI` and `m`, read one at a time: an extended colour's own
            // parameters (`38;2;r;g;b`, `38;5;n`) are skipped.
            var value = 0
            var skipped = 0
            var extended = false
            func take(_ parameter: Int) {
                if skipped > 0 {
                    skipped -= 1
                } else if extended {
                    extended = false
                    skipped = parameter == 2 ? 3 : 1
                } else {
                    switch parameter {
                    case 0: break
                    case 38: (foreground, extended) = (true, true)
                    case 48: (background, extended) = (true, true)
                    case 30...37, 39, 90...97: foreground = true
                    case 40...47, 49, 100...107: background = true
                    default: other = true
                    }
                }
            }
            for byte in sequence.dropFirst(2).dropLast() {
                if byte == UInt8(ascii: ";") {
                    take(value)
                    value = 0
                } else {
                    value = value &* 10 &+ Int(byte) &- 48
                }
            }
            take(value)
        }

        /// Whether a sequence setting these parts, without resetting first, gives the same rendition after
        /// `previous` as after the default one.
        func overrides(_ previous: SetParts) -> Bool {
            !previous.other && (!previous.foreground || foreground) && (!previous.background || background)
        }
    }

    private static func containsOSC(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0x1B, byte == 0x5D { return true }
            previous = byte
        }
        return false
    }

    /// The range of the SGR sequence `bytes` starts with, when it sets a style from the default.
    private static func leadingSequence(_ bytes: ArraySlice<UInt8>) -> Range<Int>? {
        let start = bytes.startIndex
        guard bytes.count > 4, bytes[start] == 0x1B, bytes[start + 1] == UInt8(ascii: "["),
            bytes[start + 2] == UInt8(ascii: "0"), bytes[start + 3] == UInt8(ascii: ";")
        else { return nil }
        guard let end = bytes[(start + 4)...].firstIndex(of: UInt8(ascii: "m")) else { return nil }
        return start..<(end + 1)
    }

    /// The range of the last SGR sequence in `bytes` (nil when there is none).
    private static func lastSequence(in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let escape = bytes.lastIndex(of: 0x1B),
            let end = bytes[escape...].firstIndex(of: UInt8(ascii: "m"))
        else { return nil }
        return escape..<(end + 1)
    }
}
