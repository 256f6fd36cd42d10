import Testing

@testable import MarkdownCore

@Suite struct ColumnFitterTests {
    @Test func naturalWidthsWhenTheTableFits() {
        #expect(ColumnFitter.fit(natural: [5, 10, 3], available: 80) == [5, 10, 3])
    }

    @Test func shrinksTheWidestColumnFirst() {
        // Overhead for 3 columns is 10, so 40 columns leave 30 for text.
        let widths = ColumnFitter.fit(natural: [5, 40, 4], minimum: [5, 8, 4], available: 40)
        #expect(widths == [5, 21, 4])
    }

    @Test func sharesTheCutBetweenEquallyWideColumns() {
        let widths = ColumnFitter.fit(natural: [30, 30], minimum: [6, 6], available: 27)
        #expect(widths == [10, 10])
    }

    @Test func neverCutsAColumnBelowItsLongestWord() {
        // 76 - 16 overhead = 60 columns of text: the common cap is 11 (the 2 columns left by rounding go
        // to the widest columns), yet the columns whose longest words are 13 and 12 wide keep 13 and 12.
        let minimum = [9, 13, 8, 12, 10]
        let widths = ColumnFitter.fit(natural: [16, 15, 33, 12, 36], minimum: minimum, available: 76)
        #expect(widths == [11, 13, 12, 12, 12])
        let wide = ColumnFitter.fit(natural: [16, 15, 33, 12, 36], minimum: minimum, available: 100)
        #expect(wide == [16, 15, 20, 12, 21])
    }

    @Test func givesUpWhenOrdinaryWordsWouldBreak() {
        #expect(ColumnFitter.fit(natural: [20, 20, 20], minimum: [12, 12, 12], available: 40) == nil)
    }

    @Test func longWordsLikeURLsMayBreak() {
        let widths = ColumnFitter.fit(natural: [60, 10], minimum: [60, 5], available: 40)
        #expect(widths != nil)
        #expect(widths.map { $0.reduce(0, +) + ColumnFitter.overhead(columns: 2) <= 40 } == true)
    }

    @Test func fittedTableNeverExceedsTheWidth() {
        for available in 10...120 {
            let natural = [12, 50, 3, 27, 8]
            guard let widths = ColumnFitter.fit(natural: natural, minimum: [5, 9, 3, 7, 8], available: available) else {
                continue
            }
            #expect(widths.reduce(0, +) + ColumnFitter.overhead(columns: 5) <= available)
        }
    }

    @Test func givesUpWhenEvenMinimalColumnsCannotFit() {
        #expect(ColumnFitter.fit(natural: Array(repeating: 5, count: 300), available: 80) == nil)
    }
}
