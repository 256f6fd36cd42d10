import FoundationEssentials
import MarkdownCore
import TestSupport
import Testing

/// Every construct in `Golden/*.md` at widths 40 and 80: plain text (`<name>.w40.plain.txt`, what
/// `--color never` prints) and styled lines in 24-bit colour as markup (`<name>.w40.markup`, see
/// `StyledLineMarkup`). `make golden` rewrites them, and that run fails.
@Suite struct GoldenOutputTests {
    @Test func goldenInputsExist() {
        #expect(GoldenFile.fixtures.count >= 10)
    }

    @Test(arguments: GoldenFile.fixtures, [40, 80])
    func plainOutputMatchesGoldenText(name: String, width: Int) throws {
        let lines = GoldenRendering.lines(try GoldenFile.fixture(name), .init(width: width, colorDepth: .none))
        try GoldenFile.expect(GoldenRendering.plainText(lines), matches: "\(name).w\(width).plain.txt")
    }

    @Test(arguments: GoldenFile.fixtures, [40, 80])
    func colourOutputMatchesGoldenMarkup(name: String, width: Int) throws {
        let lines = GoldenRendering.lines(try GoldenFile.fixture(name), .init(width: width, colorDepth: .trueColor))
        try GoldenFile.expect(
            StyledLineMarkup(colorDepth: .trueColor).text(lines), matches: "\(name).w\(width).markup")
    }
}
