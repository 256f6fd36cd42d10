import Testing

@testable import MarkdownCore

/// Code is split into rows as byte ranges first and coloured afterwards.
@Suite struct CodeRowsTests {
    let base = Style(foreground: .palette(7))
    let keyword = Style(foreground: .palette(1))

    func texts(_ rows: [[Span]]) -> [String] { rows.map { $0.map(\.text).joined() } }

    @Test func linesBecomeRowsAndLongLinesBreakAtTheWidth() {
        let rows = CodeRows("abcdefgh\n\nxy", width: 5)
        #expect(texts(rows.spans(base: base)) == ["abcde", "fgh", "", "xy"])
        #expect(rows.rows.map(\.continues) == [false, true, false, false])
    }

    @Test func tabsExpandToTheNextStopInTheTabsStyle() {
        let rows = CodeRows("a\tb", width: 20)
        #expect(rows.rows[0].pieces == [.text(0..<1), .spaces(count: 3, tab: 1), .text(2..<3)])
        let coloured = rows.spans(base: base, tokens: [SyntaxToken(range: 1..<2, capture: "k")]) { _ in keyword }
        #expect(coloured[0] == [Span("a", style: base), Span("   ", style: keyword), Span("b", style: base)])
    }

    @Test func wideCharactersMoveWholeToTheNextRow() {
        let rows = CodeRows("ab漢字", width: 3)
        #expect(texts(rows.spans(base: base)) == ["ab", "漢", "字"])
    }

    @Test func clusterWiderThanTheRowBreaksBetweenCodePoints() {
        let code = "\u{FFFD}" + String(repeating: "\u{093E}", count: 4)  // one cluster, 5 columns
        let rows = texts(CodeRows(code, width: 2).spans(base: base))
        #expect(rows.allSatisfy { DisplayWidth.of($0) <= 2 }, "\(rows)")
        #expect(rows.joined() == code)
    }

    @Test func aTokenKeepsItsColourAcrossARowBreak() {
        let rows = CodeRows("let abcdef = 1", width: 6)
        let tokens = [SyntaxToken(range: 0..<3, capture: "k"), SyntaxToken(range: 4..<10, capture: "v")]
        let coloured = rows.spans(base: base, tokens: tokens) { $0.capture == "k" ? keyword : .plain }
        #expect(texts(coloured) == ["let ab", "cdef =", " 1"])
        #expect(coloured[0] == [Span("let", style: keyword), Span(" ", style: base), Span("ab", style: .plain)])
        #expect(coloured[1] == [Span("cdef", style: .plain), Span(" =", style: base)])
    }

    @Test func colouringNeverChangesTheText() {
        let code = "def f(x):\n\treturn 'é' * 42  # ok\n"
        let rows = CodeRows(code, width: 8)
        let tokens = [SyntaxToken(range: 0..<3, capture: "k"), SyntaxToken(range: 19..<23, capture: "s")]
        #expect(texts(rows.spans(base: base, tokens: tokens) { _ in keyword }) == texts(rows.spans(base: base)))
    }

    @Test func aLongBlockIsColouredLikeAShortOne() {
        let line = "let x = 1\n"
        let count = CodeRows.parallelRows * 2
        let code = String(repeating: line, count: count)
        let tokens = (0..<count).map { SyntaxToken(range: ($0 * 10)..<($0 * 10 + 3), capture: "k") }
        let coloured = CodeRows(code, width: 40).spans(base: base, tokens: tokens) { _ in keyword }
        #expect(coloured.count == count + 1)  // the trailing newline ends an empty last row
        #expect(coloured.dropLast().allSatisfy { $0 == [Span("let", style: keyword), Span(" x = 1", style: base)] })
    }
}
