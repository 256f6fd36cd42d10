import Testing

@testable import MarkdownCore

/// The 2-D layout of each construct, row by row (padding trimmed).
@Suite struct MathDisplayTests {
    func expect(_ tex: String, _ expected: String, width: Int = 80, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(MathRendering.display(tex, width: width) == expected, sourceLocation: sourceLocation)
    }

    @Test func fractionIsStackedOverARuleOnTheBaseline() {
        expect(
            #"x = \frac{a+b}{2}"#,
            """
                 a + b
            x = ───────
                   2
            """)
    }

    @Test func baselineOfAFractionIsItsRuleRow() throws {
        guard case .picture(let picture) = MathTypesetter().display(#"\frac{a}{b}"#, width: 80) else {
            Issue.record("no picture")
            return
        }
        #expect(picture.baseline == 1)
        #expect(picture.width == 3)
        #expect(picture.rows.allSatisfy { DisplayWidth.of($0.map(\.text).joined()) == picture.width })
    }

    @Test func nestedFractionsStack() {
        expect(
            #"\frac{1}{1+\frac{1}{x}}"#,
            """
                1
            ─────────
                  1
             1 + ───
                  x
            """)
    }

    @Test func squareRootHasAnOverbar() {
        expect(
            #"\sqrt{x+1}"#,
            """
             ─────
            √x + 1
            """)
    }

    @Test func cubeRootUsesItsSign() {
        expect(
            #"\sqrt[3]{x}"#,
            """
             ─
            ∛x
            """)
    }

    @Test func otherRootIndexSitsAboveLeft() {
        expect(
            #"\sqrt[n]{x}"#,
            """
            n ─
             √x
            """)
    }

    @Test func tallRadicandGetsAStem() {
        expect(
            #"\sqrt{\frac{a}{b}}"#,
            """
             ┌───
             │ a
             │───
            ╲│ b
            """)
    }

    @Test func superscriptIsARowUpAndSubscriptARowDown() {
        expect(
            #"x^2 + a_i"#,
            """
             2
            x  + a
                  i
            """)
    }

    @Test func nestedScriptUsesUnicodeCharacters() {
        expect(
            #"e^{z_i}"#,
            """
             zᵢ
            e
            """)
    }

    @Test func nestedScriptWithoutUnicodeFormsStaysTwoDimensional() {
        expect(
            #"e^{z_c}"#,
            """
             z
              c
            e
            """)
    }

    @Test func radicandScriptUsesUnicodeCharacters() {
        expect(
            #"\sqrt{d_k}"#,
            """
             ──
            √dₖ
            """)
    }

    @Test func bothScriptsStackOnTheRight() {
        expect(
            #"x_i^2"#,
            """
             2
            x
             i
            """)
    }

    @Test func bigOperatorTakesLimitsAboveAndBelow() {
        expect(
            #"\sum_{i=1}^{n} i"#,
            """
             n
             ∑  i
            i=1
            """)
    }

    @Test func integralTakesLimitsOnTheRight() {
        expect(
            #"\int_0^1 f"#,
            """
             1
            ∫  f
             0
            """)
    }

    @Test func limitTakesItsConditionBelow() {
        expect(
            #"\lim_{x \to 0} f(x)"#,
            """
            lim f(x)
            x→0
            """)
    }

    @Test func overbraceAndUnderbraceCarryTheirLabels() {
        expect(
            #"\overbrace{a+b}^{2} \underbrace{cd}_{k}"#,
            """
              2
            ┌─┴─┐
            a + bcd
                 └┬┘
                  k
            """)
    }

