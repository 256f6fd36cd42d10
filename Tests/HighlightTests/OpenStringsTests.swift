import Testing

@testable import Highlight

/// Which new lines of a string or comment left open take its colour unparsed (`OpenStrings.isPlain`):
/// those holding nothing a grammar colours apart inside it.
@Suite struct OpenStringsTests {
    /// Whether `added`, after `opened` (which leaves a string or comment open), is plain in `language`.
    private func isPlain(_ added: String, after opened: String, in language: String) -> Bool {
        var strings = OpenStrings(language: language)
        let bytes = Array((opened + added).utf8)
        return bytes.withUnsafeBufferPointer { code in
            strings.advance(over: code)
            return strings.isPlain(code[opened.utf8.count...], in: strings.end(of: code), of: code)
        }
    }

    @Test func bracesInAPythonDocstringArePlain() {
        #expect(isPlain("line 2 of a text, {x} here\n", after: "TEXT = \"\"\"\nline 1\n", in: "python"))
    }

    @Test func bracesInAPythonFStringAreInterpolations() {
        #expect(!isPlain("line 2, {x} here\n", after: "TEXT = f\"\"\"\nline 1\n", in: "python"))
        #expect(!isPlain("line 2, {x} here\n", after: "TEXT = rF\"\"\"\nline 1\n", in: "python"))
    }

    /// What closes `code` for a parse in `language`.
    private func closer(of code: String, in language: String) -> String {
        var strings = OpenStrings(language: language)
        let bytes = Array(code.utf8)
        return bytes.withUnsafeBufferPointer { code in
            strings.advance(over: code)
            return String(decoding: strings.closer(for: strings.end(of: code), after: code), as: UTF8.self)
        }
    }

    @Test func aPythonFStringCutInsideItsBracesIsClosedAfterThem() {
        #expect(closer(of: "TEXT = f\"\"\"\nline 1, {total.cou", in: "python") == "}\"\"\"")
        #expect(closer(of: "print(f\"{a} and {b", in: "python") == "}\"")
        #expect(closer(of: "TEXT = \"\"\"\nline 1, {total.cou", in: "python") == "\"\"\"")
    }

    @Test func anEscapeInAStringIsNotPlain() {
        #expect(!isPlain("line 2\\tindented\n", after: "TEXT = \"\"\"\nline 1\n", in: "python"))
    }

    @Test func aBackslashInABlockCommentIsPlain() {
        #expect(isPlain(" * a path: C:\\dir, $HOME, #{x}\n", after: "/*\n * line 1\n", in: "c"))
    }

    @Test func interpolationsOfEachLanguageAreNotPlain() {
        #expect(!isPlain("line 2 #{x}\n", after: "x = \"\nline 1\n", in: "ruby"))
        #expect(!isPlain("line 2 $x\n", after: "echo \"\nline 1\n", in: "bash"))
        #expect(!isPlain("line 2 ${x}\n", after: "const t = `\nline 1\n", in: "javascript"))
        #expect(isPlain("line 2 $x #{x}\n", after: "echo '\nline 1\n", in: "bash"))
    }

    @Test func codeOutsideAStringIsNeverPlain() {
        #expect(!isPlain("y = 2\n", after: "x = 1\n", in: "python"))
    }
}
