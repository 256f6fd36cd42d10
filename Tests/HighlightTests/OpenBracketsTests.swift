import Testing

@testable import Highlight

/// `OpenBrackets`: which closers would close a growing block, read by a rough scan of its text.
@Suite struct OpenBracketsTests {
    private func suffix(_ text: String, language: String = "javascript") -> String? {
        var brackets = OpenBrackets(language: language)
        brackets.scan(Array(text.utf8))
        return brackets.suffix.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `text` read in two pieces, cut at every byte, gives `expected`, as read at once.
    private func expectPiecesReadAsWhole(_ text: String, language: String, expected: String) {
        #expect(suffix(text, language: language) == expected)
        for cut in 0...text.utf8.count {
            var brackets = OpenBrackets(language: language)
            brackets.scan(Array(text.utf8).prefix(cut))
            brackets.scan(Array(text.utf8).dropFirst(cut))
            #expect(brackets.suffix.map { String(decoding: $0, as: UTF8.self) } == expected, "cut at \(cut)")
        }
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

    /// A string that ends at the line's end is left to the cut before the last line.
    @Test func aBlockEndingInsideAOneLineStringHasNoCloser() {
        #expect(suffix("f() {\n  g(\"abc") == nil)
        #expect(suffix("f(\n    'abc", language: "python") == nil)
        #expect(suffix("f() {\n  const a = 1 /") == nil)
    }

    @Test func aCloserThatDoesNotMatchLosesTrackForGood() {
        #expect(suffix("f() {\n  g(]") == nil)
        #expect(suffix("f() {\n  g(]\n  h() {\n") == nil)
    }

    /// Left open, a string or comment over many lines would make the rest of the block an error at
    /// every line: its quotes or `*/` close it first.
    @Test func aBlockCommentIsClosedBeforeTheBrackets() {
        #expect(suffix("f() {\n  /* note\n  more") == "*/}")
        #expect(suffix("f() {\n  /* note *") == "/}")
        #expect(suffix("/* a licence\n * over lines\n", language: "c") == "*/")
    }

    @Test func aLongPythonStringIsClosedByItsThreeQuotes() {
        #expect(suffix("TEXT = \"\"\"\nline one\n", language: "python") == "\"\"\"")
        #expect(suffix("f('''\nline one", language: "python") == "''')")
        #expect(suffix("x = \"\"\"\nends with \"\"", language: "python") == "\"")
        // An escaped quote does not count; an empty string and a closed long string open nothing.
        #expect(suffix("x = \"\"\"a \\\"\"", language: "python") == "\"\"")
        #expect(suffix("x = \"\"\ny = \"\"\"a\"\"\"\n", language: "python") == "")
    }

    @Test func threeQuotesOpenALongStringOnlyWhereTheLanguageHasThem() {
        #expect(suffix("val s = \"\"\"\nline", language: "kotlin") == "\"\"\"")
        // In JavaScript `""` is an empty string and the third quote opens a string the line ends.
        #expect(suffix("f(\"\"\"\nline", language: "javascript") == ")")
    }

    @Test func aStringThatGoesOnOverLinesIsClosedByItsQuote() {
        #expect(suffix("f(`\nline ${x}\nmore") == "`)")
        #expect(suffix("def f\n  s = \"one\n  two", language: "ruby") == "\"\nend")
        #expect(suffix("INSERT INTO t VALUES ('a\nb", language: "sql") == "')")
        // A string ending in a backslash would have its quote escaped.
        #expect(suffix("f(`\nline \\") == nil)
    }

    /// A shell heredoc open at the end of the block is closed by its terminator on a line of its own,
    /// before what closes the brackets and words around it.
    @Test func anOpenShellHeredocIsClosedByItsTerminator() {
        #expect(suffix("cat <<EOF > out\nline $x\n", language: "bash") == "EOF")
        #expect(suffix("cat <<EOF > out\nline $x", language: "bash") == "\nEOF")
        #expect(suffix("main() {\n  cat <<-'EOF'\n\tline\n", language: "bash") == "EOF\n}")
        // Opened on the last line: its body is empty so far.
        #expect(suffix("if x; then\n  cat <<\"END\"", language: "bash") == "\nEND\nfi")
        // Closed by its terminator (indented after `<<-`), it opens nothing more.
        #expect(suffix("cat <<-EOF\n\ta\n\tEOF\necho (", language: "bash") == ")")
        // `<<<` is a here-string, and `$((1<<2))` a shift.
        #expect(suffix("cat <<<EOF\n", language: "bash") == "")
        #expect(suffix("echo $((1<<2))\n", language: "bash") == "")
    }

    @Test func readingInPiecesEqualsReadingAtOnce() {
        let text = "f() { /* a\n { */ g(\"}\\\"\", '(') // x {\n  h([1,\n"
        expectPiecesReadAsWhole(text, language: "javascript", expected: "])}")
    }

    @Test func longStringsAndCommentsReadInPiecesAsAtOnce() {
        expectPiecesReadAsWhole("x = f(\"\"\"a\n\"\"b\\\"\"\"\", '''\nc", language: "python", expected: "''')")
        expectPiecesReadAsWhole("f() { /* a\n * b\n", language: "javascript", expected: "*/}")
    }

    @Test func rubyBlocksAreClosedByEndOnLinesOfTheirOwn() {
        let text = "class A\n  def f(x)\n    x.each do |y|\n      g(y,\n"
        #expect(suffix(text, language: "ruby") == ")\nend\nend\nend")
    }

    @Test func rubyModifiersMembersSymbolsAndKeysOpenNothing() {
        let text = "def f\n  return 1 if x\n  y.end\n  z = :if\n  h(if: 1, do: 2)\n  while a do\n"
        #expect(suffix(text, language: "ruby") == "\nend\nend")
    }

    @Test func anEndClosesTheInnermostRubyBlock() {
        #expect(suffix("module M\n  class A\n  end\n", language: "ruby") == "\nend")
        #expect(suffix("x = if y then 1 else 2 end\n", language: "ruby") == "")
    }

    @Test func luaFunctionsIfsAndDoBlocksEndWithEnd() {
        let text = "local f = function(x)\n  for i = 1, 3 do\n    if x then -- if\n"
        #expect(suffix(text, language: "lua") == "\nend\nend\nend")
        #expect(suffix("repeat\n  x = x - 1\n", language: "lua") == "\nuntil true")
    }

    @Test func shellBlocksCloseWithTheirOwnWords() {
        let text = "main() {\n  for f in *; do\n    case $f in\n      a|b) echo done ;;\n      *) if [ -x $f ]; then\n"
        #expect(suffix(text, language: "bash") == "\nfi\nesac\ndone\n}")
        #expect(suffix("if a; then b; fi\nwhile true; do\n  x\ndone\n", language: "bash") == "")
        #expect(
            suffix("main() {\n  if [ \"$x\" = \"s0\" ]; then\n    echo \"item 0\" # note\n  fi\n", language: "bash")
                == "\n}")
    }

    @Test func aClosingWordThatDoesNotMatchLosesTrack() {
        #expect(suffix("if a; then\n  x\ndone\n", language: "bash") == nil)
        #expect(suffix("def f\n  g(\nend\n", language: "ruby") == nil)
    }

    @Test func wordsSplitAcrossReadsAreReadWhole() {
        let text = "class A\n  def f(x)\n    x.each do |y| g(y) end\n  end\n  def h\n"
        expectPiecesReadAsWhole(text, language: "ruby", expected: "\nend\nend")
    }

    @Test func htmlElementsAreClosedByTheirEndTagsInnermostFirst() {
        let text = "<!DOCTYPE html>\n<div class=\"a>b\" data-x='<p>'>\n  <ul>\n    <li>one<br><img src=x />\n"
        #expect(suffix(text, language: "html") == "</li></ul></div>")
    }

    @Test func htmlCommentsAndScriptsHideTheirTags() {
        let text = "<section>\n<!-- <div> -->\n<script>if (a < b) { s = \"</div><p>\"; }</script>\n<p>text"
        #expect(suffix(text, language: "html") == "</p></section>")
    }

    @Test func anHTMLEndTagClosesTheElementsWhoseEndTagMayBeLeftOut() {
        #expect(suffix("<ul>\n  <li>one\n  <li>two\n</ul>\n<table><tr><td>a", language: "html") == "</td></tr></table>")
    }

    @Test func anHTMLEndTagThatClosesNothingOpenLosesTrack() {
        #expect(suffix("<div>\n  </span>\n", language: "html") == nil)
    }

    @Test func anHTMLBlockEndingInsideATagOrCommentHasNoCloser() {
        #expect(suffix("<div>\n  <p class=\"a", language: "html") == nil)
        #expect(suffix("<div>\n  <!-- note", language: "html") == nil)
    }

    @Test func htmlReadInPiecesEqualsReadingAtOnce() {
        let text = "<div id=\"x\">\n  <!-- a -- b -->\n  <script>x = \"</scrip\";</SCRIPT>\n  <p>one <b>two</b>\n"
        expectPiecesReadAsWhole(text, language: "html", expected: "</p></div>")
    }

    @Test func aJSONValueMissingAfterACommaOrAColonIsSupplied() {
        #expect(suffix("[\n  {\n    \"id\": 1,\n", language: "json") == "\"\":null}]")
        #expect(suffix("[\n  [1, 2,\n", language: "json") == "null]]")
        #expect(suffix("{\"a\":", language: "json") == "null}")
        #expect(suffix("{\"a\": \"b,\"", language: "json") == "}")
        #expect(suffix("[1, 2,", language: "javascript") == "]")
    }

    @Test func aCOrCPlusPlusTypeBodyIsClosedWithASemicolon() {
        #expect(suffix("class A : public B {\npublic:\n  int f() const {\n", language: "cpp") == "}};")
        #expect(suffix("typedef struct {\n  int x;\n  enum { A, B", language: "c") == "};};")
        #expect(suffix("struct P { int x; };\nint f(void) {\n", language: "c") == "}")
    }

    @Test func jsxElementsAreClosedByTheirEndTagsAndTheBracketsAroundThem() {
        let text = "export function List() {\n  return (\n    <ul className=\"a>b\">\n      <li key={1}>it's {x}</li>\n"
        #expect(suffix(text, language: "tsx") == "</ul>)}")
        #expect(suffix("const f = () => <>\n  <p>", language: "javascript") == "</p></>")
    }

    @Test func anExpressionOpenInsideJSXIsClosedBeforeItsElement() {
        #expect(suffix("x = <ul>{items.map((i) => (\n  <li>{i", language: "javascript") == "}</li>))}</ul>")
        #expect(suffix("x = <A render={() => {\n", language: "tsx") == "}}/>")
    }

    @Test func aLessThanAfterANameOrNumberComparesAndOpensNoElement() {
        #expect(suffix("if (a < b && 1 <c) {\n  f(x<y", language: "javascript") == ")}")
        #expect(suffix("function f<T>(x: T) {\n", language: "tsx") == "}")
        #expect(suffix("x = (a <<b) + [1 <<c", language: "javascript") == "]")
        #expect(suffix("function f() {\n  return <div>", language: "tsx") == "</div>}")
    }

    @Test func selfClosingAndClosedJSXElementsNeedNoEndTag() {
        #expect(suffix("f(<img src=\"a\" />, <b>bold</b>, <></>", language: "javascript") == ")")
    }

    @Test func aJSXEndTagThatClosesNothingOpenLosesTrack() {
        #expect(suffix("x = <ul>\n</ol>\n", language: "javascript") == nil)
    }

    @Test func aJSXBlockEndingInsideATagHasNoCloser() {
        #expect(suffix("x = <ul>\n  <li className=\"a", language: "javascript") == nil)
        #expect(suffix("x = <ul>\n  <li", language: "javascript") == nil)
    }

    @Test func jsxReadInPiecesEqualsReadingAtOnce() {
        let text = "export default () => (\n  <div id=\"x\">\n    {a < b ? <p>'</p> : <br/>}\n    <Foo.Bar x={[1]}>\n"
        expectPiecesReadAsWhole(text, language: "tsx", expected: "</Foo.Bar></div>)")
    }

    /// Where `text` is cut before a trailing separator, and what closes it there.
    private func separator(_ text: String, language: String, piece: Int = Int.max) -> String? {
        var brackets = OpenBrackets(language: language)
        var rest = Array(text.utf8)[...]
        while !rest.isEmpty {
            brackets.scan(rest.prefix(piece))
            rest = rest.dropFirst(piece)
        }
        guard let cut = brackets.beforeSeparator, let closers = cut.suffix else { return nil }
        return String(decoding: text.utf8.prefix(cut.offset), as: UTF8.self) + "|"
            + String(decoding: closers, as: UTF8.self)
    }

    @Test func aTrailingSeparatorFollowedOnlyByWhiteSpaceAndCommentsIsWhereTheTextMayBeCut() {
        let table = "CREATE TABLE t (\n  a INT, -- note, with a comma\n  b TEXT /* c, d */ ,\n\n"
        #expect(
            separator(table, language: "sql")
                == "CREATE TABLE t (\n  a INT, -- note, with a comma\n  b TEXT /* c, d */ |)")
        for piece in [1, 3, 7] {
            #expect(separator(table, language: "sql", piece: piece) == separator(table, language: "sql"))
        }
        #expect(separator("f(a, // x\n", language: "c") == "f(a|)")
    }

    @Test func codeAfterASeparatorLeavesNoneTrailing() {
        #expect(separator("f(a, b", language: "c") == nil)
        #expect(separator("f(a, \"s\"", language: "c") == nil)
        #expect(separator("SELECT a, -1", language: "sql") == nil)
        #expect(separator("f(a, /x", language: "c") == nil)
        #expect(separator("x = [1, 'a,'", language: "python") == nil)
    }

    @Test func theTextBeforeTheLastLineKeepsItsOwnTrailingSeparator() {
        var brackets = OpenBrackets(language: "sql")
        let text = "INSERT INTO t VALUES\n  (1, 'a'), -- one\n  (2, 'b"
        brackets.scan(Array(text.utf8))
        #expect(brackets.beforeSeparator == nil)
        let cut = brackets.beforeSeparatorAtLastLine
        #expect(
            cut.map { String(decoding: text.utf8.prefix($0.offset), as: UTF8.self) }
                == "INSERT INTO t VALUES\n  (1, 'a')")
        #expect(cut?.suffix == [])
    }
}
