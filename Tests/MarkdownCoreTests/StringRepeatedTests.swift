import Testing

@testable import MarkdownCore

/// `String.repeated` writes margins, rules and blank runs in one buffer; it must give what
/// `String(repeating:count:)` gives.
@Suite struct StringRepeatedTests {
    @Test func repeatsTheTextAsStringRepeatingDoes() {
        for text in [" ", "─", "\u{A0}", "′", "ab", "𝔼"] {
            for count in [1, 2, 7, 40] {
                #expect(String.repeated(text, count: count) == String(repeating: text, count: count))
            }
        }
    }

    @Test func aCountBelowOneGivesTheEmptyString() {
        #expect(String.repeated("─", count: 0).isEmpty)
        #expect(String.repeated(" ", count: -3).isEmpty)
    }
}
