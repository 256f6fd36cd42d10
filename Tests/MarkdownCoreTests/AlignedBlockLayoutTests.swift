import Testing

@testable import MarkdownCore

/// Blocks that HTML aligns (`<p align="right">`, `<div align="center">`) are moved right by the columns
/// their lines leave free, measured as the terminal shows them.
@Suite struct AlignedBlockLayoutTests {
    /// The width of each laid-out line as the terminal shows it.
    static func lineWidths(_ markdown: String, width: Int) -> [Int] {
        let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: width, colorDepth: .trueColor))
        return renderer.lines(for: markdown).map { DisplayWidth.of($0.plainText) }
    }

    @Test func aRightAlignedLineEndsAtTheLastColumn() {
        #expect(Self.lineWidths("<p align=\"right\">end</p>\n", width: 20) == [20])
    }

    @Test func aCentredLineHasEqualMargins() {
        #expect(Self.lineWidths("<p align=\"center\">middle</p>\n", width: 20) == [13])
    }

    /// A bold `3` and the keycap marks after it are two spans but one two-column picture.
    @Test func aKeycapSplitBetweenSpansIsMeasuredWhole() {
        #expect(Self.lineWidths("<p align=\"right\"><b>3</b>&#xFE0F;&#x20E3; x</p>\n", width: 30) == [30])
        #expect(Self.lineWidths("<div align=\"right\">\n\n**#**\u{20E3}\n\n</div>\n", width: 30) == [30])
    }
}
