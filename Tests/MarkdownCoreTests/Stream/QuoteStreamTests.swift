import FoundationEssentials
import Testing

@testable import MarkdownCore

/// A long open block quote, alert or loose list streams exactly: what is shown, provisionally and for
/// good, is the one-shot render at every step.
@Suite struct QuoteStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// A quote of `count` paragraphs with assorted inline syntax and blocks between them.
    static func longQuote(_ count: Int, alert: Bool = false, closed: Bool = true) -> String {
        var text = alert ? "> [!WARNING]\n> Read this first.\n>\n" : ""
        for index in 0..<count {
            switch index % 9 {
            case 3: text += "> - item *\(index)*\n> - another `item`\n>\n"
            case 5: text += "> ```swift\n> let x = \(index)\n> ```\n>\n"
            case 6: text += "> ## Heading \(index)\n>\n"
            case 7: text += "> Lazy paragraph \(index) begins\nand continues without a marker.\n>\n"
            case 8: text += "> > nested \(index)\n>\n"
            default:
                text +=
                    "> Paragraph \(index) has **strong** words, a [link](https://example.com/\(index)) and more.\n>\n"
            }
        }
        return text + (closed ? "> The end.\n\nAfter the quote.\n" : "")
    }

    /// `ProvisionalStreamChecks.streamed` with this suite's renderer.
    @discardableResult
    static func streamedWithProvisionalChecks(_ text: String, pieces size: Int) -> MarkdownStream {
        ProvisionalStreamChecks.streamed(text, pieces: size, renderer: renderer)
    }

    @Test(arguments: [1, 7, 64])
    func aLongQuoteStreamedInPiecesShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        Self.streamedWithProvisionalChecks(Self.longQuote(pieces == 1 ? 14 : 30), pieces: pieces)
    }

    /// A loose bullet list of `count` items with assorted content.
    static func longList(_ count: Int) -> String {
        var text = ""
        for index in 0..<count {
            switch index % 6 {
            case 2: text += "- item \(index)\n\n  with a second paragraph\n\n"
            case 3: text += "- item \(index)\n  - nested\n  - nested too\n\n"
            case 4: text += "- ```\n  code \(index)\n  ```\n\n"
            case 5: text += "- [x] done \(index)\nlazy line\n\n"
            default: text += "- Item \(index) has *some* words and `code`.\n\n"
            }
        }
        return text + "After the list.\n"
    }

    @Test(arguments: [1, 7, 64])
    func aLongLooseListStreamedInPiecesShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        Self.streamedWithProvisionalChecks(Self.longList(pieces == 1 ? 14 : 30), pieces: pieces)
    }

    @Test func aLongLooseListStreamedALineAtATimeEndsAsTheOneShotRender() {
        Self.expectStreamedAsOneShot(
            repeating: "- An item of a loose list with some words in it, streamed a line at a time.\n\n")
    }

    @Test(arguments: [1, 7, 64])
    func aLongAlertStreamedInPiecesShowsTheOneShotRenderAtEveryStep(pieces: Int) {
        let text = Self.longQuote(pieces == 1 ? 14 : 30, alert: true)
        Self.streamedWithProvisionalChecks(text, pieces: pieces)
    }

    @Test func anAlertWhoseTitleStandsAloneStreamsExactly() {
        let text = "> [!TIP]\n>\n" + Self.longQuote(12)
        Self.streamedWithProvisionalChecks(text, pieces: 5)
    }

    /// After a width change the open quote is shown at the new width, and nothing of it is final before
    /// it ends.
    @Test func aQuoteGoesOnAtANewWidth() {
        let final = ProvisionalStreamChecks.streamedOnAtANewWidth(
            Self.longQuote(24, closed: false), renderer: Self.renderer)
        #expect(final.isEmpty)
    }

    @Test func aQuoteEndingInPiecesOfAnyLengthEqualsTheOneShotRender() {
        let text = Self.longQuote(40)
        let expected = Self.renderer.lines(for: text)
        for size in [1, 2, 3, 7, 64, 4096] {
            #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == expected, "pieces of \(size)")
        }
    }

    /// Streams `piece` 300 times, an update with the provisional tail after each: the container ends as
    /// the one-shot render. (What each update costs is `StreamBench`'s to measure.)
    static func expectStreamedAsOneShot(repeating piece: String) {
        var stream = MarkdownStream(renderer: renderer)
        var lines: [StyledLine] = []
        for _ in 0..<300 {
            stream.feed(piece)
            lines += stream.update(provisional: true).final
        }
        lines += stream.finish()
        #expect(lines == renderer.lines(for: String(repeating: piece, count: 300)))
    }

    @Test func aLongQuoteStreamedALineAtATimeEndsAsTheOneShotRender() {
        Self.expectStreamedAsOneShot(
            repeating: "> A paragraph of the quote with some words in it, streamed a line at a time.\n>\n")
    }

    /// A line that is only a quote marker neither ends the quote nor starts a child.
    @Test func aBlankQuoteLineNeitherEndsTheQuoteNorStartsAChild() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("> one\n>\n> two\n")
        _ = stream.update(provisional: false)
        stream.feed(">  \n")
        #expect(stream.update(provisional: false).final.isEmpty)
        stream.feed("> three\n")
        #expect(stream.update(provisional: false).final.isEmpty)
        #expect(stream.finish().map(\.plainText) == ["│ one", "│", "│ two", "│", "│ three"])
    }

    /// A definition in the quote's first lines applies to the whole document, and the quote still
    /// renders exactly.
    @Test func aQuoteThatDefinesALinkStreamsExactly() {
        let text = "> [d]: https://example.com\n>\n> See [the docs][d].\n>\n" + Self.longQuote(12)
        Self.streamedWithProvisionalChecks(text, pieces: 9)
    }

    /// Footnotes are numbered across the quote (the provisional tail shows no footnotes section, so
    /// only the final output is compared).
    @Test func aQuoteWithFootnotesStreamsExactly() {
        let text =
            "> Note[^a] here.\n>\n> More[^b] text.\n>\n> Plain.\n>\n> Again[^a].\n>\n> Last.\n\n[^a]: One.\n[^b]: Two.\n"
        let expected = Self.renderer.lines(for: text)
        for size in [1, 3, 7] {
            #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: size, provisional: true) == expected)
        }
    }

    /// cmark-gfm moves a footnote definition written inside a quote to the top level: its line is no
    /// top-level block's start, so the quote does not end there.
    @Test func aFootnoteDefinitionInsideAQuoteDoesNotEndTheQuote() {
        let text =
            "> [!TIP]\n> One.\n>\n> Two.\n>\n> [^n]: A note.\n> Three.\n>\n> Four.\n>\n> Text[^n] here.\n> Five.\n>\n"
            + "> - item\n\n>   continued item\n"
        let expected = Self.renderer.lines(for: text)
        for size in [1, 7, 64] {
            #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: size, provisional: true) == expected)
        }
    }

    /// The definition of a footnote a final block uses is written inside a later quote: its label is
    /// read after the quote marker, so the footnote stays numbered and shown (it was lost).
    @Test func aFootnoteDefinedInsideALaterQuoteIsKept() {
        for text in [
            "> Text[^n] here.\n\n> [^n]: A note.\n", "> Text[^n] here.\n>\nAfter.\n> [^n]: A note.\n",
            "Text[^n] here.\n\n- [^n]: A note in a list.\n",
        ] {
            let expected = Self.renderer.lines(for: text)
            #expect(expected.contains { $0.plainText.contains("A note") })
            for size in [1, 7, 64] {
                #expect(
                    MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == expected, "\(text.debugDescription)"
                )
            }
        }
    }

    @Test func aTableInterruptingAParagraphInAQuoteStreamsExactly() {
        let text =
            "> First.\n>\n> Lead line\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n>\n> Then.\n>\n> More.\n>\n> End.\n"
        Self.streamedWithProvisionalChecks(text, pieces: 4)
    }

    @Test func aQuoteWithAnHTMLBlockLaterIsParsedWholeFromThenOn() {
        let text =
            Self.longQuote(10, closed: false) + "> <div align=\"center\">\n>\n> Centred.\n>\n> </div>\n>\n> Last.\n"
        Self.streamedWithProvisionalChecks(text, pieces: 11)
    }
}

