/// Measures typeset rows in display columns cheaply: a row whose every code point is one column wide (the
/// usual case: letters, digits, operators, box drawing) is as wide as its code points are many; any other
/// row is measured by `DisplayWidth`, grapheme cluster by cluster.
enum MathWidth {
    static func of(_ pieces: [MathPiece]) -> Int {
        var count = 0
        for piece in pieces {
            for scalar in piece.text.unicodeScalars {
                let value = scalar.value
                if value < 0x7F, value >= 0x20 {
                    count += 1
                    continue
                }
                // Latin-1 and the one-column code points that stand alone (letters, operators, box
                // drawing): one search, without the width tables.
                if (value >= 0xA0 && value < 0x300)
                    || DisplayWidth.contains(bounds: DisplayWidth.narrowStandaloneBounds, value)
                {
                    count += 1
                    continue
                }
                // Regional indicators pair into flags; anything not one column is measured exactly.
                if (0x1F1E6...0x1F1FF).contains(value) || DisplayWidth.of(scalar) != 1 {
                    return DisplayWidth.of(pieces.map(\.text).joined())
                }
                count += 1
            }
        }
        return count
    }
}
