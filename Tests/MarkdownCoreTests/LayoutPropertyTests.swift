import PropertyBased
import Testing

@testable import MarkdownCore

/// Properties of measuring, wrapping and fitting tables, on random text, widths and tables: nothing is
/// wider than the width, and with whitespace normalised nothing is lost or added.
@Suite struct LayoutPropertyTests {
    /// Pieces of text that exercise every width rule: ASCII, East Asian wide, combining and spacing
    /// marks, Indic conjuncts, halfwidth voiced marks, emoji (recommended and other ZWJ sequences,
    /// keycaps, flags, modifiers), long words, spaces and tabs.
    static let pieces: [String] = [
        "a", "word", "Markdown", "中文", "ｆｕｌｌ", "e\u{301}", "\u{0915}\u{094D}\u{0937}", "\u{0915}\u{093E}",
        "\u{0903}", "\u{FF71}\u{FF9E}", "\u{0600}\u{0661}", "😀", "👨‍👩‍👧", "👧‍👦", "3\u{FE0F}\u{20E3}", "🇩🇪",
        "👍🏽", "❤\u{FE0F}", "supercalifragilisticexpialidocious", "http://example.com/a/long/path", " ", "  ",
        "\t", "-", "1.", "é",
    ]

    static let text = Gen.element(of: pieces).array(of: 0...40).map { $0.compactMap { $0 }.joined() }
    /// Words for table cells: no spaces at the ends (cells are trimmed) and no Markdown syntax.
    static let cellText = Gen.element(of: pieces.filter { $0.trimmedWhitespace == $0 && $0 != "-" && $0 != "1." })
        .array(of: 0...4).map { $0.compactMap { $0 }.joined(separator: " ") }

    static func withoutWhitespace(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { !$0.properties.isWhitespace }
    }

    @Test func widthOfJoinedTextIsTheSumOfItsParts() async {
        await propertyCheck(input: Self.text, Self.text) { first, second in
            #expect(DisplayWidth.of(first + " " + second) == DisplayWidth.of(first) + 1 + DisplayWidth.of(second))
        }
    }

    @Test func widthOfTextIsTheSumOfItsClusters() async {
        await propertyCheck(input: Self.text) { text in
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
        }
    }

    /// From 2 columns: a wide character cannot fit in one (mdview lays text out at 2 or more).
    @Test func wrappedLinesFitTheWidth() async {
        await propertyCheck(count: 300, input: Self.text, Gen.int(in: 2...40)) { text, width in
            let lines = TextWrapper(width: width).wrap([Span(text)]).map { $0.map(\.text).joined() }
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
        }
    }

    @Test func wrappingNeitherLosesNorAddsACharacter() async {
        await propertyCheck(count: 300, input: Self.text, Gen.int(in: 1...40)) { text, width in
            let lines = TextWrapper(width: width).wrap([Span(text)]).map { $0.map(\.text).joined() }
            #expect(Self.withoutWhitespace(lines.joined()) == Self.withoutWhitespace(text))
        }
    }

    @Test func fittedColumnsFitTheWidth() async {
        let columns = Gen.int(in: 1...60).array(of: 1...12)
        await propertyCheck(count: 300, input: columns, Gen.int(in: 4...200)) { natural, available in
            guard let widths = ColumnFitter.fit(natural: natural, available: available) else { return }
            #expect(widths.count == natural.count)
            #expect(widths.allSatisfy { $0 >= 1 })
            #expect(widths.reduce(0, +) + ColumnFitter.overhead(columns: widths.count) <= available)
            #expect(zip(widths, natural).allSatisfy { $0 <= max($1, 1) })
        }
    }

    @Test func renderedTablesFitTheWidthAndKeepEveryCharacter() async {
        let table = Self.cellText.array(of: 1...6).array(of: 1...5)
        await propertyCheck(count: 200, input: table, Gen.int(in: 4...100)) { rows, width in
            let columns = rows.map(\.count).max() ?? 1
            func row(_ cells: [String]) -> String {
                "| " + (cells + Array(repeating: "", count: columns - cells.count)).joined(separator: " | ") + " |\n"
            }
            let markdown =
                row(rows[0]) + row(Array(repeating: "---", count: columns)) + rows.dropFirst().map(row).joined()
            let output = String(
                decoding: MarkdownRenderer(capabilities: .plain(width: width)).render(markdown), as: UTF8.self)
            #expect(LayoutInvariants.overlongLines(output, width: width).isEmpty, "\(markdown)\n\(output)")
            var expected: [Unicode.Scalar: Int] = [:]
            for scalar in Self.withoutWhitespace(rows.flatMap { $0 }.joined()) { expected[scalar, default: 0] += 1 }
            var shown: [Unicode.Scalar: Int] = [:]
            for scalar in Self.withoutWhitespace(output) { shown[scalar, default: 0] += 1 }
            #expect(expected.allSatisfy { shown[$0.key, default: 0] >= $0.value }, "\(markdown)\n\(output)")
        }
    }
}
