import Testing

@testable import MarkdownCore

/// Streaming cuts the input at the lines cmark reports top-level blocks to start on; where cmark-gfm
/// reports none, nothing may be lost.
@Suite struct StreamSourcePositionTests {
    /// cmark-gfm gives the paragraph a table interrupts no position: it once vanished from the stream
    /// (found by the stream fuzz target).
    @Test func aParagraphATableInterruptsIsStreamedAsInOneShot() {
        let text = "Intro\n\nlast words\n| a | b |\n|---|---|\n| c | d |\n\nafter\n"
        let expected = MarkdownStreamTests.oneShot(Array(text.utf8))
        #expect(expected.contains { $0.plainText.contains("last words") })
        for size in [1, 3, 7, 64] {
            #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == expected, "pieces of \(size)")
        }
    }

    @Test func theParagraphATableInterruptsStartsWhereTheTableSaysItStarted() {
        let mapped = DocumentConverter(options: ParseOptions()).sourceMappedDocument(
            fromBody: "Intro\n\nlast words\n| a | b |\n|---|---|\n")
        #expect(mapped.blockStartLines == [1, 3, 3])
    }

    /// cmark-gfm moves a footnote definition written inside a quote to the top level; its line is the
    /// quote's, where no top-level block starts.
    @Test func aFootnoteDefinitionInsideAQuoteStartsNoTopLevelBlock() {
        let mapped = DocumentConverter(options: ParseOptions()).sourceMappedDocument(
            fromBody: "> Text[^n].\n>\n> [^n]: A note.\n> more\n\n[^m]: Top.\n\nEnd[^m].\n")
        #expect(mapped.topLevelStartLines == [1, 6, 8])
    }

    /// A piece that ends in `---` has not closed the front matter: the line may go on and be no fence
    /// (found by the stream fuzz target).
    @Test func frontMatterClosesOnlyOnACompleteFenceLine() {
        let text = "---\n---not a fence\n"
        let expected = MarkdownStreamTests.oneShot(Array(text.utf8))
        for size in [1, 2, 7] {
            #expect(MarkdownStreamTests.streamed(Array(text.utf8), pieces: size) == expected, "pieces of \(size)")
        }
    }
}