/// Quotes and alerts assembled at random from lines that exercise what settling their children must get
/// right (lazy lines, tables interrupting paragraphs, fences, nested quotes, lists, definitions,
/// footnotes, HTML), streamed in random pieces with provisional updates: every step shows the one-shot
/// render.
@Suite struct RandomQuoteStreamTests {
    static let lines = [
        "> Words of a paragraph.\n", ">\n", ">\n", "> More words *here*.\n", "lazy continuation\n",
        "> - item\n", "> - item two\n", ">   continued item\n", "> 1. first\n", "> 10. tenth\n", "> ```\n",
        "> let code = 1\n", "> | a | b |\n", "> |---|---|\n", "> | 1 | 2 |\n", "> > nested\n", "> # Heading\n",
        "> ---\n", "> ===\n", ">     indented code\n", "> [!NOTE]\n", "> Text[^n] here.\n", "> [^n]: A note.\n",
        "\n[^m]: Top.\n\n", "> Also[^m].\n",
        "> [d]: https://example.com\n", "> See [x][d].\n", "> <div align=\"center\">\n", "> </div>\n",
        "> <b>bold</b> text\n", "\n", "After.\n", "> ~~~\n", ">\tTabbed.\n",
    ]

    static let listLines = [
        "- Item text.\n\n", "\n", "  continued\n", "- [ ] task\n", "* other\n", "  - nested\n", "    code\n",
        "- ```\n", "  code\n", "  ```\n", "lazy line\n", "1. ordered\n", "- Text[^n]\n", "  [^n]: note\n",
        "- [d]: https://example.com\n", "- See [x][d].\n", "- <div align=\"center\">\n", "  </div>\n", "---\n",
        "-\n", "  # Heading\n", "> quote\n", "-   spaced\n", "- a\n- b\n",
    ]

