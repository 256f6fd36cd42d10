import Testing
@testable import MarkdownCore

@Suite struct ColumnFitterTests {
    @Test func naturalWidthsWhenTheTableFits() {
        #expect(ColumnFitter.fit(natural: [5, 10, 3], available: 80) == [5, 10, 3])
    }

    @Test func shrinksTheWidestColumnFirst() {
        // Overhead for 3 columns is 10, so 40 columns leave 30 for text.
        let widths = ColumnFitter.fit(natural: [5, 40, 4], available: 40)
        #expect(widths == [5, 21, 4])
    }

    @Test func sharesTheCutBetweenEquallyWideColumns() {
        let widths = ColumnFitter.fit(natural: [30, 30], available: 27)
        #expect(widths.map { $0.reduce(0, +) } == 20)
        #expect(widths == [10, 10])
    }

    @Test func fittedTableNeverExceedsTheWidth() {
        for available in 10...120 {
            let natural = [12, 50, 3, 27, 8]
            guard let widths = ColumnFitter.fit(natural: natural, available: available) else { continue }
            #expect(widths.reduce(0, +) + ColumnFitter.overhead(columns: 5) <= available)
        }
    }

    @Test func givesUpWhenEvenMinimalColumnsCannotFit() {
        #expect(ColumnFitter.fit(natural: Array(repeating: 5, count: 300), available: 80) == nil)
    }
}
