import Dispatch
import TestSupport
import Testing

@testable import MarkdownCore

@Suite struct DocumentConverterTests {
    private func parse(_ markdown: String) -> Document {
        DocumentConverter().document(from: markdown)
    }

    @Test func headingKeepsItsLevel() {
        #expect(parse("### Three").blocks == [.heading(level: 3, [.text("Three")])])
    }

    @Test func emphasisStrongAndStrikethroughNest() {
        #expect(
            parse("*a* **b** ~~c~~").blocks == [
                .paragraph([
                    .emphasis([.text("a")]), .text(" "), .strong([.text("b")]), .text(" "),
                    .strikethrough([.text("c")]),
                ])
            ])
    }

    @Test func softAndHardBreaksAreKept() {
        #expect(
            parse("a\nb\\\nc").blocks == [.paragraph([.text("a"), .softBreak, .text("b"), .lineBreak, .text("c")])])
    }

    @Test func linkKeepsDestinationAndTitle() {
        let doc = parse("[text](https://x.org \"Title\")")
        #expect(
            doc.blocks == [
                .paragraph([.link(Link(destination: "https://x.org", title: "Title", content: [.text("text")]))])
            ])
    }

    @Test func autolinkIsMarkedAsSuch() {
        guard case .paragraph(let inlines) = parse("see https://example.com now").blocks.first,
            case .link(let link) = inlines.first(where: { if case .link = $0 { return true } else { return false } })
        else {
            Issue.record("no link")
            return
        }
        #expect(link.isAutolink)
    }

    @Test func imageKeepsAltSourceAndTitle() {
        #expect(
            parse("![a *b*](p.png \"t\")").blocks == [
                .paragraph([.image(ImageReference(sources: ["p.png"], alt: "a b", title: "t"))])
            ])
    }

    @Test func orderedListKeepsStartAndTightness() {
        let doc = parse("7. a\n8. b\n")
        guard case .list(let list) = doc.blocks.first else {
            Issue.record("no list")
            return
        }
        #expect(list.kind == .ordered(start: 7))
        #expect(list.isTight)
        #expect(list.items.count == 2)
    }

    @Test func looseListIsNotTight() {
        guard case .list(let list) = parse("- a\n\n- b\n").blocks.first else {
            Issue.record("no list")
            return
        }
        #expect(!list.isTight)
    }

    @Test func taskItemsKeepTheirState() {
        guard case .list(let list) = parse("- [ ] open\n- [x] done\n- plain\n").blocks.first else {
            Issue.record("no list")
            return
        }
        #expect(list.items.map(\.task) == [.unchecked, .checked, nil])
    }

    @Test func fencedCodeKeepsInfoStringAndText() {
        #expect(
            parse("```python title=\"x\"\nprint(1)\n```\n").blocks == [
                .codeBlock(CodeBlock(info: "python title=\"x\"", code: "print(1)", isFenced: true))
            ])
    }

    @Test func codeBlockLanguageIsTheInfoStringsFirstWord() {
        #expect(CodeBlock(info: "Python title=\"x\"", code: "", isFenced: true).language == "Python")
        #expect(CodeBlock(info: "", code: "", isFenced: true).language == nil)
    }

    @Test func indentedCodeIsNotFenced() {
        #expect(parse("    code\n").blocks == [.codeBlock(CodeBlock(info: "", code: "code", isFenced: false))])
    }

    @Test func tableKeepsAlignmentsHeaderAndRows() {
        let doc = parse("| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n")
        #expect(
            doc.blocks == [
                .table(
                    Table(
                        alignments: [.left, .center, .right], header: [[.text("a")], [.text("b")], [.text("c")]],
                        rows: [[[.text("1")], [.text("2")], [.text("3")]]]))
            ])
    }

    @Test func footnotesAreNumberedByFirstReference() {
        let doc = parse("A[^z] B[^y] C[^z]\n\n[^y]: why\n[^z]: zed\n")
        #expect(
            doc.blocks == [
                .paragraph([
                    .text("A"), .footnoteReference(label: "1", number: 1), .text(" B"),
                    .footnoteReference(label: "2", number: 2), .text(" C"), .footnoteReference(label: "1", number: 1),
                ])
            ])
        #expect(doc.footnotes.map(\.number) == [1, 2])
        #expect(doc.footnotes.first?.blocks == [.paragraph([.text("zed")])])
    }

    @Test func htmlBlockAndInlineHTMLAreKeptVerbatimWhenRaw() {
        let doc = DocumentConverter(options: ParseOptions(html: .raw)).document(
            from: "<div>\nhi\n</div>\n\nx <b>y</b>\n")
        #expect(
            doc.blocks == [
                .htmlBlock("<div>\nhi\n</div>"),
                .paragraph([.text("x "), .html("<b>"), .text("y"), .html("</b>")]),
            ])
    }

    @Test func thematicBreakAndBlockQuote() {
        #expect(parse("> q\n\n---\n").blocks == [.blockQuote([.paragraph([.text("q")])]), .thematicBreak])
    }

    @Test func yamlFrontMatterIsSplitOff() {
        let doc = parse("---\ntitle: x\n---\n# H\n")
        #expect(doc.frontMatter == "title: x")
        #expect(doc.blocks == [.heading(level: 1, [.text("H")])])
    }

    @Test func aThematicBreakWithoutClosingFenceIsNotFrontMatter() {
        let doc = parse("---\n\ntext\n")
        #expect(doc.frontMatter == nil)
        #expect(doc.blocks.first == .thematicBreak)
    }

    @Test func characterReferencesToControlsAreMadeVisible() {
        #expect(parse("a&#27;]52;b&#155;c&#7;").blocks == [.paragraph([.text("a␛]52;b␛[c␇")])])
    }

    @Test func deepBlockQuotesAreFlattenedBeyondTheDepthLimit() {
        let doc = parse(String(repeating: ">", count: 500) + " deep\n")
        var depth = 0
        var blocks = doc.blocks
        while case .blockQuote(let children)? = blocks.first {
            depth += 1
            blocks = children
        }
        #expect(depth == DocumentConverter.maximumBlockDepth)
        #expect(blocks == [.paragraph([.text("deep")])])
    }

    @Test func deepEmphasisKeepsItsText() {
        let doc = parse(String(repeating: "*a ", count: 200) + "z" + String(repeating: " b*", count: 200))
        #expect(
            Inline.plainText(
                doc.blocks.compactMap { if case .paragraph(let i) = $0 { return i } else { return nil } }.flatMap { $0 }
            ).contains("z"))
    }
}

