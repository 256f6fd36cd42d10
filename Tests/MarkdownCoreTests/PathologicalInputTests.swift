import Testing

@testable import MarkdownCore

/// Inputs built to break renderers: each must render without crashing or overflowing the stack, within
/// the width, and keep its text. (How fast they render is measured by `make bench`, not here.)
@Suite struct PathologicalInputTests {
    static let cases: [(String, String)] = [
        ("20,000 nested block quotes", String(repeating: ">", count: 20_000) + " deep\n"),
        ("3,000 nested list levels", (0..<3_000).map { String(repeating: "  ", count: $0) + "- item\($0)\n" }.joined()),
        ("50,000 nested brackets", String(repeating: "[", count: 50_000) + "x" + String(repeating: "]", count: 50_000)),
        (
            "60,000 emphasis markers",
            String(repeating: "*", count: 30_000) + "a" + String(repeating: "*", count: 30_000)
        ),
        ("alternating emphasis", String(repeating: "*a _b ", count: 10_000)),
        ("2 MB single line", String(repeating: "word ", count: 400_000)),
        ("2 MB single word", String(repeating: "x", count: 2_000_000)),
        (
            "table with 300 columns",
            "|" + (0..<300).map { "h\($0)" }.joined(separator: "|") + "|\n|"
                + Array(repeating: "-", count: 300).joined(separator: "|") + "|\n|"
                + (0..<300).map { "c\($0)" }.joined(separator: "|") + "|\n"
        ),
        ("20,000 nested list items in quotes", String(repeating: "> - ", count: 5_000) + "x\n"),
    ]

    @Test(arguments: 0..<cases.count)
    func rendersWithinTheWidthAndKeepsText(index: Int) {
        let (name, markdown) = Self.cases[index]
        let document = DocumentConverter().document(from: markdown)
        let renderer = MarkdownRenderer(capabilities: .plain(width: 80))
        let output = String(decoding: renderer.render(markdown), as: UTF8.self)
        #expect(LayoutInvariants.overlongLines(output, width: 80).isEmpty, "\(name): a line is too wide")
        let missing = LayoutInvariants.missingWords(document, output: output)
        #expect(missing.isEmpty, "\(name): lost \(missing.prefix(5))")
    }

    @Test func nestingStopsIndentingInsteadOfCrushingText() {
        let output = String(
            decoding: MarkdownRenderer(capabilities: .plain(width: 40)).render(
                String(repeating: "> ", count: 100) + "the text inside keeps a readable width"), as: UTF8.self)
        let line = output.split(separator: "\n").first { $0.contains("the") } ?? ""
        let text = line.drop { $0 == "│" || $0 == " " }
        #expect(DisplayWidth.of(text) >= DocumentLayout.minimumContentWidth - 2)
    }
}
