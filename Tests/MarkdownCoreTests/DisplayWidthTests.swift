import Testing

@testable import MarkdownCore

@Suite struct DisplayWidthTests {
    @Test func asciiCountsOneColumnPerCharacter() {
        #expect(DisplayWidth.of("hello, world") == 12)
    }

    @Test func eastAsianWideCharactersCountTwo() {
        #expect(DisplayWidth.of("中文") == 4)
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)
        #expect(DisplayWidth.of("한국어") == 6)
    }

    @Test func emojiCountTwo() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("🚀x") == 3)
    }

    @Test func emojiZWJSequenceIsOnePictureTwoColumnsWide() {
        let family = "👨‍👩‍👧‍👦"
        #expect(family.count == 1)
        #expect(DisplayWidth.of(family) == 2)
    }

    @Test func flagsAreTwoColumns() {
        #expect(DisplayWidth.of("🇩🇪") == 2)
    }

    @Test func variationSelector16MakesTextPresentationEmojiWide() {
        #expect(DisplayWidth.of("\u{2764}") == 1)
        #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 2)
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of("e\u{0301}") == 1)
        #expect(DisplayWidth.of("a\u{0308}\u{0323}b") == 2)
    }

    @Test func zeroWidthJoinerAndSpaceTakeNoColumn() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200B)!) == 0)
    }

    // Where terminals disagree, the wider reading counts (docs/architecture.md, "Text and layout").

    @Test func keycapSequencesCountTwo() {
        #expect(DisplayWidth.of("3\u{FE0F}\u{20E3}") == 2)
        #expect(DisplayWidth.of("#\u{FE0F}\u{20E3}") == 2)
        #expect(DisplayWidth.of("*\u{20E3}") == 2)
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}2\u{FE0F}\u{20E3}") == 4)
    }

    /// A space (or letter) before U+20E3 is no keycap: it measures the same whole as split at the mark,
    /// so a run starting with the mark after an indent cannot widen the line (found by mdview-fuzz).
    @Test func keycapMarkAfterANonKeycapBaseIsJustAMark() {
        #expect(DisplayWidth.of(" \u{20E3}") == 1)
        #expect(DisplayWidth.of("a\u{20E3}") == 1)
        #expect(DisplayWidth.of(" \u{20E3}") == DisplayWidth.of(" ") + DisplayWidth.of("\u{20E3}"))
    }

    @Test func indicConjunctCountsItsConsonants() {
        #expect(DisplayWidth.of("\u{0915}\u{094D}\u{0937}") == 2)  // क्ष
    }

    @Test func spacingMarksCountOne() {
        #expect(DisplayWidth.of("\u{0903}") == 1)  // ः alone
        #expect(DisplayWidth.of("\u{0915}\u{093E}") == 2)  // का
        #expect(DisplayWidth.of("\u{0915}\u{0903}") == 2)  // कः
    }

    @Test func nonSpacingMarksStillCountZero() {
        #expect(DisplayWidth.of("\u{0915}\u{093F}") == 2)  // कि: ि is a spacing mark too
        #expect(DisplayWidth.of("\u{0915}\u{0941}") == 1)  // कु: ु is non-spacing
    }

    @Test func halfwidthVoicedMarkCountsItsColumn() {
        #expect(DisplayWidth.of("\u{FF71}\u{FF9E}") == 2)  // ｱﾞ
        #expect(DisplayWidth.of("\u{FF76}\u{FF9F}") == 2)  // ｶﾟ
    }

    @Test func prependedConcatenationMarksCountOne() {
        for mark in 0x0600...0x0605 {
            let text = String(Unicode.Scalar(UInt32(mark))!) + "\u{0661}\u{0662}"
            #expect(DisplayWidth.of(text) == 3, "U+\(String(mark, radix: 16))")
        }
    }

    @Test func nonRecommendedZWJPairCountsAsItsEmoji() {
        #expect(DisplayWidth.of("\u{1F467}\u{200D}\u{1F466}") == 4)  // 👧‍👦
        #expect(DisplayWidth.of("\u{1F600}\u{200D}\u{1F680}") == 4)
    }

    @Test func recommendedZWJSequencesStayOnePicture() {
        #expect(DisplayWidth.of("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}") == 2)  // 👨‍👩‍👧
        #expect(DisplayWidth.of("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}") == 2)  // 🏳️‍🌈
        #expect(DisplayWidth.of("\u{1F3F3}\u{200D}\u{1F308}") == 2)  // minimally qualified
        #expect(DisplayWidth.of("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}") == 2)  // 👩🏽‍💻
    }

    @Test func modifierSequencesAndTagFlagsStayOnePicture() {
        #expect(DisplayWidth.of("\u{1F44D}\u{1F3FD}") == 2)  // 👍🏽
        #expect(
            DisplayWidth.of("\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == 2)  // 🏴󠁧󠁢󠁥󠁮󠁧󠁿
    }
}
