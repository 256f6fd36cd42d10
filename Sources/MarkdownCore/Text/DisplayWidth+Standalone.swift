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
            guard standsAlone(value), let scalar = Unicode.Scalar(value) else { return nil }
            width += of(scalar)
            last = scalar
            index += length
        }
        guard let last else { return nil }
        return (width, last)
    }
}
