import FoundationEssentials
import Testing

@testable import MarkdownCore
@testable import MarkdownImages

/// Where pictures land once layout and the writer place them: after the indentation of lists and quotes.
@Suite struct LayoutPlacementTests {
    struct StubGraphic: ImageResolving, ResolvedImage {
        var canShowImages: Bool { true }
        func prefetch(_ images: [ImageReference], baseDirectory: URL?) {}
        func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? { self }
        func rows(availableColumns: Int) -> ImageRows? {
            .graphic(Graphic(payload: Array("\u{1B}Pq#0~\u{1B}\\".utf8), columns: 3, rows: 2))
        }
    }

    @Test func sixelGraphicsStartAfterListAndQuoteIndentation() {
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor),
            images: StubGraphic())
        let out = String(
            decoding: renderer.render("- item\n  - nested ![x](a.png)\n\n> quoted ![y](b.png)\n"), as: UTF8.self)
        #expect(out.contains("\u{1B}[2A\u{1B}[5G\u{1B}7\u{1B}Pq"))  // nested list: 4 columns of indentation
        #expect(out.contains("\u{1B}[2A\u{1B}[3G\u{1B}7\u{1B}Pq"))  // quote: "│ "
    }

    @Test func halfBlockRowsAreIndentedAndSizedByTheFootprint() throws {
        let ref = ImageReference(sources: ["wide.png"], alt: "wide")
        let (images, _) = makeRenderer([ref])
        let options = LayoutOptions(width: 40, showsImages: true)
        let resolved = try #require(images.resolver.resolve(ref, baseDirectory: images.baseDirectory))
        let document = Document(blocks: [
            .list(
                ListBlock(
                    kind: .bullet, isTight: true,
                    items: [
                        ListItem(blocks: [
                            .paragraph([.text("a")]),
                            .list(
                                ListBlock(
                                    kind: .bullet, isTight: true,
                                    items: [
                                        ListItem(blocks: [.paragraph([.image(ref)])])
                                    ])),
                        ])
                    ]))
        ])
        let resources = ResolvedResources(images: [ref: resolved])
        let lines = DocumentLayout(options: options, resources: resources).lines(for: document).map(\.plainText)
        // 300×100 px in 36 columns of 10 px: 30 columns × 5 rows, after 4 columns of indentation.
        let rows = lines.filter { $0.contains("▀") }
        #expect(rows.count == 5)
        let blocks = String(repeating: "▀", count: 30)
        #expect(rows == ["  ◦ " + blocks] + Array(repeating: "    " + blocks, count: 4), "\(lines)")
    }
}
