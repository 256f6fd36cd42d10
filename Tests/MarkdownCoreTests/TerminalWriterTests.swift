import Testing
@testable import MarkdownCore

@Suite struct TerminalWriterTests {
    private func write(_ lines: [StyledLine], _ depth: ColorDepth, hyperlinks: Bool = false) -> String {
        var out: [UInt8] = []
        TerminalWriter(colorDepth: depth, hyperlinks: hyperlinks).write(lines, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private let red = Style(foreground: .rgb(255, 0, 0), bold: true)

    @Test func plainOutputHasNoEscapeByte() {
        let text = write([StyledLine([Span("a", style: red), Span("b", style: Style(hyperlink: "https://x"))])], .none, hyperlinks: true)
        #expect(text == "ab\n")
    }

    @Test func trueColourUsesTwentyFourBitSGR() {
        #expect(write([StyledLine([Span("a", style: red)])], .trueColor) == "\u{1B}[0;1;38;2;255;0;0ma\u{1B}[0m\n")
    }

    @Test func colourDegradesTo256() {
        #expect(write([StyledLine([Span("a", style: red)])], .palette256) == "\u{1B}[0;1;38;5;196ma\u{1B}[0m\n")
    }

    @Test func colourDegradesTo16() {
        #expect(write([StyledLine([Span("a", style: red)])], .ansi16) == "\u{1B}[0;1;91ma\u{1B}[0m\n")
    }

    @Test func hyperlinkIsOSC8AndClosedAtLineEnd() {
        let line = StyledLine([Span("x", style: Style(hyperlink: "https://a.b/"))])
        #expect(write([line], .ansi16, hyperlinks: true) == "\u{1B}]8;;https://a.b/\u{1B}\\x\u{1B}]8;;\u{1B}\\\n")
    }

    @Test func hyperlinksOffWritesOnlyTheText() {
        let line = StyledLine([Span("x", style: Style(hyperlink: "https://a.b/"))])
        #expect(write([line], .ansi16, hyperlinks: false) == "x\n")
    }

    @Test func trailingPlainSpacesAreTrimmed() {
        #expect(write([StyledLine([Span("a  ")])], .none) == "a\n")
    }

    @Test func graphicsAreLeftOutOfPlainText() {
        let line = StyledLine([], graphic: Graphic(payload: Array("\u{1B}Pq#0~\u{1B}\\".utf8), columns: 2, rows: 1))
        #expect(write([line], .none) == "\n")
    }
}
