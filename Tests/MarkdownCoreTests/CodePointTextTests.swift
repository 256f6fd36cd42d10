import Testing

@testable import MarkdownCore

/// The generated Unicode tables kept as text are read whole: every line gives an entry.
@Suite struct CodePointTextTests {
    private static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func everyShortcodeLineNamesAnEmojiOfEveryCodePointItLists() {
        let lines = Self.lines(EmojiShortcodeTable.text)
        #expect(lines.count > 1_000)
        #expect(emojiShortcodes.count == lines.count)
        for line in lines {
            let fields = line.split(separator: " ")
            #expect(emojiShortcodes[String(fields[0])]?.unicodeScalars.count == fields.count - 1, "\(line)")
        }
        #expect(emojiShortcodes["keycap_ten"] == "\u{1F51F}")
        #expect(emojiShortcodes["zero"] == "\u{30}\u{FE0F}\u{20E3}")
    }

    @Test func everyZWJSequenceLineIsOneSequenceJoinedByAZeroWidthJoiner() {
        let lines = Self.lines(EmojiZWJSequenceTable.text)
        #expect(lines.count > 1_000)
        #expect(recommendedZWJSequences.count == lines.count)
        for sequence in recommendedZWJSequences {
            #expect(sequence.unicodeScalars.contains("\u{200D}"))
            #expect(!sequence.unicodeScalars.contains("\u{FE0F}"))
        }
        #expect(recommendedZWJSequences.contains("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"))
    }

    @Test func aLineWithAFieldThatIsNoCodePointSkipsTheField() {
        #expect(CodePointText.names("ok 41 ZZ 42\n") == ["ok": "AB"])
        #expect(CodePointText.sequences("D800 43\n") == ["C"])
    }
}
