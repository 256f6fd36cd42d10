/// Makes every control character in document text visible, so nothing in a document can drive the terminal.
///
/// Applied to each string the parser copies out of cmark (cmark decodes `&#27;` and `&#155;` into real
/// controls, so the raw file is the wrong place to filter). Newlines and tabs survive (layout expands tabs);
/// other C0 controls and DEL become Unicode control pictures (`ESC` → `␛`), a bare CR becomes `␍`, and
/// each C1 control becomes its 7-bit equivalent (`U+009B`, CSI, → `␛[`).
public enum ControlCharacterSanitizer {
    public static func sanitize(_ text: String) -> String {
        guard needsSanitizing(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x0A, 0x09:
                out.append(scalar)
            case 0x00..<0x20:
                out.append(Unicode.Scalar(0x2400 + value) ?? "?")
            case 0x7F:
                out.append("\u{2421}")
            case 0x80..<0xA0:
                out.append("\u{241B}")
                out.append(Unicode.Scalar(value - 0x40) ?? "?")
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True when `text` holds a byte that `sanitize` would change (checked on UTF-8, without decoding).
    ///
    /// Eight bytes at a time: a word of printable ASCII is skipped with a few bit operations, and only a
    /// word holding a control, DEL or non-ASCII byte is looked at byte by byte.
    @inline(__always)
    public static func needsSanitizing(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let count = bytes.count
            var index = 0
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let below20 = (word &- 0x2020_2020_2020_2020) & ~word & high
                let del = word ^ 0x7F7F_7F7F_7F7F_7F7F
                let isDel = (del &- 0x0101_0101_0101_0101) & ~del & high
                if (word & high) | below20 | isDel != 0, unsafe(bytes, from: index, to: index + 8) { return true }
                index += 8
            }
            return unsafe(bytes, from: index, to: count)
        }
    }

    /// Whether a byte in `start..<end` is a control other than newline or tab, DEL, or the first byte of
    /// a C1 control (U+0080–U+009F, encoded C2 80 … C2 9F).
    @inline(__always)
    private static func unsafe(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x0A && byte != 0x09 { return true }
            } else if byte == 0x7F {
                return true
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] < 0xA0 {
                return true
            }
            index += 1
        }
        return false
    }
}
