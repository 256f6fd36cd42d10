extension DisplayWidth {
    /// Code points that are always a grapheme cluster of their own, whatever stands next to them, in the
    /// blocks typeset math and most non-English prose use: Latin-1 and Latin Extended letters, Greek and
    /// Cyrillic, phonetic letters (`ᵢ`, `ⱼ`), general punctuation (without the joiners and invisible
    /// controls), super- and subscripts, currency, letterlike symbols, arrows, mathematical operators and
    /// symbols, box drawing and shapes, CJK ideographs, kana and Hangul syllables, mathematical
    /// alphanumerics. None of them is a combining mark, a joiner, a prepended mark, a regional indicator
    /// or a Hangul jamo, so text made only of these (and printable ASCII) is as wide as the sum of its
    /// code points' widths.
    static let standaloneRanges: [ClosedRange<UInt32>] = [
        0x00A0...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x1D00...0x1DBF, 0x2010...0x2027, 0x2030...0x205E,
        0x2070...0x209F, 0x20A0...0x20CF, 0x2100...0x218F, 0x2190...0x23FF, 0x2460...0x24FF,
        0x2500...0x25FF, 0x27C0...0x27FF, 0x2900...0x2AFF, 0x2C60...0x2C7F, 0x3000...0x3029, 0x3030...0x303F,
        0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
        0x1D400...0x1D7FF,
    ]

    /// The code points of `standaloneRanges` from U+0300 on that are one column wide (neither zero-width
    /// nor wide), as flat sorted bounds: lower, upper, lower, upper, … Typeset math is made almost
    /// only of these, so one search here answers what otherwise takes three (stands alone, zero-width,
    /// wide). Derived from the tables once, at first use.
    static let narrowStandaloneBounds: [UInt32] = {
        // What `of(_:)` does not count as one column from U+0300 on: zero-width code points, and wide
        // ones from U+1100 (below that it does not ask).
        var cuts = zeroWidthRanges
        for wide in wideRanges where wide.upperBound >= 0x1100 {
            cuts.append(max(wide.lowerBound, 0x1100)...wide.upperBound)
        }
        cuts.sort { $0.lowerBound < $1.lowerBound }
        var bounds: [UInt32] = []
        for range in standaloneRanges where range.upperBound >= 0x300 {
            var lower = max(range.lowerBound, 0x300)
            for cut in cuts where cut.upperBound >= lower {
                if cut.lowerBound > range.upperBound { break }
                if cut.lowerBound > lower { bounds += [lower, cut.lowerBound - 1] }
                lower = max(lower, cut.upperBound + 1)
            }
            if lower <= range.upperBound { bounds += [lower, range.upperBound] }
        }
        return bounds
    }()

    /// Whether `value` lies between a lower and an upper bound of `bounds` (sorted, flat pairs).
    static func contains(bounds: [UInt32], _ value: UInt32) -> Bool {
        var low = 0
        var high = bounds.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < bounds[2 * middle] {
                high = middle - 1
            } else if value > bounds[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether `value` is in one of `standaloneRanges`.
    static func standsAlone(_ value: UInt32) -> Bool {
        if value < 0x7F { return value >= 0x20 }
        if value < 0x300 { return value >= 0xA0 }
        return contains(standaloneRanges, value)
    }

    /// The width of UTF-8 text when every code point in it is printable ASCII or stands alone (see
    /// `standaloneRanges`), with its last code point; nil when some code point may join a neighbour, so
    /// that the text must be measured cluster by cluster. Costs a pass over the bytes and no allocation.
    static func standaloneWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, last: Unicode.Scalar)? {
        var width = 0
        var index = 0
        var last: Unicode.Scalar?
        while index < bytes.count {
            let lead = bytes[index]
            var value: UInt32
            var length: Int
            if lead < 0x80 {
                value = UInt32(lead)
                length = 1
            } else if lead >= 0xF0 {
                value = UInt32(lead & 0x07)
                length = 4
            } else if lead >= 0xE0 {
                value = UInt32(lead & 0x0F)
                length = 3
            } else {
                value = UInt32(lead & 0x1F)
                length = 2
            }
            guard index + length <= bytes.count else { return nil }
            if length > 1 {
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            if value < 0x7F {
                guard value >= 0x20 else { return nil }
                width += 1
            } else if value < 0x300 {
                guard value >= 0xA0 else { return nil }
                width += 1
            } else if contains(bounds: narrowStandaloneBounds, value) {
                width += 1
            } else {
                guard contains(standaloneRanges, value) else { return nil }
                width += of(scalar)
            }
            last = scalar
            index += length
        }
        guard let last else { return nil }
        return (width, last)
    }
}
