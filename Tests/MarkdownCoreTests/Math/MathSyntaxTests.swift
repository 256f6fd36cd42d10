import Testing

@testable import MarkdownCore

/// Where math starts and ends in a document: GitHub's rules for `$`, `$$`, `` $`…`$ ``, the `\(…\)` and
/// `\[…\]` forms language models write, display environments, and math fences.
@Suite struct MathSyntaxTests {
    private func blocks(_ markdown: String) -> [Block] {
        DocumentConverter().document(from: markdown).blocks
    }

    private func inlines(_ markdown: String) -> [Inline] {
        guard case .paragraph(let inlines)? = blocks(markdown).first else { return [] }
        return inlines
    }

    private func math(_ source: String, _ delimiter: MathSpan.Delimiter = .dollar) -> Inline {
        .math(MathSpan(source: source, delimiter: delimiter))
    }

    @Test func dollarsEnclosingTeXAreInlineMath() {
        #expect(inlines("so $a_1 + b_1 = c_1$ holds") == [.text("so "), math("a_1 + b_1 = c_1"), .text(" holds")])
    }

    @Test func nothingInsideMathIsMarkdown() {
        #expect(inlines("$x*y*z$") == [math("x*y*z")])
        #expect(inlines("$a_b_c$ and $[x](y)$") == [math("a_b_c"), .text(" and "), math("[x](y)")])
        #expect(inlines("$a\\,b \\{c\\}$") == [math("a\\,b \\{c\\}")])
        #expect(inlines("$&amp;$") == [math("&amp;")])
    }

    @Test func pricesStayProse() {
        #expect(!inlines("it costs $5 and $10 today").contains(where: Self.isMath))
        #expect(Inline.plainText(inlines("it costs $5 and $10 today")) == "it costs $5 and $10 today")
    }

