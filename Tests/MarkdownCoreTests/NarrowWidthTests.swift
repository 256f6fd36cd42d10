import FoundationEssentials
import Testing

@testable import MarkdownCore

/// mdview accepts widths from 4: at every width, every construct degrades (markers and titles break,
/// containers stop indenting) so that no line is wider than the width, with colour and without.
@Suite struct NarrowWidthTests {
    static let widths = Array(4...12)

    /// Lines of `lines` wider than `width`, by the display width of their spans.
    static func overlong(_ lines: [StyledLine], width: Int) -> [String] {
        lines.filter { line in line.spans.reduce(0) { $0 + DisplayWidth.of($1.text) } > width }.map(\.plainText)
    }

    @Test(arguments: GoldenFile.fixtures, widths)
    func everyGoldenFixtureFitsPlain(name: String, width: Int) throws {
        let lines = GoldenRendering.lines(try GoldenFile.fixture(name), .init(width: width, colorDepth: .none))
        let output = GoldenRendering.plainText(lines)
        #expect(LayoutInvariants.overlongLines(output, width: width).isEmpty, "\(name) at \(width):\n\(output)")
    }

    @Test(arguments: GoldenFile.fixtures, widths)
    func everyGoldenFixtureFitsInColour(name: String, width: Int) throws {
        let variant = GoldenRendering.Variant(
            width: width, colorDepth: .trueColor, hyperlinks: true, highlighting: true, images: true)
        let lines = GoldenRendering.lines(try GoldenFile.fixture(name), variant)
        #expect(
            Self.overlong(lines, width: width).isEmpty, "\(name) at \(width): \(Self.overlong(lines, width: width))")
    }

    static let constructs: [(markdown: String, width: Int)] = [
        ("9999. item", 4), ("999999. [ ] task", 10), ("0) [x] done", 5), ("- [x] done", 4),
        ("note[^1]\n\n[^1]: the footnote", 4), ("note[^1]\n\n[^1]: the footnote", 8),
        ("###### six", 4), ("> > > > deep quote", 4), ("```python\ncode\n```", 4),
        ("---\nfront: matter\n---\nbody", 4), ("| a | b |\n|---|---|\n| 1 | 2 |", 4),
        (
            (1...12).map { "[^\($0)]" }.joined(separator: " ") + "\n\n"
                + (1...12).map { "[^\($0)]: n\($0)" }.joined(separator: "\n"), 4
        ),
    ]

    @Test(arguments: 0..<constructs.count)
    func constructFitsItsNarrowWidth(index: Int) {
        let (markdown, width) = Self.constructs[index]
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: width)).render(markdown), as: UTF8.self)
        #expect(LayoutInvariants.overlongLines(output, width: width).isEmpty, "\(markdown) at \(width):\n\(output)")
    }

    @Test func brokenMarkerKeepsItsNumber() {
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: 4)).render("9999. item"), as: UTF8.self)
        #expect(output.filter { !$0.isWhitespace } == "9999.item")
    }

    @Test func taskBoxIsNeverSplit() {
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: 10)).render("999999. [ ] task"), as: UTF8.self)
        #expect(output == "999999.\n[ ]\ntask\n")
    }

    @Test func footnotesTitleKeepsItsLetters() {
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: 5)).render("a[^1]\n\n[^1]: b"), as: UTF8.self)
        #expect(output.filter { !$0.isWhitespace && $0 != "─" }.contains("Footnotes"))
    }
}
