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
        let text = write(
            [StyledLine([Span("a", style: red), Span("b", style: Style(hyperlink: "https://x"))])], .none,
            hyperlinks: true)
        #expect(text == "ab\n")
    }

    @Test func trueColourUsesTwentyFourBitSGR() {
        #expect(write([StyledLine([Span("a", style: red)])], .trueColor) == "\u{1B}[0;1;38;2;255;0;0ma\u{1B}[0m\n")
    }

    @Test func colourDegradesTo256() {
        #expect(write([StyledLine([Span("a", style: red)])], .palette256) == "\u{1B}[0;1;38;5;196ma\u{1B}[0m\n")
    }

    @Test func colourDegradesTo16() {
        #expect(write([StyledLine([Span("a", style: red)])], .ansi16) == "\u{1B}[0;1;31ma\u{1B}[0m\n")
    }

    @Test func hyperlinkIsOSC8AndClosedAtLineEnd() {
        let line = StyledLine([Span("x", style: Style(hyperlink: "https://a.b/"))])
        #expect(write([line], .ansi16, hyperlinks: true) == "\u{1B}]8;;https://a.b/\u{1B}\\x\u{1B}]8;;\u{1B}\\\n")
    }

    @Test func hyperlinksOffWritesOnlyTheText() {
        let line = StyledLine([Span("x", style: Style(hyperlink: "https://a.b/"))])
        #expect(write([line], .ansi16, hyperlinks: false) == "x\n")
    }

    @Test func stylesThatLookDifferentHaveDifferentKeysAndALinkChangesNoKey() {
        let looks: [Style] = [
            .plain, Style(foreground: .ansi(1)), Style(foreground: .palette(1)), Style(foreground: .rgb(0, 0, 1)),
            Style(foreground: .exactRGB(0, 0, 1)), Style(background: .ansi(1)), Style(bold: true), Style(dim: true),
            Style(italic: true), Style(underline: true), Style(strikethrough: true), Style(inverse: true),
            Style(picture: true), Style(foreground: .rgb(1, 0, 0)), Style(foreground: .rgb(0, 1, 0)),
        ]
        #expect(Set(looks.map(\.visualKey)).count == looks.count)
        for look in looks {
            var linked = look
            linked.hyperlink = "https://a.b/"
            #expect(linked.visualKey == look.visualKey)
        }
    }

    @Test func aStyleKeepsItsSequenceAfterOthersInBetween() {
        let blue = Style(foreground: .ansi(4))
        let line = StyledLine([Span("a", style: red), Span("b", style: blue), Span("c", style: red)])
        #expect(write([line], .ansi16) == "\u{1B}[0;1;31ma\u{1B}[0;34mb\u{1B}[0;1;31mc\u{1B}[0m\n")
    }

    @Test func trailingPlainSpacesAreTrimmed() {
        #expect(write([StyledLine([Span("a  ")])], .none) == "a\n")
    }

    @Test func graphicsAreLeftOutOfPlainText() {
        let line = StyledLine([], graphic: Graphic(payload: Array("\u{1B}Pq#0~\u{1B}\\".utf8), columns: 2, rows: 1))
        #expect(write([line], .none) == "\n")
    }
}

@Suite struct ColorPaletteTests {
    @Test func sixteenColourDegradationKeepsTheHue() {
        #expect(ColorPalette.ansi(0xc6, 0x78, 0xdd) == 13)  // soft purple → bright magenta
        #expect(ColorPalette.ansi(0x98, 0xc3, 0x79) == 10)  // soft green → bright green
        #expect(ColorPalette.ansi(0x61, 0xaf, 0xef) == 14)  // sky blue (207°) → bright cyan
        #expect(ColorPalette.ansi(0xa6, 0x26, 0xa4) == 5)  // dark magenta stays dark
        #expect(ColorPalette.ansi(0xff, 0x00, 0x00) == 1)  // pure red is the terminal's red
    }

    @Test func greysDegradeByLightness() {
        #expect(ColorPalette.ansi(0x10, 0x10, 0x10) == 0)
        #expect(ColorPalette.ansi(0x7f, 0x84, 0x8e) == 8)
        #expect(ColorPalette.ansi(0xd0, 0xd0, 0xd0) == 7)
        #expect(ColorPalette.ansi(0xff, 0xff, 0xff) == 15)
    }

    @Test func paletteDegradationPicksTheNearestCubeOrGrey() {
        #expect(ColorPalette.palette(0xff, 0x00, 0x00) == 196)
        #expect(ColorPalette.palette(0x80, 0x80, 0x80) == 244)
    }
}
