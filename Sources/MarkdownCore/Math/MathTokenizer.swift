/// Splits TeX math source into tokens in one pass over its UTF-8 bytes, dropping `%` comments and
/// replacing control characters, so that nothing downstream can emit one.
///
/// TeX's own characters (`\`, braces, scripts, command letters, white space) are ASCII, so the scan reads
/// bytes and decodes a code point only where one is not ASCII; a command's name is made in one piece.
struct MathTokenizer {
    /// The tokens of `source`, with the number of `{` minus `}` seen at the deepest and at the end
    /// checked: nil when the braces are unbalanced.
    static func tokens(_ source: String) -> [MathToken]? {
        var source = source
        return source.withUTF8 { tokens($0) }
    }

    private static func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [MathToken]? {
        var tokens: [MathToken] = []
        // At most one token a byte: reserving that avoids regrowing the array, short-lived as it is.
        tokens.reserveCapacity(bytes.count + 1)
        var index = 0
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else {
                    tokens.append(.command(""))
                    break
                }
                if isLetter(bytes[index]) {
                    let start = index
                    while index < bytes.count, isLetter(bytes[index]) { index += 1 }
                    tokens.append(
                        .command(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)))
                } else {
                    let (next, length) = scalar(in: bytes, at: index)
                    index += length
                    let kept = isControl(next) ? "\u{FFFD}" : next
                    tokens.append(.command(isWhite(next) ? " " : String(kept)))
                }
                continue
            case UInt8(ascii: "{"):
                depth += 1
                tokens.append(.open)
            case UInt8(ascii: "}"):
                depth -= 1
                if depth < 0 { return nil }
                tokens.append(.close)
            case UInt8(ascii: "^"): tokens.append(.superscript)
            case UInt8(ascii: "_"): tokens.append(.subscript)
            case UInt8(ascii: "&"): tokens.append(.alignment)
            case UInt8(ascii: "'"): tokens.append(.prime)
            case UInt8(ascii: "~"): tokens.append(.tie)
            case UInt8(ascii: "%"):
                // The comment runs to the end of its line; the line break itself is white space.
                while index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "\n") { index += 1 }
            default:
                if isWhite(byte) {
                    while index + 1 < bytes.count, isWhite(bytes[index + 1]) { index += 1 }
                    if tokens.last != .space { tokens.append(.space) }
                } else if byte < 0x80 {
                    tokens.append(.character(byte < 0x20 || byte == 0x7F ? "\u{FFFD}" : Unicode.Scalar(byte)))
                } else {
                    let (next, length) = scalar(in: bytes, at: index)
                    index += length
                    tokens.append(.character(isControl(next) ? "\u{FFFD}" : next))
                    continue
                }
            }
            index += 1
        }
        return depth == 0 ? tokens : nil
    }

    /// The code point starting at `index` of valid UTF-8, and its length in bytes.
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return ("\u{FFFD}", bytes.count - index) }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        let value = byte | 0x20
        return value >= 0x61 && value <= 0x7A
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isLetter(UInt8(scalar.value))
    }

    static func isWhite(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isWhite(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isWhite(UInt8(scalar.value))
    }

    /// C0, DEL and C1 controls (white space is handled before this is asked).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