    /// `count` documents of 20 to 45 pieces after `opening`: `plain` mostly (so that children settle
    /// one after another), one of `pieces` a third of the time.
    static func randomDocuments(
        _ count: Int, opening: (inout SeededGenerator) -> String, plain: String, pieces: [String],
        generator: inout SeededGenerator
    ) -> [String] {
        (0..<count).map { _ in
            var text = opening(&generator)
            for _ in 0..<Int.random(in: 20...45, using: &generator) {
                text += Int.random(in: 0..<3, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : plain
            }
            return text
        }
    }

    @Test func randomLooseListsStreamedInRandomPiecesShowTheOneShotRenderAtEveryStep() {
        var generator = SeededGenerator(state: 1_123_581)
        let documents = Self.randomDocuments(
            80, opening: { _ in "- First item.\n\n" }, plain: "- Item text.\n\n", pieces: Self.listLines,
            generator: &generator)
        for document in documents {
            ProvisionalStreamChecks.streamedInRandomPieces(
                document, renderer: QuoteStreamTests.renderer, generator: &generator)
        }
    }

    /// With HTML shown raw, cmark's HTML blocks settle like other children (the interpreter joins nothing).
    @Test(arguments: [ParseOptions.HTMLMode.render, .raw])
    func randomQuotesStreamedInRandomPiecesShowTheOneShotRenderAtEveryStep(html: ParseOptions.HTMLMode) {
        var generator = SeededGenerator(state: 20_261_123)
        var renderer = QuoteStreamTests.renderer
        renderer.parseOptions.html = html
        let documents = Self.randomDocuments(
            80, opening: { Bool.random(using: &$0) ? "> [!TIP]\n" : "" }, plain: "> Paragraph text.\n>\n",
            pieces: Self.lines, generator: &generator)
        for document in documents {
            ProvisionalStreamChecks.streamedInRandomPieces(document, renderer: renderer, generator: &generator)
        }
    }
}
