import Testing

@testable import MarkdownCore
@testable import MarkdownImages

@Suite struct SizerTests {
    let context = SizingContext(availableColumns: 80, cellWidth: 10, cellHeight: 20, terminalRows: 40)

    @Test func byWidthShrinksWideImagesToTheAvailableWidth() {
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 1600, height: 400), in: context)
        #expect(size == PixelSize(width: 800, height: 200))
        #expect(CellFootprint(covering: size, cellWidth: 10, cellHeight: 20) == CellFootprint(columns: 80, rows: 10))
    }

    @Test func byWidthNeverEnlargesTinyImages() {
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 16, height: 16), in: context)
        #expect(size == PixelSize(width: 16, height: 16))
        #expect(CellFootprint(covering: size, cellWidth: 10, cellHeight: 20) == CellFootprint(columns: 2, rows: 1))
    }

    @Test func byWidthLeavesTallImagesTall() {
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 400, height: 3000), in: context)
        #expect(size == PixelSize(width: 400, height: 3000))
    }

    @Test func byHeightFitsTheTerminalMinusAFewRows() {
        let size = AspectScaleDownByHeight().displaySize(
            for: "x", natural: PixelSize(width: 400, height: 3000), in: context)
        #expect(size.height == 37 * 20)
        #expect(size.width == Int((400.0 * 740 / 3000).rounded()))
        let fixed = AspectScaleDownByHeight(maxRows: 5).displaySize(
            for: "x", natural: PixelSize(width: 1000, height: 1000), in: context)
        #expect(fixed == PixelSize(width: 100, height: 100))
    }

    @Test func byHeightStillClipsToTheWidth() {
        let size = AspectScaleDownByHeight().displaySize(
            for: "x", natural: PixelSize(width: 5000, height: 100), in: context)
        #expect(size == PixelSize(width: 800, height: 16))
    }

    @Test func naturalSizePassesThroughButNeverOverflows() {
        #expect(
            NaturalSize().displaySize(for: "x", natural: PixelSize(width: 300, height: 200), in: context)
                == PixelSize(width: 300, height: 200))
        let huge = NaturalSize().displaySize(for: "x", natural: PixelSize(width: 16_000, height: 9_000), in: context)
        #expect(huge == PixelSize(width: 800, height: 450))
    }

    @Test func insideANestedListTheIndentedWidthBinds() {
        let nested = SizingContext(availableColumns: 80 - 2 - 4 - 4, cellWidth: 10, cellHeight: 20)
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 1600, height: 800), in: nested)
        #expect(size == PixelSize(width: 700, height: 350))
        #expect(CellFootprint(covering: size, cellWidth: 10, cellHeight: 20).columns <= 70)
    }

    @Test func htmlWidthAttributeBoundsTheSize() {
        var bounded = context
        bounded.boundWidth = 200
        let size = AspectScaleDownByWidth().displaySize(
            for: "x", natural: PixelSize(width: 1000, height: 500), in: bounded)
        #expect(size == PixelSize(width: 200, height: 100))
    }
}
