import FoundationEssentials
import MarkdownCore
import TestSupport
import Testing

/// Every fixture in `Golden/*.md` at width 80 with hyperlinks on (relative links resolved against
/// `/fixtures`), code blocks coloured by the stub
/// highlighter and images drawn by the stub image renderer (so layout is tested alone), at 16, 256 and
/// 24-bit colour in both themes: one golden file per fixture, `Golden/Matrix/<name>.markup`, holding
/// the six variants one after another, each under a line `{variant <depth> <theme>}`.
@Suite struct MatrixGoldenTests {
    static let width = 80

    static let depths: [(name: String, depth: ColorDepth)] = [
        ("16", .ansi16), ("256", .palette256), ("24-bit", .trueColor),
    ]
    static let themes: [(name: String, theme: Theme)] = [("dark", .dark), ("light", .light)]

    @Test(arguments: GoldenFile.fixtures)
    func everyConstructMatchesItsGoldenAtEachColourDepthInBothThemes(name: String) throws {
        let markdown = try GoldenFile.fixture(name)
        var text = ""
        for (themeName, theme) in Self.themes {
            for (depthName, depth) in Self.depths {
                let variant = GoldenRendering.Variant(
                    width: Self.width, colorDepth: depth, theme: theme, hyperlinks: true, highlighting: true,
                    images: true, baseDirectory: URL(fileURLWithPath: "/fixtures"))
                text += "{variant \(depthName) \(themeName)}\n"
                text += StyledLineMarkup(colorDepth: depth).text(GoldenRendering.lines(markdown, variant))
            }
        }
        try GoldenFile.expect(text, matches: "Matrix/\(name).markup")
    }

    @Test func everyGoldenFileBelongsToAFixture() {
        let directory = GoldenFile.directory.appendingPathComponent("Matrix")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(Set(files) == Set(GoldenFile.fixtures.map { "\($0).markup" }))
    }

    @Test func theStubsAreUsed() throws {
        let variant = GoldenRendering.Variant(
            width: Self.width, colorDepth: .trueColor, hyperlinks: true, highlighting: true, images: true)
        let lines = GoldenRendering.lines(
            "![x](x.png)\n\n```python\nreturn 42\n```\n\n[a](https://a.example)\n", variant)
        let markup = StyledLineMarkup(colorDepth: .trueColor).text(lines)
        #expect(markup.contains("▀▀▀▀▀▀"))
        #expect(lines.contains { $0.spans.contains { $0.text == "42" } })
        #expect(markup.contains("link=https://a.example"))
    }
}
