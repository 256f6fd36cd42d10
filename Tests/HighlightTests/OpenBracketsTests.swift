import Testing

@testable import Highlight

/// `OpenBrackets`: which closers would close a growing block, read by a rough scan of its text.
@Suite struct OpenBracketsTests {
    private func suffix(_ text: String, language: String = "javascript") -> String? {
        var brackets = OpenBrackets(language: language)
        brackets.scan(Array(text.utf8))
        return brackets.suffix.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theInnermostOpenBracketIsClosedFirst() {
        #expect(suffix("class A {\n  f(a) {\n    g([1, (2") == ")])}}")
    }

    @Test func closedBracketsNeedNoCloser() {
        #expect(suffix("f(a) {\n  return [1, 2];\n}\n") == "")
    }

    @Test func bracketsInStringsDoNotCount() {
        #expect(suffix("f(\"{(\", `[${a}`, '(') {\n") == "}")
    }

    @Test func bracketsInCommentsDoNotCount() {
        #expect(suffix("f() { // {\n  /* ( [ */ g(\n") == ")}")
        #expect(suffix("def f(x):  # (\n    return [x,\n", language: "python") == "]")
    }

    @Test func aHashBeforeAWordIsCode() {
        #expect(suffix("#include <stdio.h>\n#define M(a) (a)\nint f() {", language: "c") == "}")
        #expect(suffix("#[derive(Debug)]\nstruct A {", language: "rust") == "}")
    }

    @Test func aCharacterLiteralHidesItsBracketButALifetimeDoesNot() {
        #expect(suffix("if (c == '{' || c == '\\'') {", language: "c") == "}")
        #expect(suffix("fn f<'a>(s: &'a str) -> &'a str {", language: "rust") == "}")
    }

    @Test func aSingleQuoteOpensAStringInPython() {
        #expect(suffix("print('a (b', [\n", language: "python") == "])")
    }

    @Test func aBlockEndingInALineCommentIsClosedOnTheNextLine() {
        #expect(suffix("f() {\n  g();  // note") == "\n}")
    }

    @Test func aBlockEndingInsideAStringOrBlockCommentHasNoCloser() {
        #expect(suffix("f() {\n  g(\"abc") == nil)
        #expect(suffix("f() {\n  /* note") == nil)
        #expect(suffix("f() {\n  const a = 1 /") == nil)
    }

    @Test func aCloserThatDoesNotMatchLosesTrackForGood() {
        #expect(suffix("f() {\n  g(]") == nil)
        #expect(suffix("f() {\n  g(]\n  h() {\n") == nil)
    }

    @Test func readingInPiecesEqualsReadingAtOnce() {
        let text = "f() { /* a\n { */ g(\"}\\\"\", '(') // x {\n  h([1,\n"
        let whole = suffix(text)
        #expect(whole == "])}")
        for cut in 0...text.utf8.count {
            var brackets = OpenBrackets(language: "javascript")
            brackets.scan(Array(text.utf8).prefix(cut))
            brackets.scan(Array(text.utf8).dropFirst(cut))
            #expect(brackets.suffix.map { String(decoding: $0, as: UTF8.self) } == whole, "cut at \(cut)")
        }
    }
}