    @Test func aPriceBeforeAFormulaStaysProse() {
        #expect(
            inlines("It costs $5 per month, and the formula is $x$.") == [
                .text("It costs $5 per month, and the formula is "), math("x"), .text("."),
            ])
    }

    @Test func closingDollarBeforeADigitClosesNothing() {
        #expect(!inlines("between $x$5 and more").contains(where: Self.isMath))
    }

    @Test func openingDollarBeforeASpaceOpensNothing() {
        #expect(!inlines("a $ x$ b").contains(where: Self.isMath))
        #expect(!inlines("a $x $ b").contains(where: Self.isMath))
    }

    @Test func escapedDollarIsALiteralDollar() {
        #expect(Inline.plainText(inlines("\\$x$ costs")) == "$x$ costs")
        #expect(!inlines("\\$x$ costs").contains(where: Self.isMath))
    }

    @Test func escapedDollarInsideMathDoesNotCloseIt() {
        #expect(inlines("$a\\$b$") == [math("a\\$b")])
    }

    @Test func unclosedDollarAtTheEndIsText() {
        #expect(Inline.plainText(inlines("cost $x + y")) == "cost $x + y")
        #expect(!inlines("cost $x + y").contains(where: Self.isMath))
    }

    @Test func codeSpansKeepTheirDollars() {
        #expect(inlines("`$x$` and $y$") == [.code("$x$"), .text(" and "), math("y")])
    }

    @Test func linkDestinationsAndAutolinksKeepTheirDollars() {
        let link = inlines("[a](https://x.org/$y$) b")
        guard case .link(let parsed)? = link.first else {
            Issue.record("no link: \(link)")
            return
        }
        #expect(parsed.destination == "https://x.org/$y$")
        guard case .link(let auto)? = inlines("<https://x.org/$q$>").first else {
            Issue.record("no autolink")
            return
        }
        #expect(auto.destination == "https://x.org/$q$")
    }

    @Test func emphasisAroundMathHoldsTheFormula() {
        #expect(inlines("*$x$*") == [.emphasis([math("x")])])
        #expect(inlines("**$E=mc^2$**") == [.strong([math("E=mc^2")])])
    }

    @Test func mathNextToPunctuation() {
        #expect(inlines("($x$), $y$.") == [.text("("), math("x"), .text("), "), math("y"), .text(".")])
    }

    @Test func mathBetweenCJKText() {
        #expect(inlines("数学$x^2$公式") == [.text("数学"), math("x^2"), .text("公式")])
    }

    @Test func backtickDollarFormIsMath() {
        #expect(
            inlines("$`\\sqrt{2}`$ is irrational") == [math("\\sqrt{2}", .dollarBacktick), .text(" is irrational")])
    }

    @Test func doubleDollarsInsideAParagraphAreDisplayMath() {
        #expect(inlines("so $$x^2$$ holds") == [.text("so "), math("x^2", .doubleDollar), .text(" holds")])
    }

    @Test func unclosedDoubleDollarsAreText() {
        #expect(Inline.plainText(inlines("so $$x holds")) == "so $$x holds")
    }

    @Test func parenthesisFormIsMath() {
        #expect(
            inlines("where \\(\\alpha > 0\\) holds") == [
                .text("where "), math("\\alpha > 0", .parenthesis), .text(" holds"),
            ])
    }

    @Test func lonelyEscapedParenthesesStayCommonMark() {
        #expect(Inline.plainText(inlines("a \\( b")) == "a ( b")
        #expect(Inline.plainText(inlines("a \\) b")) == "a ) b")
        #expect(Inline.plainText(inlines("a \\\\(b\\\\) c")) == "a \\(b\\) c")
    }

    @Test func bracketsOnTheirOwnLineAreADisplayBlock() {
        #expect(
            blocks("\\[ \\int_0^1 f(x)\\,dx \\]") == [
                .math(MathBlock(source: " \\int_0^1 f(x)\\,dx ", delimiter: .brackets))
            ])
    }

    @Test func escapedBracketsThatStartAProseLineAreNoFormula() {
        #expect(blocks("\\[not a link](/foo)") == [.paragraph([.text("[not a link](/foo)")])])
        #expect(blocks("a\n\\[foo]") == [.paragraph([.text("a"), .softBreak, .text("[foo]")])])
    }

    @Test func bracketsAloneOnTheirLineOpenAFormulaThatSpansLines() {
        #expect(blocks("\\[\nE = mc^2\n\\]") == [.math(MathBlock(source: "\nE = mc^2\n", delimiter: .brackets))])
    }

    @Test func emptyParenthesesAreEscapedParentheses() {
        #expect(Inline.plainText(inlines("\\(\\) and \\!")) == "() and !")
    }

    @Test func doubleDollarLinesEncloseADisplayBlock() {
        #expect(blocks("$$\n\\sum_i x_i\n$$") == [.math(MathBlock(source: "\n\\sum_i x_i\n", delimiter: .dollars))])
    }

    @Test func displayBlockInterruptsAParagraph() {
        #expect(
            blocks("We have:\n$$\nx = 1\n$$\nafter") == [
                .paragraph([.text("We have:")]),
                .math(MathBlock(source: "\nx = 1\n", delimiter: .dollars)),
                .paragraph([.text("after")]),
            ])
    }

    @Test func markdownInsideADisplayBlockIsNotParsed() {
        #expect(
            blocks("$$\na\n+ b\n| c |\n# d\n$$") == [
                .math(MathBlock(source: "\na\n+ b\n| c |\n# d\n", delimiter: .dollars))
            ])
    }

    @Test func unclosedDisplayBlockEndsAtABlankLine() {
        #expect(
            blocks("$$\nx = 1\n\nnext") == [
                .math(MathBlock(source: "\nx = 1\n", delimiter: .dollars, isClosed: false)),
                .paragraph([.text("next")]),
            ])
    }

    @Test func textAfterAClosingDelimiterIsKept() {
        #expect(
            blocks("$$\nx\n$$ and more") == [
                .math(MathBlock(source: "\nx\n", delimiter: .dollars)), .paragraph([.text("and more")]),
            ])
    }

    @Test func dollarsThatStartProseAreNoBlock() {
        #expect(blocks("$$5 off today") == [.paragraph([.text("$$5 off today")])])
        #expect(!blocks("$$$ money").contains { if case .math = $0 { return true } else { return false } })
    }

    @Test func displayEnvironmentsWithoutDelimitersAreDisplayBlocks() {
        let source = "\\begin{align}\na &= b \\\\\n\\begin{cases} x \\end{cases}\n\\end{align}"
        #expect(
            blocks(source + "\n\ntext") == [
                .math(MathBlock(source: source, delimiter: .environment("align"))), .paragraph([.text("text")]),
            ])
    }

    @Test func mathFenceIsADisplayBlock() {
        #expect(blocks("```math\nE = mc^2\n```") == [.math(MathBlock(source: "E = mc^2", delimiter: .fence))])
        #expect(
            blocks("```math\nE = mc^2") == [.math(MathBlock(source: "E = mc^2", delimiter: .fence, isClosed: false))])
    }

    @Test func displayBlockInAListKeepsTheListTight() {
        guard case .list(let list)? = blocks("- a\n  $$\n  x\n  $$\n- b").first else {
            Issue.record("no list")
            return
        }
        #expect(list.isTight)
        #expect(list.items.count == 2)
        #expect(list.items[0].blocks.last == .math(MathBlock(source: "\nx\n", delimiter: .dollars)))
    }

    @Test func blankLineAfterADisplayBlockInAListMakesItLoose() {
        guard case .list(let list)? = blocks("- a\n  $$\n  x\n  $$\n\n- b").first else {
            Issue.record("no list")
            return
        }
        #expect(!list.isTight)
    }

    @Test func displayBlockInAQuote() {
        #expect(
            blocks("> $$\n> x\n> $$") == [.blockQuote([.math(MathBlock(source: "\nx\n", delimiter: .dollars))])])
    }

    @Test func mathInATableCell() {
        guard case .table(let table)? = blocks("| a | b |\n|---|---|\n| $x^2$ | $y$ |").first else {
            Issue.record("no table")
            return
        }
        #expect(table.rows[0][0] == [math("x^2")])
    }

    @Test func controlCharactersInMathAreMadeVisible() {
        guard case .math(let span)? = inlines("$x\u{1B}[31m$").first else {
            Issue.record("no math")
            return
        }
        #expect(!span.source.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func documentWithoutDollarsOrBackslashesParsesAsBefore() {
        let text = "A (plain) paragraph, with *emphasis* and [a link](x) (twice)."
        #expect(MathSyntax.scan(text) == (false, false))
        #expect(Inline.plainText(inlines(text)) == "A (plain) paragraph, with emphasis and a link (twice).")
    }

    private static func isMath(_ inline: Inline) -> Bool {
        if case .math = inline { return true }
        return false
    }
}
