import Testing

@testable import MarkdownCore

/// A large document is cut into sections at any top-level block boundary, not only before headings, so
/// that a document without headings is parsed and laid out a section at a time as well; every cut must
/// leave the parse unchanged.
@Suite struct SectionCutTests {
    /// Every kind of block that may end at a blank line, and the blocks that go on after one.
    static let headingFree = """
        A paragraph of prose
        over two lines.

        - a loose list

        - whose items follow blank lines

          and go on indented
        - tight again

        1. an ordered list

        2. that goes on after a blank line

        > a quote

        > and a second quote

            indented code

            more code after a blank line

        ```
        fenced code

        with a blank line in it
        ```

        | a | b |
        |---|---|
        | 1 | 2 |

        <div>
        html

        </div>

        $$
        x^2
        $$

        <!--
        a comment

        over blank lines
        -->

        Text[^n] after everything, with [a link][site].

        [^n]: A footnote
            over two lines.

        [site]: https://example.org

        * * *

        The end.

        """

    @Test(arguments: [1, 40, 200])
    func aDocumentWithoutHeadingsIsCutAndParsesAsTheWhole(sectionSize: Int) throws {
        let markdown = String(repeating: Self.headingFree, count: 3)
        let whole = DocumentConverter().wholeDocument(from: markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: sectionSize))
        #expect(sectioned == whole)
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: sectionSize))
        #expect(sections.sections.count > 3)
    }

    @Test func aLongRunOfParagraphsIsCutBetweenThem() throws {
        let markdown = (0..<200).map { "Paragraph \($0) with *some* words." }.joined(separator: "\n\n")
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 1_000))
        #expect(sections.sections.count >= 5)
        #expect(sections.sections.joined() == markdown)
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 1_000))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
    }

    /// A multi-line HTML block holds blank lines and lines that would start a block: no cut inside it.
    @Test(arguments: [
        ("<![CDATA[", "]]>"), ("<!--", "-->"), ("<?php", "?>"), ("<script>", "</script>"), ("<pre>", "</pre>"),
        ("<style>", "</style>"), ("<textarea>", "</textarea>"), ("<!DOCTYPE", ">"),
    ])
    func noCutFallsInsideAMultiLineHTMLBlock(start: String, end: String) throws {
        let block = "\(start)\nfirst line\n\n; after a blank line\n\nText after another\n\(end)\nokay\n\n"
        let markdown = String(repeating: block, count: 8)
        let sections = try #require(MarkdownSections(markdown, minimumSize: 0, sectionSize: 16))
        #expect(sections.sections.allSatisfy { $0.hasPrefix(start) })
        let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: 16))
        #expect(sectioned == DocumentConverter().wholeDocument(from: markdown))
    }

    /// A block opened by an indented line may be inside a list item, which a line in the first column
    /// ends: both readings are followed, and no cut falls where either is inside a literal block.
    @Test(arguments: [
        "- a\n  ```\n\nText\n\n```\ncode\n\nMore\n\nStill code\n```\n\nAfter\n",
        "- a\n\n  <!--\n\nText\n\n```\n-->\n\nInside fence\n```\n\nAfter\n",
        "  ```\ncode\n\nMore code in a fence indented two spaces\n  ```\n\nAfter\n",
        "<div>\n```\n</div>\n\n```\ncode\n\nStill code\n```\n\nAfter\n",
        "<span>text</span> and more\n```\ncode\n\nStill code\n```\n\nAfter\n",
        "- a\n  * inner\n  ~~~\n  code\n~~~\n\n# Inside the fence\n~~~\n\nAfter\n",
    ])
    func anIndentedLiteralBlockIsFollowedInEveryReading(block: String) throws {
        try expectSectionsParseAsTheWhole(String(repeating: block, count: 3))
    }

    /// A display formula takes its lines whole up to its closer or a blank line: a fence or HTML tag
    /// inside it opens nothing, and one that closes mid-line leaves the rest of the line to what follows.
    @Test(arguments: [
        "Intro\n\n$$\nx\n```\n$$\n\nAfter\n```\n", "Intro\n\n\\[\nx\n<!--\n\\]\n\nAfter\n-->\n",
        "Intro\n\n\\begin{align}\n\\begin{split}\n```\n\\end{split}\n```\n\\end{align}\n\nAfter\n```\n",
        "Intro\n\n$$\nx\n$$r\n\n# H\n", "Intro\n\n$$5 off\n```\ncode\n\nStill code\n```\n\nAfter\n",
        "Intro\n\n$$\nx\n\n```\ncode\n\nStill code\n```\n\nAfter\n",
    ])
    func aDisplayFormulaIsFollowedLikeALiteralBlock(block: String) throws {
        try expectSectionsParseAsTheWhole(String(repeating: block, count: 3))
    }

    /// Link reference definitions inside list items, quotes or after other blocks define for the whole
    /// document; lines that only look like one (code, a paragraph's continuation) define nothing.
    @Test(arguments: [
        "- [a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "- item\n- [a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "> [a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "# Heading\n[a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "    [a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "text\n[a]: /x\n\nText\n\nUses [a] here.\n\nEnd\n",
        "```\n[a]: /x\n```\n\nText\n\nUses [a] here.\n\nEnd\n",
    ])
    func aDefinitionCountsWhereverCmarkReadsOne(block: String) throws {
        try expectSectionsParseAsTheWhole(
            block + "\nMore text.\n\n" + block.replacingOccurrences(of: "[a]", with: "[b]"))
    }

    /// A definition in the last section is checked by parsing that section with probes after it; a
    /// fence or HTML block the document leaves open at its end must not swallow them.
    @Test(arguments: ["```\ncode", "  ~~~~\ncode\n~~~", "<!--\ncomment", "<script>\nx"])
    func aDefinitionBeforeABlockLeftOpenAtTheEndCounts(openBlock: String) throws {
        try expectSectionsParseAsTheWhole(
            "Uses [a] here.\n\nText\n\n> [a]: /x\n" + openBlock + "\n")
    }

    private func expectSectionsParseAsTheWhole(_ markdown: String) throws {
        let whole = DocumentConverter().wholeDocument(from: markdown)
        for size in [1, 8, 20] {
            let sectioned = try #require(DocumentConverter().documentInSections(from: markdown, sectionSize: size))
            #expect(sectioned == whole, "sections of \(size) bytes")
        }
    }

    @Test(arguments: ["Text", "> quote", "| a |", "<div>", "# Heading", "```", "=== text", "$$", "_under_"])
    func linesInTheFirstColumnStartABlock(line: String) {
        #expect(MarkdownSections.startsTopLevelBlock(line[...]))
    }

    @Test(arguments: [
        "- item", "+ item", "* item", "* * *", "2. item", "10) item", "  indented", "\tcode", "[a]: /url",
        "[^1]: note", "",
    ])
    func linesThatMayContinueAListOrDefineAreNoCuts(line: String) {
        #expect(!MarkdownSections.startsTopLevelBlock(line[...]))
    }

    @Test func aDocumentWithoutHeadingsRendersSectionBySectionAsAWhole() {
        let markdown = String(repeating: Self.headingFree, count: 4)
        let whole = MarkdownRenderer(capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor))
        var sectioned = whole
        sectioned.sectioning = (minimum: 0, section: 300)
        var bytes: [UInt8] = []
        let summary = sectioned.render(markdown) { bytes += $0 }
        #expect(summary.timings.parts > 4)
        #expect(bytes == whole.render(markdown))
    }
}
