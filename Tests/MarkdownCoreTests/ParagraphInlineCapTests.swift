import Testing

@testable import MarkdownCore

/// A top-level paragraph of more inline elements than `ParagraphInlineCap` allows is shown as its plain
/// text, whether it was parsed whole or joined from sections; none of its text is lost.
@Suite struct ParagraphInlineCapTests {
    @Test func everyElementKeepsItsTextAndBreaksStay() {
        let link = Link(destination: "https://example.org", content: [.text("site")])
        let inlines: [Inline] = [
            .text("a "), .emphasis([.text("b")]), .softBreak, .code("c()"), .strong([.text("d")]), .lineBreak,
            .link(link),
        ]
        #expect(
            ParagraphInlineCap.flattened(inlines) == [
                .text("a b"), .softBreak, .text("c()d"), .lineBreak, .text("site"),
            ])
    }

    @Test func aParagraphJoinedAtASoftBreakFlattensAsItsHalvesJoined() {
        let first: [Inline] = [.text("a "), .emphasis([.text("b")])]
        let second: [Inline] = [.strong([.text("c")]), .text(" d")]
        #expect(
            ParagraphInlineCap.flattened(first + [.softBreak] + second)
                == ParagraphInlineCap.flattened(first) + [.softBreak] + ParagraphInlineCap.flattened(second))
    }

    @Test func nestedElementsCount() {
        let inlines: [Inline] = [.text("a"), .strong([.emphasis([.text("b")]), .text("c")])]
        #expect(ParagraphInlineCap.count(inlines) == 5)
    }

    /// 7,500 lines of `a *b* ` twelve times: 270,000 elements, over lines where it may be cut.
    static let overTheCap =
        (0..<7_500).map { _ in String(repeating: "a *b* ", count: 12).dropLast() }
        .joined(separator: "\n") + "\n"

    @Test func aParagraphOverTheCapIsPlainTextTheSameWholeOrInSections() throws {
        let whole = DocumentConverter().wholeDocument(from: Self.overTheCap)
        guard case .paragraph(let inlines) = whole.blocks.first else { return #expect(Bool(false)) }
        #expect(!inlines.contains { if case .emphasis = $0 { true } else { false } })
        #expect(Inline.plainText(inlines).hasPrefix("a b a b"))
        let sectioned = try #require(DocumentConverter().documentInSections(from: Self.overTheCap, sectionSize: 20_000))
        #expect(sectioned == whole)
    }
}
