import Testing

@testable import MarkdownCore

/// The frame round a table: borders above and below, and a rule between the header and the rows.
@Suite struct TableFrameTests {
    private func plain(_ markdown: String) -> String {
        String(decoding: MarkdownRenderer(capabilities: .plain(width: 40)).render(markdown), as: UTF8.self)
    }

    @Test func aTableOfAHeaderAloneHasNoRuleUnderIt() {
        #expect(plain("| a | b |\n|---|---|\n") == "┌───┬───┐\n│ a │ b │\n└───┴───┘\n")
    }

    @Test func aRuleSeparatesTheHeaderFromTheRows() {
        #expect(plain("| a |\n|---|\n| 1 |\n") == "┌───┐\n│ a │\n├───┤\n│ 1 │\n└───┘\n")
    }
}
