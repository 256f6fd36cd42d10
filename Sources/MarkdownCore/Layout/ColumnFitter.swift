/// Chooses column widths for a table that must fit a width.
///
/// Columns start at their natural width (their widest cell on one line). When the table is too wide,
/// the widest columns are cut down to a common cap, the largest cap that fits, so narrow columns keep
/// their text on one line as long as possible; columns left over by rounding go back to the widest.
/// Returns nil when even `minimumColumnWidth` per column cannot fit.
struct ColumnFitter {
    static let minimumColumnWidth = 3

    /// Display columns that borders and padding take: `│ a │ b │` is 3 per column plus 1.
    static func overhead(columns: Int) -> Int { columns * 3 + 1 }

    static func fit(natural: [Int], available: Int) -> [Int]? {
        let widths = natural.map { max($0, 1) }
        guard !widths.isEmpty else { return [] }
        let budget = available - overhead(columns: widths.count)
        guard budget >= widths.count * minimumColumnWidth else { return nil }
        if widths.reduce(0, +) <= budget { return widths }

        func total(cap: Int) -> Int { widths.reduce(0) { $0 + min($1, cap) } }
        var low = minimumColumnWidth  // fits: guaranteed by the guard above
        var high = widths.max() ?? minimumColumnWidth  // does not fit
        while high - low > 1 {
            let middle = (low + high) / 2
            if total(cap: middle) <= budget { low = middle } else { high = middle }
        }
        var fitted = widths.map { min($0, low) }
        var spare = budget - fitted.reduce(0, +)
        for column in fitted.indices.sorted(by: { widths[$0] > widths[$1] }) where spare > 0 && widths[column] > fitted[column] {
            fitted[column] += 1
            spare -= 1
        }
        return fitted
    }
}
