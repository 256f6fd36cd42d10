/// Measures text in terminal display columns.
///
/// East Asian wide characters and emoji take 2 columns, combining marks and joiners 0, everything else 1.
/// A grapheme cluster (a Swift `Character`) is measured as a whole: an emoji ZWJ sequence is one
/// 2-column picture, a letter with combining marks is 1. Text must be sanitised and tab-free.
public enum DisplayWidth {
    /// The width of a string; pure ASCII is measured without decoding.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        if let ascii = asciiCount(text) { return ascii }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        var width = of(first)
        if width == 1, scalars.count > 1 {
            if scalars.contains("\u{FE0F}") && contains(emojiVariationRanges, first.value) {
                width = 2
            } else if isRegionalIndicator(first) {
                width = 2
            }
        }
        if width == 0 {
            // A cluster that starts with a zero-width scalar (a lone combining mark) takes the widest of the rest.
            for scalar in scalars.dropFirst() { width = max(width, of(scalar)) }
        }
        return width
    }

    /// The width of one code point on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if contains(zeroWidthRanges, value) { return 0 }
        if value >= 0x1100, contains(wideRanges, value) { return 2 }
        return 1
    }

    /// The UTF-8 count when every byte is printable ASCII, else nil.
    @inline(__always)
    static func asciiCount<S: StringProtocol>(_ text: S) -> Int? {
        let utf8 = text.utf8
        if let result = utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            for byte in bytes where byte >= 0x80 || byte < 0x20 { return nil }
            return bytes.count
        }) {
            return result
        }
        var count = 0
        for byte in utf8 {
            if byte >= 0x80 || byte < 0x20 { return nil }
            count += 1
        }
        return count
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
