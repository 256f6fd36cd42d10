import FoundationEssentials
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// README badges where pictures are shown: side by side, one text line high, one graphic per row.
@Suite struct BadgeRowTests {
    let server = TestServer.shared

    func badges(_ count: Int) -> [ImageReference] {
        (0..<count).map {
            ImageReference(sources: [server.url("/img/badge-build-passing.svg" + unique())], alt: "b\($0)")
        }
    }

    @Test func badgesAreComposedIntoOneRowOneLineHighWithAOneCellGap() throws {
        let composer = BadgeRowComposer(cellWidth: 10, cellHeight: 20)
        let badge = PixelImage(
            width: 88, height: 40, layout: .rgba, pixels: [UInt8](repeating: 255, count: 88 * 40 * 4))
        let rows = composer.rows([badge, badge, badge], availableColumns: 40)
        try #require(rows.count == 1)
        // 88 × 40 scaled to one 20-pixel line: 44 × 20, five cells; starts at cells 0, 6, 12.
        #expect(rows[0].width == 120 + 44 && rows[0].height == 20)
        #expect(rows[0].pixels[(10 * rows[0].width + 50) * 4 + 3] == 0)  // the gap is transparent
        #expect(composer.rows([badge, badge, badge], availableColumns: 12).count == 2)
    }

    @Test func aRowOfSVGBadgesIsOneSixelGraphicOneLineHigh() throws {
        let refs = badges(3)
        let (stage, _) = makeRenderer(refs, output: .sixel)
        let resolved = refs.compactMap { stage.resolver.resolve($0, baseDirectory: nil) }
        try #require(resolved.count == 3)
        let rows = try #require(resolved[0].badgeRows(followedBy: Array(resolved.dropFirst()), availableColumns: 40))
        try #require(rows.count == 1)
        guard case .graphic(let graphic) = rows[0] else {
            Issue.record("expected a graphic")
            return
        }
        // 88 × 20 badges in 10 × 20 cells: 9 columns each, one between: 29 columns, one row.
        #expect(graphic.rows == 1 && graphic.columns == 29)
        // Narrower than the three: two rows.
        #expect(resolved[0].badgeRows(followedBy: Array(resolved.dropFirst()), availableColumns: 25)?.count == 2)
    }

    @Test func halfBlocksKeepTextBadgesAndDoNotLoadThem() throws {
        let refs = badges(1)
        let (stage, _) = makeRenderer(refs, output: .halfBlocks)
        #expect(stage.resolver.resolve(refs[0], baseDirectory: nil) == nil)
        let pixels = PixelImage(width: 88, height: 20, layout: .rgba, pixels: [UInt8](repeating: 255, count: 88 * 80))
        let decoded = DecodedTerminalImage(
            reference: refs[0], pixels: pixels, configuration: .init(output: .halfBlocks))
        #expect(decoded.badgeRows(followedBy: [decoded], availableColumns: 40) == nil)
        // A picture that is not a badge is still loaded.
        let photo = ImageReference(sources: ["photo.png"], alt: "photo")
        #expect(makeRenderer([photo], output: .halfBlocks).0.rows(photo) != nil)
    }

    @Test func aParagraphOfBadgesRendersAsOneGraphicRowBetweenItsText() throws {
        let refs = badges(3)
        let (stage, _) = makeRenderer(refs, output: .sixel)
        let links = refs.map { "[![\($0.alt)](\($0.source))](https://example.com)" }.joined(separator: " ")
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor), images: stage.resolver)
        let out = String(decoding: renderer.render("before\n\n\(links)\n\nafter\n"), as: UTF8.self)
        #expect(out.components(separatedBy: "\u{1B}P").count == 2)  // one graphic
        #expect(out.contains("\u{1B}[1A\u{1B}[1G\u{1B}7\u{1B}P"))  // drawn over the one line reserved
        #expect(!out.contains("[b0]") && out.contains("before") && out.contains("after"))
    }
}
