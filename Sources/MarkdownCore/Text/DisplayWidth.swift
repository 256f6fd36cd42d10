/// Measures text in terminal display columns.
///
/// East Asian wide characters and emoji take 2 columns, combining marks and joiners 0, everything else 1.
/// A grapheme cluster (a Swift `Character`) is measured as a whole: an emoji ZWJ sequence is one
/// 2-column picture, a letter with combining marks is 1. Text must be sanitised and tab-free.
///
/// Where terminals disagree about a cluster, the wider reading counts, so that no line overflows in any
/// common terminal: a cluster is the wider of its width as one picture (its first code point; 2 for
/// flags, keycaps and emoji presentation) and the sum of its code points' widths, as terminals that draw
/// code point by code point show it. So keycaps (`3️⃣`) count 2, an Indic conjunct (`क्ष`) its consonants,
/// spacing marks (`ः`, `ा`) 1, halfwidth voiced marks (`ｱﾞ`) their column, U+0600–0605 their column, and
/// an emoji ZWJ sequence that is not one of Unicode's recommended ones (`👧‍👦`) its emoji side by side.
/// Recommended ZWJ sequences, modifier sequences (`👍🏽`), flags and tag flags stay one 2-column picture.
public enum DisplayWidth {
    /// The width of a string; pure ASCII is measured without decoding, and text whose code points each
    /// stand alone (see `standaloneWidth`) without grapheme breaking.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        if let ascii = asciiCount(text) { return ascii }
        if let standalone = text.utf8.withContiguousStorageIfAvailable({ standaloneWidth($0)?.width }), let standalone {
            return standalone
        }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        guard scalars.count > 1 else { return of(first) }
        if scalars.contains("\u{200D}"), isRecommendedZWJSequence(scalars) { return 2 }
        return max(pictureWidth(scalars, first: first), codePointWidth(scalars))
    }

    /// The cluster read as one picture: its first code point's width, 2 for a flag, a keycap or a
    /// text-presentation character with U+FE0F.
    private static func pictureWidth(_ scalars: Character.UnicodeScalarView, first: Unicode.Scalar) -> Int {
        let width = of(first)
        guard width == 1 else { return width }
        if isRegionalIndicator(first) || (isKeycapBase(first) && scalars.contains("\u{20E3}")) { return 2 }
        if scalars.contains("\u{FE0F}") && contains(emojiVariationRanges, first.value) { return 2 }
        return width
    }

    /// The characters Unicode makes keycap emoji of (`0`–`9`, `#`, `*` before U+20E3); U+20E3 after
    /// anything else (a space at the join of two runs, say) is just a combining mark.
    private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
        (0x30...0x39).contains(scalar.value) || scalar == "#" || scalar == "*"
    }

    /// The cluster read code point by code point, as terminals without grapheme clustering draw it. An
    /// emoji modifier, the second regional indicator of a flag and U+FE0F after an emoji keep their
    /// picture's two columns (every terminal draws those as one).
    private static func codePointWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        var width = 0
        var previous: Unicode.Scalar?
        for scalar in scalars {
            width += of(scalar, after: previous)
            previous = scalar
        }
        return width
    }

    /// The columns `scalar` adds after `previous` in a cluster read code point by code point.
    static func of(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Int {
        guard let before = previous else { return of(scalar) }
        let value = scalar.value
        if value == 0xFE0F { return of(before) == 1 && contains(emojiVariationRanges, before.value) ? 1 : 0 }
        if (0x1F3FB...0x1F3FF).contains(value) && of(before) == 2 { return 0 }
        if isRegionalIndicator(scalar) && isRegionalIndicator(before) { return 0 }
        return of(scalar)
    }

    private static func isRecommendedZWJSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        var key = String.UnicodeScalarView()
        for scalar in scalars where scalar != "\u{FE0F}" { key.append(scalar) }
        return recommendedZWJSequences.contains(String(key))
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

    /// Whether `value` lies in one of `ranges` (sorted, not overlapping), by binary search.
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
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
