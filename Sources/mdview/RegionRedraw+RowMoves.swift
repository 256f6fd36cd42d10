import MarkdownCore

/// Which drawn rows moved, and where, between what a live region shows and what it should show: rows
/// that left at the top, and rows that came in above rows that stay (`RegionRedraw` moves them with
/// `CSI n M` and `CSI n L` instead of rewriting them).
extension RegionRedraw {
    /// Where rows came in above drawn rows that stay: the run of drawn rows `row..<end` (showing
    /// something) that ends `wanted`, `count` rows lower, when moving it there spares more bytes than the
    /// rows it moves away from cells that already match; nil otherwise. Drawn rows after the run are not
    /// wanted there (a line shown below a table before it read as the table's next row).
    static func insertion(_ drawn: [StyledLine], _ wanted: [StyledLine]) -> (row: Int, end: Int, count: Int)? {
        guard let last = wanted.last, !last.spans.isEmpty else { return nil }
        // What writing a row costs, roughly: its text and a style sequence per span.
        func weight(_ line: StyledLine) -> Int { line.spans.reduce(0) { $0 + $1.text.utf8.count + 20 } }
        var best: (row: Int, end: Int, count: Int)?
        var bestSaving = 16
        for end in stride(from: drawn.count, to: 0, by: -1) where drawn[end - 1] == last {
            var kept = 1
            while kept < end, kept < wanted.count, drawn[end - 1 - kept] == wanted[wanted.count - 1 - kept] {
                kept += 1
            }
            let row = end - kept
            let count = wanted.count - end
            guard count > 0 else { continue }
            let spared = drawn[row..<end].reduce(0) { $0 + weight($1) }
            let lost = (row..<min(drawn.count, wanted.count)).reduce(0) {
                $0 + (drawn[$1] == wanted[$1] ? weight(drawn[$1]) : 0)
            }
            if spared - lost > bestSaving {
                best = (row, end, count)
                bestSaving = spared - lost
            }
        }
        return best
    }

    /// How many rows the drawn rows moved up by in `wanted` (`drawn[shift + i] == wanted[i]`), or down by
    /// (a negative shift, at most `mostDown` rows), when that keeps more rows than leaving them in place;
    /// 0 otherwise.
    static func bestShift(_ drawn: [StyledLine], _ wanted: [StyledLine], mostDown: Int = 0) -> Int {
        func kept(_ shift: Int) -> Int {
            var count = 0
            for row in max(0, -shift)..<min(drawn.count - shift, wanted.count) where drawn[row + shift] == wanted[row] {
                count += 1
            }
            return count
        }
        var best = 0
        var bestKept = kept(0)
        // A shift keeps at most the rows left after it: stop once that cannot beat the best.
        var shift = 1
        while shift < drawn.count, drawn.count - shift > bestKept + 1 {
            let count = kept(shift)
            if count > bestKept + 1 {
                best = shift
                bestKept = count
            }
            shift += 1
        }
        shift = 1
        while shift <= mostDown, min(drawn.count, wanted.count - shift) > bestKept + 1 {
            let count = kept(-shift)
            if count > bestKept + 1 {
                best = -shift
                bestKept = count
            }
            shift += 1
        }
        return best
    }
}
