import FoundationEssentials
import MarkdownCore
import Testing

/// The examples of docs/library.md, as an embedder writes them: they compile against the public API and
/// do what the page says.
@Suite struct LibraryExampleTests {
    let markdown = """
        # Hello

        Some *text* with a footnote.[^1]

        | a | b |
        |---|---|
        | 1 | 2 |

        [^1]: The note.

        """

    @Test func renderingADocument() {
        let capabilities = TerminalCapabilities(
            width: 80, colorDepth: .trueColor, hyperlinks: true)
        let renderer = MarkdownRenderer(capabilities: capabilities, theme: .dark)

        // Bytes ready to write to a terminal:
        let bytes: [UInt8] = renderer.render("# Hello\n\nSome *text*.\n")
        // Styled lines, for a writer of your own:
        let lines: [StyledLine] = renderer.lines(for: "# Hello\n")
        #expect(bytes.contains(0x1B))
        #expect(!lines.isEmpty)

        let plain = MarkdownRenderer(capabilities: .plain(width: 40)).render(markdown)
        #expect(!plain.contains(0x1B))
    }

    @Test func streamingEndsInTheOneShotLines() {
        let renderer = MarkdownRenderer(
            capabilities: TerminalCapabilities(width: 80, colorDepth: .trueColor))
        var stream = MarkdownStream(renderer: renderer)
        var final: [StyledLine] = []
        let utf8 = Array(markdown.utf8)
        for start in stride(from: 0, to: utf8.count, by: 7) {  // pieces of 7 bytes
            stream.feed(utf8[start..<min(start + 7, utf8.count)])
            let update = stream.update(provisional: true)
            final += update.final
        }
        final += stream.finish()
        #expect(final == renderer.lines(for: markdown))
        #expect(!stream.bytes(for: final).isEmpty)
    }
}
