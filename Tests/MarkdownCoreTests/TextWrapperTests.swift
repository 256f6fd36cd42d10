import Testing

@testable import MarkdownCore

@Suite struct TextWrapperTests {
    private func wrap(_ text: String, _ width: Int) -> [String] {
        TextWrapper(width: width).wrap([Span(text)]).map { $0.map(\.text).joined() }
    }

    @Test func wrapsAtWordBoundaries() {
        #expect(wrap("the quick brown fox jumps over", 10) == ["the quick", "brown fox", "jumps over"])
    }

    @Test func keepsShortTextOnOneLine() {
        #expect(wrap("short", 80) == ["short"])
    }

    @Test func breaksAWordLongerThanTheLine() {
        #expect(wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"])
    }

    @Test func neverSplitsAGraphemeCluster() {
        let lines = wrap("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 5)
        #expect(lines == ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"])
    }

    @Test func clusterWiderThanTheLineBreaksBetweenCodePoints() {
        let cluster = "\u{0915}" + String(repeating: "\u{093E}", count: 9)  // क and nine spacing marks: 10 columns
        let joined = "\u{1F467}\u{200D}\u{1F466}\u{200D}\u{1F680}"  // no recommended sequence: 6 columns
        for text in [cluster, joined, "x " + cluster + " y"] {
            let lines = wrap(text, 4)
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= 4 }, "\(lines)")
            #expect(
                lines.joined().unicodeScalars.filter { $0 != " " }.count
                    == text.unicodeScalars.filter { $0 != " " }.count)
        }
    }

    @Test func clusterSpanningTwoRunsIsMeasuredWhole() {
        // `*` ends one run and U+FE0F U+20E3 start the next: together a 2-column keycap.
        for width in 2...8 {
            let runs = [Span("ab*"), Span("\u{FE0F}\u{20E3}cd", style: Style(bold: true))]
            let lines = TextWrapper(width: width).wrap(runs).map { $0.map(\.text).joined() }
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(width): \(lines)")
        }
    }

    @Test func wideCharactersWrapByColumnsNotCharacters() {
        #expect(wrap("中文中文中文", 5) == ["中文", "中文", "中文"])
    }

    @Test func hardBreakStartsANewLine() {
        #expect(wrap("one\ntwo", 80) == ["one", "two"])
    }

    @Test func dropsSpacesAtABreakButKeepsThemInsideALine() {
        #expect(wrap("aa  bb cc", 6) == ["aa  bb", "cc"])
    }

    @Test func wordsSpanningStyledRunsStayTogether() {
        let runs = [Span("say hel"), Span("lo", style: Style(bold: true)), Span(" world")]
        let lines = TextWrapper(width: 8).wrap(runs)
        #expect(lines.map { $0.map(\.text).joined() } == ["say", "hello", "world"])
        #expect(lines[1] == [Span("hel"), Span("lo", style: Style(bold: true))])
    }

    @Test func adjacentRunsOfTheSameStyleMerge() {
        let lines = TextWrapper(width: 80).wrap([Span("a "), Span("b")])
        #expect(lines == [[Span("a b")]])
    }

    @Test func noLineIsWiderThanTheWidth() {
        let text = "Lorem ipsum 中文字符 dolor 😀😀 sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
        for width in 1...30 {
            for line in wrap(text, width) {
                #expect(DisplayWidth.of(line) <= max(width, 2), "width \(width): \(line)")
            }
        }
    }
}
