import Testing

@testable import MarkdownCore

/// `--html render`: the HTML GitHub allows in Markdown becomes the Markdown it stands for.
@Suite struct HTMLInterpreterTests {
    private func blocks(_ markdown: String, html: ParseOptions.HTMLMode = .render) -> [Block] {
        DocumentConverter(options: ParseOptions(html: html)).document(from: markdown).blocks
    }

    private func inlines(_ markdown: String) -> [Inline] {
        guard case .paragraph(let inlines)? = blocks(markdown).first else { return [] }
        return inlines
    }

    @Test func alignedParagraphIsCentred() {
        #expect(blocks("<p align=\"center\">\n  Hello\n</p>") == [.aligned(.center, [.paragraph([.text("Hello")])])])
    }

    /// A closing tag that opens the document closes nothing and hides nothing: the blocks and HTML
    /// after it are kept (libxml2 alone would drop everything after it).
    @Test func aStrayClosingTagFirstKeepsEverythingAfterIt() {
        #expect(
            blocks("</div>\n\ntext\n\n<p>para</p>\n\nlast") == [
                .paragraph([.text("text")]), .paragraph([.text("para")]), .paragraph([.text("last")]),
            ])
    }

    @Test func alignedHeadingIsRightAligned() {
        #expect(blocks("<h2 align=\"right\">Title</h2>") == [.aligned(.right, [.heading(level: 2, [.text("Title")])])])
    }

    @Test func inlineTagsBecomeMarkdownInlines() {
        #expect(
            inlines("<b>b</b> <i>i</i> <s>s</s> <code>c</code>") == [
                .strong([.text("b")]), .text(" "), .emphasis([.text("i")]), .text(" "), .strikethrough([.text("s")]),
                .text(" "), .code("c"),
            ])
    }

    @Test func markupTagsBecomeMarkedInlines() {
        #expect(
            inlines("<kbd>K</kbd><sup>2</sup><sub>3</sub><u>u</u><ins>i</ins><mark>m</mark><small>s</small>") == [
                .marked(.keyboard, [.text("K")]), .marked(.superscript, [.text("2")]),
                .marked(.subscript, [.text("3")]), .marked(.underline, [.text("u")]),
                .marked(.underline, [.text("i")]), .marked(.highlight, [.text("m")]), .marked(.small, [.text("s")]),
            ])
    }

    @Test func breakAndLinkAndSpan() {
        #expect(
            inlines("a<br>b <a href=\"https://x.org\">x</a> <span>s</span>") == [
                .text("a"), .lineBreak, .text("b "), .link(Link(destination: "https://x.org", content: [.text("x")])),
                .text(" s"),
            ])
    }

    @Test func markdownInsideInlineTagsKeepsItsMeaning() {
        #expect(inlines("<b>*x*</b>") == [.strong([.emphasis([.text("x")])])])
    }

    @Test func commentsAreHidden() {
        #expect(inlines("a <!-- hidden --> b") == [.text("a b")])
        #expect(blocks("<!-- hidden -->\n\ntext") == [.paragraph([.text("text")])])
    }

    @Test(arguments: ["script", "style", "template", "title", "textarea"])
    func droppedElementsLoseTheirContent(element: String) {
        #expect(blocks("<\(element)>gone</\(element)>\n\nkept") == [.paragraph([.text("kept")])])
        #expect(inlines("a <\(element)>gone</\(element)> b") == [.text("a b")])
    }

    @Test func unknownTagsKeepTheirText() {
        #expect(blocks("<custom-thing>kept</custom-thing>") == [.paragraph([.text("kept")])])
    }

    @Test func entitiesAreDecoded() {
        #expect(blocks("<p>&amp; &lt;x&gt; &copy;</p>") == [.paragraph([.text("& <x> ©")])])
    }

    @Test func detailsHoldTheMarkdownUpToTheirClosingTag() {
        #expect(
            blocks("<details>\n<summary>More</summary>\n\n- a\n- b\n\n</details>\n\nafter") == [
                .details(
                    summary: [.text("More")],
                    [
                        .list(
                            ListBlock(
                                kind: .bullet, isTight: true,
                                items: [
                                    ListItem(blocks: [.paragraph([.text("a")])]),
                                    ListItem(blocks: [.paragraph([.text("b")])]),
                                ]))
                    ]),
                .paragraph([.text("after")]),
            ])
    }

    @Test func alignedDivHoldsTheMarkdownBetweenItsTags() {
        #expect(
            blocks("<div align=\"center\">\n\n**Bold**\n\n</div>")
                == [.aligned(.center, [.paragraph([.strong([.text("Bold")])])])])
    }

    @Test func htmlTableBecomesATableWithHeaderAndAlignment() {
        let html = "<table><tr><th>A</th><th align=\"right\">B</th></tr><tr><td>1</td><td>2</td></tr></table>"
        #expect(
            blocks(html) == [
                .table(
                    Table(
                        alignments: [.none, .right], header: [[.text("A")], [.text("B")]],
                        rows: [[[.text("1")], [.text("2")]]]))
            ])
    }

    @Test func htmlListsBecomeLists() {
        #expect(
            blocks("<ol start=\"3\"><li>c</li><li>d</li></ol>") == [
                .list(
                    ListBlock(
                        kind: .ordered(start: 3), isTight: true,
                        items: [
                            ListItem(blocks: [.paragraph([.text("c")])]), ListItem(blocks: [.paragraph([.text("d")])]),
                        ]))
            ])
    }

    @Test func definitionListKeepsTermsAndDescriptions() {
        #expect(
            blocks("<dl><dt>T</dt><dd>D</dd></dl>")
                == [.definitionList([.term([.text("T")]), .description([.paragraph([.text("D")])])])])
    }

    @Test func preWithLanguageClassBecomesACodeBlock() {
        #expect(
            blocks("<pre><code class=\"language-swift\">let x = 1\n  y</code></pre>")
                == [.codeBlock(CodeBlock(info: "swift", code: "let x = 1\n  y", isFenced: true))])
    }

    /// An unclosed quote reads the class on past a line break: the language ends at any white space,
    /// so no line break reaches the code block's header (found streaming `class="language-p`).
    @Test func aLanguageClassEndsAtAnyWhiteSpace() {
        #expect(
            blocks("<pre><code class=\"language-py\nhighlight\tx\">a</code></pre>")
                == [.codeBlock(CodeBlock(info: "py", code: "a", isFenced: true))])
    }

    @Test func anUnclosedClassAttributeLeavesNoLineBreakInTheLaidOutLines() {
        let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor))
        let lines = renderer.lines(for: "<hr>\n\n<pre><code class=\"language-p\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { !$0.plainText.contains("\n") }, "\(lines.map(\.plainText))")
    }

    @Test func aFenceLanguageIsTheInfoStringsFirstWordWhateverWhiteSpaceEndsIt() {
        #expect(CodeBlock(info: "py\nthon", code: "", isFenced: true).language == "py")
        #expect(CodeBlock(info: "swift {.x}", code: "", isFenced: true).language == "swift")
    }

    @Test func horizontalRuleAndQuote() {
        #expect(blocks("<hr>") == [.thematicBreak])
        #expect(blocks("<blockquote>q</blockquote>") == [.blockQuote([.paragraph([.text("q")])])])
    }

    @Test func imagesAndPicturesGoToTheImageStage() {
        let html = """
            <picture><source media="(prefers-color-scheme: dark)" srcset="dark.png 1x">\
            <img src="light.png" alt="Logo" width="200"></picture>
            """
        #expect(
            blocks(html) == [
                .paragraph([.image(ImageReference(sources: ["dark.png", "light.png"], alt: "Logo", width: 200))])
            ])
    }

    @Test func alignedImageAloneIsAligned() {
        #expect(
            blocks("<img src=\"a.png\" alt=\"A\" align=\"center\">")
                == [.aligned(.center, [.paragraph([.image(ImageReference(sources: ["a.png"], alt: "A"))])])])
    }

    @Test func rawModeKeepsTheHTML() {
        guard case .htmlBlock(let block)? = blocks("<p>x</p>", html: .raw).first else {
            Issue.record("expected an HTML block")
            return
        }
        #expect(block.html == "<p>x</p>")
    }

    @Test func stripModeKeepsTextWithoutTags() {
        #expect(
            blocks("<p><b>one</b></p><p>two <img src=\"x.png\" alt=\"pic\"></p>", html: .strip)
                == [.paragraph([.text("one")]), .paragraph([.text("two")])])
    }

    @Test func documentEndTagsDoNotHideTheRest() {
        #expect(blocks("<p>a</p></body></html>\n\nafter") == [.paragraph([.text("a")]), .paragraph([.text("after")])])
    }

    @Test func anUnclosedAttributeQuoteLosesNoMarkdown() {
        let result = blocks("<div title=\"open\n\n**kept**\n\nand more")
        let text = result.map {
            DocumentLayout(options: LayoutOptions(width: 80)).blockLines($0, width: 80, tight: false)
        }
        .flatMap { $0 }.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("kept") && text.contains("and more"))
    }

    @Test func tenThousandNestedDivsKeepTheirText() {
        let markdown = String(repeating: "<div>", count: 10_000) + "deep" + String(repeating: "</div>", count: 10_000)
        #expect(blocks(markdown + "\n\nafter") == [.paragraph([.text("deep")]), .paragraph([.text("after")])])
    }

    @Test func aHugeAttributeIsDroppedNotKept() {
        let markdown = "<img src=\"" + String(repeating: "a", count: 1_000_000) + "\" alt=\"big\">\n\nafter"
        #expect(blocks(markdown).last == .paragraph([.text("after")]))
    }

    @Test func entitiesThatDecodeToControlsNeverSurvive() {
        let plain = MarkdownRenderer(capabilities: .plain(width: 60)).render("<p>&#27;[2J &#x9b;31m &#7;</p>")
        #expect(!plain.contains { $0 < 0x20 && $0 != 0x0A })
    }
}
