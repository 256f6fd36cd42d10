/// Chooses column widths for a table that must fit a width, the way browsers lay out auto tables.
///
/// Each column has a natural width (its widest cell on one line) and a minimum (its longest word).
/// When the natural widths fit, they are used. Otherwise the widest columns are cut down to a common
/// cap, the largest that fits, but never below their longest word: narrow columns keep their text on
/// one line and no word is broken. Only words longer than `breakableWordWidth` (URLs, identifiers) may
/// be broken. Returns nil when ordinary words would have to break (the caller then shows one record
/// per row).
struct ColumnFitter {
    static let minimumColumnWidth = 3
    /// Words up to this wide are kept whole; a table that cannot keep them whole is not drawn as a grid.
    static let breakableWordWidth = 16

    /// Display columns that borders and padding take: `│ a │ b │` is 3 per column plus 1.
    static func overhead(columns: Int) -> Int { columns * 3 + 1 }

    static func fit(natural: [Int], minimum: [Int]? = nil, available: Int) -> [Int]? {
        let natural = natural.map { max($0, 1) }
        let minimum = zip(natural, minimum ?? natural.map { min($0, minimumColumnWidth) }).map { min(max($1, 1), $0) }
        guard !natural.isEmpty else { return [] }
        let budget = available - overhead(columns: natural.count)
        guard budget >= natural.count * minimumColumnWidth,
            minimum.reduce(0, { $0 + Swift.min($1, breakableWordWidth) }) <= budget
        else { return nil }
        if natural.reduce(0, +) <= budget { return natural }

        return capped(natural: natural, minimum: minimum.map { Swift.min($0, breakableWordWidth) }, budget: budget)
    }

    /// Widths `min(natural, max(cap, minimum))` for the largest cap that fits, plus the columns left by
    /// rounding, one each to the widest capped columns.
    private static func capped(natural: [Int], minimum: [Int], budget: Int) -> [Int] {
        func widths(_ cap: Int) -> [Int] { zip(natural, minimum).map { min($0, max(cap, $1)) } }
        var low = 0  // fits, since the minimums fit
        var high = natural.max() ?? 0  // does not fit, since the natural widths do not
        while high - low > 1 {
            let middle = (low + high) / 2
            if widths(middle).reduce(0, +) <= budget { low = middle } else { high = middle }
        }
        var fitted = widths(low)
        var spare = budget - fitted.reduce(0, +)
        for column in fitted.indices.sorted(by: { natural[$0] > natural[$1] })
        where spare > 0 && fitted[column] < natural[column] {
            fitted[column] += 1
            spare -= 1
        }
        return fitted
    }
}
