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
        #expect(!clean.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F..<0xA0).contains($0.value) })
    }
}