@Suite struct DocumentConverterConcurrencyTests {
    /// cmark-gfm keeps extension state in globals; parsing on many threads at once must still find every
    /// autolink and strikethrough.
    @Test func parsingOnManyThreadsAtOnceGivesTheSameDocument() {
        let markdown =
            "see https://example.com/x and ~~gone~~ | a |\n\n| h | i |\n|---|---|\n| https://a.b/c | ~~d~~ |\n"
        let expected = DocumentConverter().document(from: markdown)
        let results = LockedList<String>()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if DocumentConverter().document(from: markdown) != expected { results.append("differs") }
        }
        #expect(results.values.isEmpty)
    }
}

@Suite struct DocumentWalkTests {
    @Test func imagesAndCodeBlocksComeInDocumentOrderFootnotesLast() {
        let doc = DocumentConverter().document(
            from: """
                ![a](a.png) note[^1]

                > ![b](b.png)
                > ```x
                > one
                > ```

                - ![c](c.png)

                ```y
                two
                ```

                [^1]: ![f](f.png)

                    ```z
                    three
                    ```
                """)
        #expect(doc.images.map(\.source) == ["a.png", "b.png", "c.png", "f.png"])
        #expect(doc.codeBlocks.map(\.code) == ["one", "two", "three"])
    }
}
