import Testing

@testable import MarkdownCore

/// Formulas that do not parse are shown as source, with a reason in words.
@Suite struct MathFailureTests {
    func failure(_ tex: String) -> MathFailure? {
        guard case .source(let failure) = MathTypesetter().inline(tex) else { return nil }
        return failure
    }

    @Test func unbalancedBraces() {
        #expect(failure("{x") == .unbalancedBraces)
        #expect(failure("x}") == .unbalancedBraces)
    }

    @Test func endWithoutBegin() {
        #expect(failure(#"x \end{pmatrix}"#) == .unmatchedEnd("pmatrix"))
    }

    @Test func beginWithoutEnd() {
        #expect(failure(#"\begin{pmatrix} a & b"#) == .unmatchedBegin("pmatrix"))
    }

    @Test func rightWithoutLeft() {
        #expect(failure(#"x \right)"#) == .unmatchedRight)
    }

    @Test func leftWithoutRight() {
        #expect(failure(#"\left( x"#) == .unmatchedLeft)
    }

    @Test func missingArgument() {
        #expect(failure(#"\frac{a}"#) == .missingArgument("\\frac"))
        #expect(failure("x^") == .missingArgument("^"))
    }

    @Test func doubleScript() {
        #expect(failure("x^a^b") == .doubleScript)
    }

    @Test func tooLarge() {
        let source = String(repeating: "x+", count: 60_000)
        #expect(failure(source) == .tooLarge(bytes: 120_000))
    }

    @Test func tooDeep() {
        let source = String(repeating: "{", count: 100) + "x" + String(repeating: "}", count: 100)
        #expect(failure(source) == .tooDeep)
    }

    @Test func displayFallsBackToSourceWithTheSameFailure() {
        #expect(MathTypesetter().display("{x", width: 40) == .source(.unbalancedBraces))
    }

    @Test func failuresSayWhatIsWrong() {
        #expect(MathFailure.unmatchedBegin("cases").description == "\\begin{cases} has no matching \\end{cases}")
        #expect(MathFailure.unbalancedBraces.description.contains("braces"))
    }

    /// Linear time: a megabyte formula and ten thousand nested braces fall back without exhausting the
    /// stack (the outcome is asserted, never the time).
    @Test func hugeAndDeepInputsFallBack() {
        let huge = String(repeating: "\\frac{a}{b}+", count: 90_000)
        #expect(MathTypesetter().display(huge, width: 80) == .source(.tooLarge(bytes: huge.utf8.count)))
        let deep = String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000)
        #expect(MathTypesetter().display(deep, width: 80) == .source(.tooDeep))
        let lefts = String(repeating: "\\left(", count: 5_000) + String(repeating: "\\right)", count: 5_000)
        #expect(MathTypesetter().inline(lefts) == .source(.tooDeep))
        let unbalanced = String(repeating: "{", count: 50_000)
        #expect(MathTypesetter().inline(unbalanced) == .source(.unbalancedBraces))
    }
}
