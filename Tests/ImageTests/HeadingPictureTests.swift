import FoundationEssentials
import Testing

@testable import MarkdownCore

/// A picture in a heading (a README's `<h1><img …><br>Name</h1>` logo) is drawn above the heading's text.
@Suite struct HeadingPictureTests {
    static let renderer = MarkdownRenderer(
        capabilities: TerminalCapabilities(width: 40, colorDepth: .trueColor),
        images: LayoutPlacementTests.StubGraphic())

    static func lines(_ markdown: String) -> [StyledLine] {
        renderer.lines(for: markdown, baseDirectory: URL(fileURLWithPath: "/docs"))
    }

    @Test func aLogoInAHeadingIsDrawnAboveItsText() {
        let lines = Self.lines("<h1><img src=\"logo.png\" alt=\"Logo\"><br>Project</h1>\n")
        #expect(lines.first?.graphic != nil)
        #expect(!lines.map(\.plainText).joined().contains("[image: Logo]"))
        #expect(lines.contains { $0.plainText == "Project" })
    }

    @Test func theHeadingRuleSpansItsTextNotThePicture() {
        let lines = Self.lines("# ![Logo](logo.png) Name\n")
        #expect(lines.last?.plainText == "════")
    }

    @Test func noEmptyLineIsLeftBetweenAPictureAndTheLineBreakAfterIt() {
        let lines = Self.lines("<p><img src=\"logo.png\" alt=\"Logo\"><br>Project</p>\n")
        let pictureRows = 2
        #expect(lines.count == pictureRows + 1 && lines.last?.plainText == "Project")
    }

    @Test func aLevelThreeHeadingKeepsItsMarkerBeforeTheTextBelowThePicture() {
        let lines = Self.lines("### ![Logo](logo.png) Name\n")
        #expect(lines.last?.plainText == "### Name")
    }
}
