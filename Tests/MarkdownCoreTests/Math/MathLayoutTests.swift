import TestSupport
import Testing

@testable import MarkdownCore

/// How layout shows math: typeset, as written with `--math source`, and as written (reported) when a
/// formula cannot be typeset; never wider than the width, never a control character.
@Suite struct MathLayoutTests {
    private func renderer(width: Int = 60, math: MathOptions = MathOptions()) -> MarkdownRenderer {
        var renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: width, colorDepth: .none))
        renderer.math = math
        return renderer
    }

    private func text(_ markdown: String, width: Int = 60, math: MathOptions = MathOptions()) -> String {
        renderer(width: width, math: math).lines(for: markdown).map(\.plainText).joined(separator: "\n")
    }

    @Test func inlineMathIsTypesetInTheParagraph() {
        // Inside a formula, spaces where it must not break are no-break spaces.
        #expect(text("so $x^2 + a_n$ holds").replacingOccurrences(of: "\u{A0}", with: " ") == "so x² + aₙ holds")
    }

    @Test func sourceModeShowsFormulasAsWritten() {
        let shown = text("so $x^2$ and \\(y\\)\n\n$$\n\\frac{a}{b}\n$$", math: MathOptions(mode: .source))
        #expect(shown.contains("so $x^2$ and \\(y\\)"))
        #expect(shown.contains("$$") && shown.contains("\\frac{a}{b}") && shown.contains("math"))
    }

    @Test func aFormulaThatDoesNotParseIsShownAsWrittenAndReported() {
        let collector = DiagnosticCollector()
        let shown = text("bad $\\frac{a}{b$ here", math: MathOptions(diagnostics: collector))
        #expect(shown == "bad $\\frac{a}{b$ here")
        #expect(collector.diagnostics.count == 1)
        #expect(collector.diagnostics.first?.subject.hasPrefix("math `\\frac{a}{b`") == true)
    }

    @Test func aDisplayFormulaThatDoesNotParseIsACodeBlockLabelledMath() {
        let collector = DiagnosticCollector()
        let shown = text("$$\n\\begin{matrix} a \\end{cases}\n$$", math: MathOptions(diagnostics: collector))
        #expect(shown.contains("╭─ math") && shown.contains("\\begin{matrix} a \\end{cases}"))
        #expect(!collector.diagnostics.isEmpty)
    }

    @Test func aDisplayFormulaIsCentred() {
        let lines = text("$$x = 1$$", width: 41).split(separator: "\n")
        #expect(lines == ["                  x = 1"])
    }

    @Test func aDisplayInsideAParagraphStandsOnItsOwnLines() {
        let lines = text("before $$x = 1$$ after", width: 21).split(separator: "\n")
        #expect(lines == ["before", "        x = 1", "after"])
    }

    @Test func inlineMathWrapsOnlyAfterARelationOrOperator() {
        let lines = text("word word word $a + b = c + d$", width: 24).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { !$0.hasSuffix("a") && !$0.hasPrefix("+") })
        #expect(
            lines.joined(separator: " ").replacingOccurrences(of: "\u{A0}", with: " ") == "word word word a + b = c + d"
        )
    }

    @Test(arguments: ["math", "math-llm"])
    func mathDocumentsStayWithinEveryWidthAndCarryNoControlCharacters(name: String) throws {
        let markdown = try GoldenFile.fixture(name)
        for width in [8, 20, 33, 47, 60, 80, 120] {
            let shown = text(markdown, width: width)
            #expect(LayoutInvariants.overlongLines(shown, width: width).isEmpty, "width \(width)")
            #expect(
                !shown.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func colourChangesNoCharacterOfTypesetMath() throws {
        let markdown = MathCorpus.formulas.map { "Inline $\($0)$ and\n\n$$\n\($0)\n$$\n" }.joined(separator: "\n")
        let plain = renderer().lines(for: markdown).map(\.plainText)
        var coloured = renderer()
        coloured.capabilities.colorDepth = .trueColor
        #expect(coloured.lines(for: markdown).map(\.plainText) == plain)
    }
}
