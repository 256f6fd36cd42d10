import Testing

@testable import MarkdownCore

/// A tab in a document never reaches the terminal: prose (paragraphs, headings, list items, table
/// cells, link and image text, inline HTML) shows it as one space, as code spans do; code blocks, HTML
/// blocks and front matter expand it to 4-column stops. With colour on and off.
@Suite struct TabExpansionTests {
    static let depths: [ColorDepth] = [.none, .trueColor]

    static func render(
        _ markdown: String, width: Int, depth: ColorDepth, html: ParseOptions.HTMLMode = .render
    ) -> [UInt8] {
        var renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: width, colorDepth: depth, hyperlinks: true))
        renderer.parseOptions.html = html
        return renderer.render(markdown)
    }

    /// The output with mdview's own SGR and OSC 8 sequences removed, as text.
    static func visibleText(_ bytes: [UInt8]) -> String {
        String(decoding: EscapeSafetyTests.strippingOwnSequences(bytes), as: UTF8.self)
    }

    static func controlBytes(_ bytes: [UInt8]) -> [UInt8] {
        EscapeSafetyTests.strippingOwnSequences(bytes).filter { $0 < 0x20 && $0 != 0x0A }
    }

    static let constructs: [String] = [
        "para\twith\ttabs", "# heading\twith\ttab", "## setext\ttab\n", "- item\twith tab", "1. ordered\ttab",
        "- [ ] task\ttab", "> quote\ttab", "*em\ttab* **strong\ttab** ~~del\ttab~~", "[link\ttext](http://x.org)",
        "[link](http://x.org \"title\ttab\")", "![alt\ttext](img.png)", "a <span\ttitle=\"x\">inline\thtml</span>",
        "<div>\n\tblock\thtml\n</div>", "| a\tb | c |\n|---|---|\n| x\ty | z\tw |", "note[^1]\n\n[^1]: foot\tnote",
        "---\nfront:\tmatter\n---\nbody", "```\ncode\tblock\n```", "`code\tspan`", "line\\\nbreak\ttab",
    ]

    @Test(arguments: constructs, depths)
    func noTabOrControlByteReachesTheOutput(markdown: String, depth: ColorDepth) {
        let bytes = Self.render(markdown, width: 40, depth: depth)
        #expect(Self.controlBytes(bytes).isEmpty, "\(markdown.debugDescription): \(Self.visibleText(bytes))")
    }

    @Test(arguments: depths)
    func tabSeparatedWordsWrapAtTheWidth(depth: ColorDepth) {
        let text = Self.visibleText(Self.render("x\ty\tz\tw\tv\tu\tt", width: 20, depth: depth))
        #expect(text == "x y z w v u t\n")
    }

    @Test(arguments: depths)
    func tabsInAParagraphWrapLikeSpaces(depth: ColorDepth) {
        let words = (0..<12).map { "word\($0)" }
        let text = Self.visibleText(Self.render(words.joined(separator: "\t"), width: 20, depth: depth))
        let spaced = Self.visibleText(Self.render(words.joined(separator: " "), width: 20, depth: depth))
        #expect(text == spaced)
    }

    @Test(arguments: depths)
    func tableRowWithTabsKeepsItsBorders(depth: ColorDepth) {
        let markdown = "| name | value |\n|---|---|\n| a\tb\tc | 1\t2 |\n"
        let text = Self.visibleText(Self.render(markdown, width: 40, depth: depth))
        let lines = text.split(separator: "\n")
        let widths = Set(lines.map { DisplayWidth.of($0) })
        #expect(widths.count == 1, "rows of different widths:\n\(text)")
        #expect(text.contains("│ a b c │ 1 2   │"), "\(text)")
    }

    @Test(arguments: depths)
    func headingRuleMatchesTheTextWithTabs(depth: ColorDepth) {
        let text = Self.visibleText(Self.render("a\tb\n===", width: 40, depth: depth))
        #expect(text == "a b\n═══\n")
    }

    @Test(arguments: depths)
    func rawHTMLBlockExpandsTabsToStops(depth: ColorDepth) {
        let text = Self.visibleText(Self.render("<div>\ta</div>", width: 40, depth: depth, html: .raw))
        #expect(text == "<div>   a</div>\n")
    }

    @Test(arguments: depths)
    func interpretedHTMLShowsATabAsASpace(depth: ColorDepth) {
        let text = Self.visibleText(Self.render("<div>a\tb</div>", width: 40, depth: depth))
        #expect(text == "a b\n")
    }

    @Test func wrapperNeverEmitsATab() {
        let lines = TextWrapper(width: 10).wrap([Span("a\tb\tc"), Span("\td", style: Style(bold: true))])
        #expect(lines.allSatisfy { line in line.allSatisfy { !$0.text.contains("\t") } })
        #expect(lines.map { $0.map(\.text).joined() } == ["a b c d"])
    }
}
