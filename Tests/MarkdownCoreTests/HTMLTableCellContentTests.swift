import Testing

@testable import MarkdownCore

/// A table cell holds only inlines, so the blocks HTML puts in one (`<details>`, lists, quotes, nested
/// tables) are flattened to their text: nothing a cell says may vanish.
@Suite struct HTMLTableCellContentTests {
    private func plain(_ markdown: String) -> String {
        String(decoding: MarkdownRenderer(capabilities: .plain(width: 80)).render(markdown), as: UTF8.self)
    }

    @Test(arguments: [
        "<table><tr><td><details><summary>Sum</summary>foo</details></td></tr></table>",
        "<table><tr><td><ul><li>foo</li><li>Sum</li></ul></td></tr></table>",
        "<table><tr><td><ol><li>foo</li></ol><blockquote>Sum</blockquote></td></tr></table>",
        "<table><tr><td><dl><dt>Sum</dt><dd>foo</dd></dl></td></tr></table>",
        "<table><tr><td><table><tr><td>Sum</td><td>foo</td></tr></table></td></tr></table>",
    ])
    func blocksInsideACellKeepTheirText(html: String) {
        let output = plain(html)
        #expect(output.contains("Sum"), "\(output)")
        #expect(output.contains("foo"), "\(output)")
    }

    @Test func detailsInACellWithoutARowKeepsItsMarkdown() {
        let output = plain("<td><details>\nfoo\n\nbar")
        #expect(output.contains("foo"), "\(output)")
        #expect(output.contains("bar"), "\(output)")
    }

    @Test func detailsInACellShowsTheSummaryBeforeTheContent() {
        let blocks = DocumentConverter(options: ParseOptions(html: .render)).document(
            from: "<table><tr><td><details><summary>S</summary>foo</details></td></tr></table>"
        ).blocks
        guard case .table(let table)? = blocks.first else {
            Issue.record("no table: \(blocks)")
            return
        }
        #expect(table.header == [[.strong([.text("S")]), .lineBreak, .text("foo")]])
    }
}
