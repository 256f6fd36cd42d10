import Testing

@testable import MarkdownCore

/// Fitting display math to the width: breaking at relations, then binary operators; then the linear
/// form; then the source. No row is ever wider than the width.
@Suite struct MathWidthTests {
    @Test func breaksBeforeRelationsFirst() {
        #expect(
            MathRendering.display(#"f(x) = a + b + c = d + e"#, width: 16) == """
                f(x) = a + b + c
                     = d + e
                """)
    }

    @Test func breaksBeforeBinaryOperatorsWhenARelationSideIsTooWide() {
        #expect(
            MathRendering.display(#"y = aaaa + bbbb + cccc + dddd"#, width: 16) == """
                y = aaaa + bbbb
                      + cccc
                      + dddd
                """)
    }

    @Test func formulasSeparatedByQuadsBreakBetweenThemFirst() {
        #expect(
            MathRendering.display(#"a = b + c \qquad d = e \qquad f = g"#, width: 20) == """
                a = b + c    d = e
                      f = g
                """)
    }

    @Test func wideMatrixFallsBackToTheLinearForm() {
        let tex = #"\begin{pmatrix} 1000 & 2000 & 3000 \\ 4000 & 5000 & 6000 \end{pmatrix}"#
        guard case .linear(let rows) = MathTypesetter().display(tex, width: 14) else {
            Issue.record("not linear: \(MathTypesetter().display(tex, width: 14))")
            return
        }
        #expect(rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) <= 14 })
        #expect(rows.map { $0.map(\.text).joined() }.joined().contains("6000"))
    }

    /// A keycap mark or a presentation selector stays with its character, whose picture can be two
    /// columns wide: a row's pieces, measured one by one, are as wide as the row shown.
    @Test(arguments: ["3\u{FE0F}\u{20E3} + x", "\\frac{3\u{FE0F}}{2}", "#\u{20E3} = y", "a\u{FE0F} b"])
    func presentationMarksStayWithTheirCharacter(tex: String) {
        let rows: [[MathPiece]]
        switch MathTypesetter().display(tex, width: 40) {
        case .picture(let picture): rows = picture.rows
        case .linear(let linear): rows = linear
        case .source(let failure):
            Issue.record("shown as source: \(String(describing: failure))")
            return
        }
        for row in rows {
            #expect(row.reduce(0) { $0 + DisplayWidth.of($1.text) } == DisplayWidth.of(row.map(\.text).joined()))
        }
    }

    @Test func tooNarrowForAnyFormIsSource() {
        #expect(MathTypesetter().display("x = 中", width: 1) == .source(nil))
    }

    @Test func zeroAndNegativeWidthsDoNotCrash() {
        for width in [-5, 0, 1] {
            let result = MathTypesetter().display(#"\frac{a}{b} + \sqrt{x}"#, width: width)
            switch result {
            case .picture(let picture): #expect(picture.width <= 1)
            case .linear(let rows): #expect(rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) <= 1 })
            case .source: break
            }
        }
    }

    @Test func pictureRowsArePaddedToTheWidth() {
        guard case .picture(let picture) = MathTypesetter().display(#"x^2 + \frac{1}{2}"#, width: 80) else {
            Issue.record("no picture")
            return
        }
        for row in picture.rows { #expect(DisplayWidth.of(row.map(\.text).joined()) == picture.width) }
    }

    @Test func tagMovesBelowWhenItDoesNotFitBeside() {
        #expect(
            MathRendering.display(#"a + b = c \tag{12}"#, width: 12) == """
                a + b = c
                     (12)
                """)
    }

    @Test func linearWrapPrefersNoBreakSpacesToSplittingCharacters() {
        let tex = #"\left[ \begin{matrix} aaaa & bbbb & cccc & dddd & eeee \end{matrix} \right]"#
        guard case .linear(let rows) = MathTypesetter().display(tex, width: 12) else {
            Issue.record("not linear")
            return
        }
        let texts = rows.map { MathRendering.text($0) }
        #expect(texts.allSatisfy { DisplayWidth.of($0) <= 12 }, "\(texts)")
        #expect(!texts.contains { $0.hasSuffix("a") && !$0.hasSuffix("aaaa") }, "\(texts)")
    }
}
