import Testing

@testable import MarkdownCore

/// Math while it streams: a formula still open is shown as the text (or source) it is so far, and
/// every step and the end equal the one-shot render of what arrived.
@Suite struct MathStreamTests {
    static let renderer = MarkdownRenderer(
        capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor, hyperlinks: true))

    @Test func inlineMathAppearsOnceItsCloserArrives() {
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(
            "The area is $\\pi r^2$ and costs $5 today, or $x_1 + x_2$.\n", renderer: Self.renderer)
    }

    @Test func openDisplayFormulaIsShownAsItsSourceUntilItCloses() {
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(
            "Before:\n$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\n$$\nafter\n", renderer: Self.renderer)
    }

    @Test func bracketsEnvironmentsAndFencesStreamAsTheOneShotRender() {
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(
            "\\[ x = \\sqrt{y} \\]\n\n\\begin{align}\na &= b \\\\\n&= c\n\\end{align}\n\n```math\n\\frac{1}{2}\n```\n",
            renderer: Self.renderer)
    }

    @Test func displayMathInAListStreamsAsTheOneShotRender() {
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(
            "1. Softmax:\n   $$\n   \\frac{e^{z_i}}{\\sum_j e^{z_j}}\n   $$\n2. Then $p_i$.\n", renderer: Self.renderer)
    }

    /// Text after a formula's closer on the same line is a paragraph of its own that shares the line:
    /// the stream never cuts between the two (it would read the line again as a new formula).
    @Test(arguments: ["$$\nx\n$$r\n\nnext\n", "\\[\nx\n\\] and more\n\nnext\n", "- a\n\n$$\nx\n$$ b\n\nnext\n"])
    func textAfterADisplayFormulasCloserStreamsAsTheOneShotRender(markdown: String) {
        MarkdownStreamTests.expectEveryPrefixShowsTheInputSoFar(markdown, renderer: Self.renderer)
        let bytes = Array(markdown.utf8)
        #expect(MarkdownStreamTests.streamed(bytes, pieces: 4096) == MarkdownStreamTests.oneShot(bytes))
    }

    @Test func anUnclosedDisplayFormulaIsLaidOutAsItsSource() {
        let lines = Self.renderer.lines(for: "$$\nx^2\n")
        let text = lines.map(\.plainText).joined(separator: "\n")
        #expect(text.contains("$$") && text.contains("x^2") && text.contains("math"))
    }
}