    @Test func singleLetterAccentIsACombiningCharacter() {
        expect(#"\hat{x} + \vec{v} + \bar{y}"#, "x̂ + v⃗ + ȳ")
    }

    @Test func accentedBaseKeepsItsSubscriptLowered() {
        expect(
            #"\hat{y}_i + \hat{xy}_i"#,
            """
                 ^
            ŷ  + xy
             i     i
            """)
    }

    @Test func wideAccentSitsOnTheRowAbove() {
        expect(
            #"\widetilde{abc}"#,
            """
            ~~~
            abc
            """)
    }

    @Test func boxedIsFramed() {
        expect(
            #"\boxed{x = 1}"#,
            """
            ┌───────┐
            │ x = 1 │
            └───────┘
            """)
    }

    @Test func notUsesThePrecomposedNegation() {
        expect(#"a \not= b, x \not\in A, p \not\prec q"#, "a ≠ b, x ∉ A, p ⊀ q")
    }

    @Test func notWithoutAPrecomposedFormOverlaysASolidus() {
        expect(#"a \not\triangleleft b"#, "a ◁\u{338} b")
    }

    @Test func tagIsShownAfterTheFormula() {
        expect(#"E = mc^2 \tag{3}"#, "      2\nE = mc     (3)")
    }

    @Test func unaryMinusTakesNoSpace() {
        expect(#"-x = (-1) \cdot x, y = -2"#, "−x = (−1) ⋅ x, y = −2")
    }

    @Test func binaryOperatorsAndRelationsTakeASpaceEachSide() {
        expect(#"a+b=c"#, "a + b = c")
    }

    @Test func fontAlphabetsMapToMathematicalLetters() {
        expect(
            #"\mathbb{R} \mathbb{Z} \mathcal{L} \mathfrak{g} \mathbf{v} \mathsf{A} \mathtt{x} \boldsymbol{\mu}"#,
            "ℝℤℒ𝔤𝐯𝖠𝚡𝝁")
    }

    @Test func functionNamesAreUprightAndSpaced() throws {
        guard case .picture(let picture) = MathTypesetter().display(#"\sin x + \log(y)"#, width: 80) else {
            Issue.record("no picture")
            return
        }
        #expect(picture.rows[0].map(\.text).joined() == "sin x + log(y)")
        #expect(picture.rows[0].contains(MathPiece(text: "sin", role: .function)))
    }

    @Test func spacingCommandsAddColumns() {
        expect(#"a\,b\quad c\qquad d"#, "a b  c    d")
    }

    @Test func unknownCommandKeepsItsSourceAndArguments() {
        expect(#"\foo{x} + 1"#, #"\foo{x} + 1"#)
    }

    @Test func colorIsIgnoredButItsContentKept() {
        expect(#"\color{red}{x} + \textcolor{blue}{y}"#, "x + y")
    }

    @Test func phantomLeavesBlankSpace() {
        expect(#"a\phantom{bb}c"#, "a  c")
    }

    @Test func pmodIsParenthesised() {
        expect(#"a \equiv b \pmod{n}"#, "a ≡ b (mod n)")
    }

    @Test func dotsAreEllipses() {
        expect(#"1, \ldots, n \cdots"#, "1, …, n⋯")
    }

    @Test func substackStacksLimits() {
        expect(
            #"\sum_{\substack{i<n \\ j<m}} a"#,
            """
             ∑  a
            i<n
            j<m
            """)
    }

    @Test func oversetPlacesItsLabelAbove() {
        expect(
            #"a \overset{!}{=} b"#,
            """
              !
            a = b
            """)
    }

    @Test func labelAndDisplaystyleAreDropped() {
        expect(#"\displaystyle x \label{eq:1} = 1"#, "x = 1")
    }

    @Test func argmaxTakesItsLimitBelow() {
        expect(
            #"\arg\max_{x} f(x) + \operatorname*{argmin}_y g"#,
            """
            arg max f(x) + argmin g
               x             y
            """)
    }

    @Test func verticalDotsAndDiagonalDots() {
        expect(#"\vdots \ddots \cdots \dots"#, "⋮⋱⋯…")
    }

    @Test func extensibleArrowIsAsLongAsItsLabel() {
        expect(
            #"A \xrightarrow{f \circ g} B"#,
            """
               f∘g
            A ────→ B
            """)
    }
}
