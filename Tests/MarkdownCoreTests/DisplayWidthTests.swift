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
}
