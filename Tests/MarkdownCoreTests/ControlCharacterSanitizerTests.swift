import Testing

@testable import MarkdownCore

@Suite struct ControlCharacterSanitizerTests {
    @Test func leavesOrdinaryTextAlone() {
        #expect(ControlCharacterSanitizer.sanitize("plain text, 中文 😀\n\tx") == "plain text, 中文 😀\n\tx")
    }

    @Test func escapeBecomesAVisibleSymbol() {
        #expect(ControlCharacterSanitizer.sanitize("a\u{1B}[2Jb") == "a␛[2Jb")
    }

    @Test func otherC0ControlsBecomeControlPictures() {
        #expect(ControlCharacterSanitizer.sanitize("\u{07}\u{00}\u{08}\r") == "␇␀␈␍")
    }

    @Test func deleteBecomesVisible() {
        #expect(ControlCharacterSanitizer.sanitize("x\u{7F}") == "x␡")
    }

    @Test func c1ControlsBecomeTheirSevenBitForm() {
        #expect(ControlCharacterSanitizer.sanitize("\u{9B}2J\u{9D}52;c;x\u{9C}") == "␛[2J␛]52;c;x␛\\")
    }

    @Test func sanitisedTextHasNoControlCharacterButNewlineAndTab() {
        let all = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init)))
        let clean = ControlCharacterSanitizer.sanitize(all)
        #expect(
            !clean.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value)
            })
    }
}

@Suite struct SanitizerFastCheckTests {
    /// The word-at-a-time check agrees with a plain byte scan wherever the dangerous byte sits.
    @Test func fastCheckFindsEveryControlAtEveryOffset() {
        let dangerous: [String] = ["\u{1B}", "\u{07}", "\u{00}", "\u{7F}", "\u{9B}", "\r"]
        for length in 0..<20 {
            let clean = String(repeating: "a", count: length)
            #expect(!ControlCharacterSanitizer.needsSanitizing(clean))
            #expect(!ControlCharacterSanitizer.needsSanitizing(clean + "\n\té中"))
            for offset in 0...length {
                for d in dangerous {
                    var text = clean
                    text.insert(contentsOf: d, at: text.index(text.startIndex, offsetBy: offset))
                    #expect(
                        ControlCharacterSanitizer.needsSanitizing(text),
                        "\(d.debugDescription) at \(offset) in \(length)")
                }
            }
        }
    }

    @Test func aC1ControlSplitAcrossWordsIsFound() {
        // C2 is the 8th byte, 9B the 9th: the pair straddles two 8-byte words.
        #expect(ControlCharacterSanitizer.needsSanitizing("abcdefg\u{9B}2J"))
    }
}
