import Testing

@testable import MarkdownCore

/// The one-row inline form: Unicode scripts all or nothing, fractions, radicals, spacing and break points.
@Suite struct MathInlineTests {
    func expect(_ tex: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(MathRendering.inlinePlain(tex) == expected, sourceLocation: sourceLocation)
    }

    @Test func scriptsBecomeUnicodeWhenEveryCharacterHasOne() {
        expect("x^2", "x²")
        expect("x_i", "xᵢ")
        expect("a_{n+1}", "aₙ₊₁")
        expect("e^{-x}", "e⁻ˣ")
        expect("x^{k+1}", "xᵏ⁺¹")
    }

    @Test func scriptsStayLinearWhenOneCharacterHasNone() {
        expect("x_c", "x_c")
        expect("e^{-x^2}", "e^(−x²)")
        expect(#"x_{\text{best}}"#, "x_(best)")
        expect(#"x_{\mathrm{max}}"#, "xₘₐₓ")
    }

    @Test func aLetterAfterAMarkedScriptIsKeptApart() {
        expect("x_c y", "x_c y")
        expect(#"\nabla_\theta J(\theta)"#, "∇_θ J(θ)")
        expect("x_c = 1", "x_c = 1")
        expect("p_c(x)", "p_c(x)")
        expect("x_{best} y", "x_(best)y")
    }

    @Test func aSuperscriptAfterAMarkedSubscriptIsMarkedToo() {
        expect("x_c^2", "x_c^2")
        expect(#"\sum_{k=0}^{\infty}"#, "∑ₖ₌₀^∞")
    }

    @Test func singleLetterAccentBeforeParenthesesIsCombining() {
        expect(#"\hat{f}(\xi)"#, "f̂(ξ)")
    }

    @Test func unknownCommandKeepsItsBracedArguments() {
        expect(#"\foo{x} + 1"#, #"\foo{x} + 1"#)
    }

    @Test func transposeIsASuperscriptT() {
        expect(#"X^\top X"#, "XᵀX")
    }

    @Test func simpleFractionUsesTheFractionSlash() {
        expect(#"\frac{a}{b}"#, "a⁄b")
        expect(#"\frac{1}{2}"#, "1⁄2")
    }

    @Test func compoundFractionIsParenthesised() {
        expect(#"\frac{a+b}{c+d}"#, "(a + b)/(c + d)")
        expect(#"\frac{a+b}{2}"#, "(a + b)/2")
    }

    @Test func fractionOfProductRunsUsesTheFractionSlash() {
        expect(#"\frac{dz}{dx}"#, "dz⁄dx")
        expect(#"\frac{x^2}{2a}"#, "x²⁄2a")
    }

    @Test func onlyTheSideWithASpaceOrOperatorIsParenthesised() {
        expect(#"\frac{P(B \mid A)\, P(A)}{P(B)}"#, "(P(B ∣ A) P(A))/P(B)")
    }

    @Test func fractionFollowedDirectlyByAFactorIsParenthesised() {
        expect(#"\frac{1}{2}x + \frac{a+b}{2}(c)"#, "(1⁄2)x + ((a + b)/2)(c)")
    }

    @Test func radicals() {
        expect(#"\sqrt{x}"#, "√x")
        expect(#"\sqrt{x+1}"#, "√(x + 1)")
        expect(#"\sqrt[3]{x}"#, "∛x")
    }

    @Test func aRadicandWithALoweredSubscriptNeedsNoParentheses() {
        expect(#"\sqrt{d_k}"#, "√dₖ")
        expect(#"\frac{QK^\top}{\sqrt{d_k}}"#, "QKᵀ⁄√dₖ")
        expect(#"\sqrt{x^2}"#, "√(x²)")
        expect(#"\sqrt{x_c}"#, "√(x_c)")
    }

    @Test func bigOperatorScriptsConvertAllOrNothing() {
        expect(#"\sum_{i=1}^n a_i"#, "∑ᵢ₌₁ⁿ aᵢ")
        expect(#"\sum_{x \in S} x"#, "∑_(x∈S) x")
    }

    @Test func matrixReadsRowByRow() {
        expect(#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#, "(a, b; c, d)")
        expect(#"\begin{matrix} a & b \end{matrix}"#, "[a, b]")
    }

    @Test func spacesAreNoBreakExceptAfterTopLevelOperators() {
        guard case .pieces(let pieces) = MathTypesetter().inline(#"a + b = \sin x"#) else {
            Issue.record("not typeset")
            return
        }
        #expect(pieces.map(\.text).joined() == "a\u{A0}+ b\u{A0}= sin\u{A0}x")
    }

    @Test func operatorsInsideGroupsDoNotBreak() {
        guard case .pieces(let pieces) = MathTypesetter().inline(#"\frac{a+b}{c} = d"#) else {
            Issue.record("not typeset")
            return
        }
        #expect(pieces.map(\.text).joined() == "(a\u{A0}+\u{A0}b)/c\u{A0}= d")
    }

    @Test func textSpacesAreNoBreak() {
        #expect(MathRendering.inline(#"\text{for all } x"#) == "for\u{A0}all\u{A0}x")
    }

    @Test func unaryMinusTakesNoSpace() {
        expect("-x + (-1)", "−x + (−1)")
    }

    @Test func binomialReadsAsC() {
        expect(#"\binom{n}{k}"#, "C(n, k)")
    }

    @Test func wideAccentReadsAsAFunction() {
        expect(#"\hat{\beta} + \hat{xy}"#, "β̂ + hat(xy)")
    }

    @Test func rolesAreKept() {
        guard case .pieces(let pieces) = MathTypesetter().inline(#"\sin x = 2"#) else {
            Issue.record("not typeset")
            return
        }
        #expect(pieces.first == MathPiece(text: "sin", role: .function))
        #expect(pieces.contains(MathPiece(text: "x", role: .variable)))
        #expect(pieces.last == MathPiece(text: "2", role: .number))
    }

    @Test func unknownCommandIsKeptAsSource() {
        guard case .pieces(let pieces) = MathTypesetter().inline(#"\foo + 1"#) else {
            Issue.record("not typeset")
            return
        }
        #expect(pieces.first == MathPiece(text: "\\foo", role: .source))
    }

    @Test func controlCharactersInTextAreReplaced() {
        let rendered = MathRendering.inline("\\text{a\u{1B}[31mb\u{7F}\u{85}}")
        #expect(!rendered.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(rendered.contains("a"))
    }
}
