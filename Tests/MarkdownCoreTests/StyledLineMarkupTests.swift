import MarkdownCore
import TestSupport
import Testing

/// The golden files' markup: what it writes for each kind of span, so a golden diff reads unambiguously.
@Suite struct StyledLineMarkupTests {
    let markup = StyledLineMarkup(colorDepth: .trueColor)

    @Test func plainTextIsWrittenBare() {
        #expect(markup.text(StyledLine([Span("just text")])) == "just text")
    }

    @Test func attributesComeInAFixedOrderWhateverTheStyleSets() {
        let style = Style(
            foreground: .rgb(255, 215, 95), background: .rgb(48, 48, 48), bold: true, dim: true, italic: true,
            underline: true, strikethrough: true, inverse: true)
        #expect(markup.text(StyledLine([Span("x", style: style)])) == "{b dim i u inv s fg=#ffd75f bg=#303030}x{/}")
    }

    @Test func aHyperlinkTargetComesLast() {
        let style = Style(underline: true, hyperlink: "https://example.com/a")
        #expect(markup.text(StyledLine([Span("a", style: style)])) == "{u link=https://example.com/a}a{/}")
    }

    @Test func literalBracesAreDoubled() {
        let line = StyledLine([Span("f{x}"), Span("{}", style: Style(bold: true))])
        #expect(markup.text(line) == "f{{x}}{b}{{}}{/}")
    }

    @Test func neighboursInTheSameStyleAreOneRun() {
        let bold = Style(bold: true)
        #expect(markup.text(StyledLine([Span("a", style: bold), Span("b", style: bold), Span("c")])) == "{b}ab{/}c")
    }

    @Test func trailingSpacesTheWriterDropsAreDropped() {
        #expect(markup.text(StyledLine([Span("text"), Span("   ")])) == "text")
        let shaded = Style(background: .rgb(0, 0, 0))
        #expect(markup.text(StyledLine([Span("text"), Span("  ", style: shaded)])) == "text{bg=#000000}  {/}")
    }

    @Test func coloursAreWhatTheDepthMakesOfThem() {
        let line = StyledLine([Span("x", style: Style(foreground: .rgb(255, 215, 95)))])
        #expect(StyledLineMarkup(colorDepth: .palette256).text(line) == "{fg=221}x{/}")
        #expect(StyledLineMarkup(colorDepth: .ansi16).text(line) == "{fg=bright-yellow}x{/}")
    }

    @Test func aGraphicIsShownBySizeAndChecksum() {
        let line = StyledLine([Span("  ")], graphic: Graphic(payload: [1, 2, 3], columns: 20, rows: 5))
        #expect(markup.text(line) == "{graphic 20x5 3 bytes fnv1a=56cf37ab}")
    }

    @Test func everyLineEndsWithANewline() {
        #expect(markup.text([StyledLine([Span("a")]), .blank]) == "a\n\n")
    }
}
