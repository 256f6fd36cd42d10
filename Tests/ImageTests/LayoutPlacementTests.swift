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

    /// kitty placeholder cells for a 3 × 2-cell picture, as the real encoder makes them.
    struct StubPlaceholders: ImageResolving, ResolvedImage {
        var canShowImages: Bool { true }
        func prefetch(_ images: [ImageReference], baseDirectory: URL?) {}
        func resolve(_ image: ImageReference, baseDirectory: URL?) -> (any ResolvedImage)? { self }
        func rows(availableColumns: Int) -> ImageRows? {
            let pixels = PixelImage(width: 30, height: 40, layout: .rgb, pixels: [UInt8](repeating: 200, count: 3600))
            return try? KittyGraphicsEncoder(
                placement: .unicodePlaceholders, cellWidth: 10, cellHeight: 20, makeID: { 0x0A_0B0C }
            ).encode(
                pixels, displaySize: PixelSize(width: 30, height: 40), footprint: CellFootprint(columns: 3, rows: 2))
        }
    }

    @Test func kittyPlaceholderRowsFollowListAndQuoteIndentationAndTheTextGoesOnBelow() throws {
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 40, colorDepth: .palette256), images: StubPlaceholders())
        let out = String(
            decoding: renderer.render("- item\n  - nested ![x](a.png) after\n\n> quoted ![y](b.png)\n"), as: UTF8.self)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let id = "\u{1B}[0;38;2;10;11;12m"  // the id stays 24-bit at 256 colours
        // Placeholder cells are clusters (U+10EEEE and two marks): look for the scalar.
        let placeholderLines = lines.filter { $0.unicodeScalars.contains("\u{10EEEE}") }
        try #require(placeholderLines.count == 4)
        #expect(placeholderLines[0].hasPrefix("    " + id) || placeholderLines[0].contains("◦ \u{1B}[0m" + id))
        #expect(placeholderLines[1].hasPrefix("    " + id))
        #expect(placeholderLines[3].contains("│ ") && placeholderLines[3].contains(id))
        // Each picture transmits once, on its first row, and the text after it starts on a line of its own.
        #expect(out.components(separatedBy: "\u{1B}_Ga=T,U=1,i=\(0x0A_0B0C)").count == 3)
        let afterIndex = lines.firstIndex { $0.contains("after") } ?? 0
        #expect(afterIndex > lines.firstIndex { $0 == placeholderLines[1] } ?? .max)
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
