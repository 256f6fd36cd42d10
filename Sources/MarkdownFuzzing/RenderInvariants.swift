import MarkdownCore

/// What must hold for every rendering of every document, checked on the bytes mdview writes.
///
/// The fuzz target checks these on random input, and the regression tests on every input the fuzzer
/// ever broke: lines fit the width in display columns, the only escape sequences are mdview's own (SGR
/// and OSC 8 with a printable-ASCII target), no other control byte (a tab included) reaches the
/// terminal, and without colour there is no control byte but the newline at all.
public enum RenderInvariants {
    /// A broken invariant, with what the reader of a failure needs to find it.
    public enum Violation: Error, Equatable, CustomStringConvertible {
        case lineTooWide(line: Int, width: Int, limit: Int, text: String)
        case controlByte(line: Int, byte: UInt8, text: String)
        case escapeWithoutColour(offset: Int)
        case differentSecondRender(firstDifference: Int)
        /// Rendered in sections of a few bytes, the output differs from the render of the whole.
        case sectionedDiffers(firstDifference: Int)
        /// A laid-out line holds a line break: the terminal would show one row more than layout counted
        /// (a live region then erases the wrong rows).
        case lineBreakInsideLine(text: String)
        /// Streamed in pieces, the output differs from the one-shot render (where exactness is promised).
        case streamedDiffers(firstDifference: Int)
        /// Read as a highlight query, a text gave more patterns than bytes, or kept more than it read.
        case queryPatternsMiscounted(kept: Int, total: Int, bytes: Int)
        /// Highlighting with a fuzzed query gave a token outside the code, empty, or overlapping the one before.
        case queryTokenMisplaced(index: Int, range: Range<Int>)

        public var description: String {
            switch self {
            case .lineTooWide(let line, let width, let limit, let text):
                return "line \(line) is \(width) columns wide, more than \(limit): \(text.debugDescription)"
            case .controlByte(let line, let byte, let text):
                return "line \(line) holds control byte 0x\(String(byte, radix: 16)): \(text.debugDescription)"
            case .escapeWithoutColour(let offset):
                return "a control byte at offset \(offset) of output without colour"
            case .differentSecondRender(let offset):
                return "a second render differs from the first at byte \(offset)"
            case .sectionedDiffers(let offset):
                return "rendered in small sections, the output differs from the whole render at byte \(offset)"
            case .lineBreakInsideLine(let text):
                return "a laid-out line holds a line break: \(text.debugDescription)"
            case .streamedDiffers(let offset):
                return "streamed in pieces, the output differs from the one-shot render at byte \(offset)"
            case .queryPatternsMiscounted(let kept, let total, let bytes):
                return "a query of \(bytes) bytes read as \(total) patterns, \(kept) kept"
            case .queryTokenMisplaced(let index, let range):
                return "token \(index) of a fuzzed query's highlight is misplaced: \(range)"
            }
        }
    }

    /// Every violation in `output`, rendered for `width` columns with or without colour.
    public static func violations(in output: [UInt8], width: Int, colour: Bool) -> [Violation] {
        var found: [Violation] = []
        if !colour, let offset = output.firstIndex(where: { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F }) {
            found.append(.escapeWithoutColour(offset: offset))
        }
        let visible = strippingOwnSequences(output)
        var lineNumber = 0
        for line in visible.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            let text = String(decoding: line, as: UTF8.self)
            if let byte = line.first(where: { $0 < 0x20 || $0 == 0x7F }) {
                found.append(.controlByte(line: lineNumber, byte: byte, text: text))
            } else if let c1 = text.unicodeScalars.first(where: { (0x80..<0xA0).contains($0.value) }) {
                found.append(.controlByte(line: lineNumber, byte: UInt8(c1.value), text: text))
            }
            let columns = DisplayWidth.of(text)
            if columns > width {
                found.append(.lineTooWide(line: lineNumber, width: columns, limit: width, text: text))
            }
        }
        return found
    }

    /// The output without the sequences mdview itself writes: SGR (`ESC [ digits and ; m`) and OSC 8
    /// (`ESC ] 8 ; ; printable ASCII ESC \`). Anything else stays, to be found by the checks.
    public static func strippingOwnSequences(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B, let end = ownSequenceEnd(bytes, from: index) {
                index = end
                continue
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// Where the SGR or OSC 8 sequence starting at `start` ends, or nil when it is neither.
    private static func ownSequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count else { return nil }
        if bytes[start + 1] == UInt8(ascii: "[") {
            var index = start + 2
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) || bytes[index] == UInt8(ascii: ";") {
                index += 1
            }
            return index < bytes.count && bytes[index] == UInt8(ascii: "m") ? index + 1 : nil
        }
        let opener = Array("\u{1B}]8;;".utf8)
        guard bytes[start...].starts(with: opener) else { return nil }
        var index = start + opener.count
        while index < bytes.count, bytes[index] > 0x20, bytes[index] < 0x7F { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "\\") else { return nil }
        return index + 2
    }
}
