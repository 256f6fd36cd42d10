import Testing

@testable import MarkdownCore

/// Deep nesting converts whole: content below the nesting bound joins its ancestor, and every word
/// survives in order. (That this costs work in proportion to the document, not to its depth times its
/// size, is measured by `scripts/bench-scaling.sh` in `make bench`.)
@Suite struct LinearConversionTests {
    /// `open` × n, then `b`, then `close` × n: n nested inline containers around one word.
    static func nested(_ open: String, _ close: String, _ n: Int) -> String {
        String(repeating: open, count: n) + "b" + String(repeating: close, count: n) + "\n"
    }

    static let families: [(name: String, markdown: @Sendable (Int) -> String)] = [
        ("emphasis", { nested("*a ", " a*", $0) }),
        ("strong", { nested("**a ", " a**", $0) }),
        ("strikethrough", { nested("~~a ", " a~~", $0) }),
        ("links", { nested("[a ", " a](u)", $0) }),
        ("images", { nested("![a ", " a](u)", $0) }),
        ("block quotes", { n in String(repeating: "> ", count: n) + "b\n" }),
        (
            "lists",
            { n in (0..<n).map { String(repeating: "  ", count: $0) + ($0 == n - 1 ? "- b\n" : "- i\n") }.joined() }
        ),
        ("quoted lists", { n in String(repeating: "> - ", count: n) + "b\n" }),
    ]

    @Test(arguments: 0..<families.count)
    func fourThousandLevelsKeepTheInnermostWord(family: Int) {
        let (name, markdown) = Self.families[family]
        var words: [Substring] = []
        DocumentConverter().document(from: markdown(4_000)).forEachBlock { block in
            switch block {
            case .paragraph(let inlines): words += Inline.plainText(inlines).split(separator: " ")
            default: break
            }
        }
        #expect(words.contains("b"), "\(name)")
    }

    @Test func deepEmphasisKeepsEveryWordInOrder() {
        let n = 20_000
        let document = DocumentConverter().document(from: Self.nested("*a ", " a*", n))
        let text = Inline.plainText(Self.inlines(of: document))
        let words = text.split(separator: " ")
        #expect(words.count == 2 * n + 1)
        #expect(words[n] == "b")
        #expect(words.allSatisfy { $0 == "a" || $0 == "b" })
    }

    @Test func deepStrikethroughRendersWithinTheWidthAndKeepsItsText() {
        let markdown = Self.nested("~~a ", " a~~", 10_000)
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: 60)).render(markdown), as: UTF8.self)
        #expect(LayoutInvariants.overlongLines(output, width: 60).isEmpty)
        #expect(output.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "~" }).count == 20_001)
    }

    @Test func nestingBelowTheBoundStaysNested() {
        let document = DocumentConverter().document(from: Self.nested("*a ", " a*", 3))
        #expect(
            document.blocks == [
                .paragraph([
                    .emphasis([
                        .text("a "),
                        .emphasis([.text("a "), .emphasis([.text("a b a")]), .text(" a")]),
                        .text(" a"),
                    ])
                ])
            ])
    }

    /// With an odd number of quotes around them, nested lists put a list, not an item, at the bound.
    @Test(arguments: [0, 1, 2, 3])
    func listsAroundTheDepthBoundKeepEveryItem(quotes: Int) {
        let markdown = (0..<120).map {
            String(repeating: "> ", count: quotes) + String(repeating: "  ", count: $0) + "- item\($0)\n"
        }.joined()
        var words: Set<String> = []
        DocumentConverter().document(from: markdown).forEachBlock { block in
            if case .paragraph(let inlines) = block {
                words.formUnion(Inline.plainText(inlines).split(separator: " ").map(String.init))
            }
        }
        #expect(words == Set((0..<120).map { "item\($0)" }))
    }

    private static func inlines(of document: Document) -> [Inline] {
        guard case .paragraph(let inlines) = document.blocks.first else { return [] }
        return inlines
    }
}
