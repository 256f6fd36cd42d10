import MarkdownCore
import Testing

@testable import Highlight

/// A growing block with brackets, words, tags or a trailing `,` open is parsed closed (`OpenBrackets`),
/// or cut before what does not close: each redraw's tokens are those of a fresh highlight of the block
/// so closed, and its hole is kept; a final block is highlighted as it is.
@Suite struct GrowingParseClosersTests {
    /// A class streamed while its methods are open, shown the way a stream shows it (no line feed after
    /// the last line): each redraw parses it closed, without errors, so its items are still cut out and
    /// only the method growing is matched again; its tokens are those of the class so closed.
    @Test func aJavaScriptClassOpenInsideAMethodIsParsedClosedAndKeepsItsHole() throws {
        _ = try Grammars.require("javascript")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = "class Service {\n"
        var closers: Set<String> = []
        for index in 0..<30 {
            for line in [
                "  f\(index)(x) {\n", "    const s = \"s\(index)\";\n", "    return x + s.length;  // note\n", "  }\n",
            ] {
                code += line
                let shown = String(code.dropLast())
                let tokens = highlighter.provisionalTokens(for: shown, language: "javascript")?.tokens
                let closed = shown + String(decoding: highlighter.growing.closers, as: UTF8.self)
                let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(
                    for: closed, language: "javascript")
                #expect(tokens == fresh.map { cutTokens($0, at: shown.utf8.count) })
                closers.insert(String(decoding: highlighter.growing.closers, as: UTF8.self))
            }
        }
        #expect(closers.isSuperset(of: ["}}", "\n}}", "}"]), "closers seen: \(closers)")
        #expect(highlighter.growing.removedCount > code.utf8.count / 2)
        #expect(highlighter.growing.lastMatchedNodeCount < 30)
    }

    /// Redraws in the middle of lines (inside a string, half an expression): where the last line does not
    /// parse closed, the block before it does, and the hole is kept rather than given up for a full
    /// reparse; the tokens cover the block before that line, those of the block so closed.
    @Test func aJavaScriptClassRedrawnInTheMiddleOfItsLinesKeepsItsHole() throws {
        _ = try Grammars.require("javascript")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = "class Service {\n"
        for index in 0..<30 {
            code +=
                "  f\(index)(x) {\n    const s = \"s \(index)\";\n    return g(x, s.length) + [1, 2];  // note\n  }\n"
        }
        let bytes = Array(code.utf8)
        var trimmed = 0
        var holeSeen = 0
        for cut in stride(from: 7, through: bytes.count, by: 7) {
            let shown = String(decoding: bytes.prefix(cut), as: UTF8.self)
            let tokens = highlighter.provisionalTokens(for: shown, language: "javascript")?.tokens
            let covered = highlighter.growing.coveredCount
            if covered < cut { trimmed += 1 }
            let closed =
                String(decoding: bytes.prefix(covered), as: UTF8.self)
                + String(decoding: highlighter.growing.closers, as: UTF8.self)
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(
                for: closed, language: "javascript")
            #expect(tokens == fresh.map { cutTokens($0, at: covered) }, "first \(cut) bytes")
            #expect(highlighter.growing.removedCount >= holeSeen, "the hole was given up at \(cut) bytes")
            holeSeen = max(holeSeen, highlighter.growing.removedCount)
        }
        #expect(trimmed > 10)
        #expect(holeSeen > bytes.count / 2)
        #expect(
            highlighter.tokens(for: code, language: "javascript")
                == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: "javascript"))
    }

    /// What a redraw shows for a block with open brackets is the block closed; a final block that ends
    /// with them open is highlighted as it is.
    /// A string or comment over many lines, streamed while it is open, is parsed closed by its quotes or
    /// `*/`: its lines are coloured as the string or comment they are (as a fresh highlight of the block
    /// so closed colours them), not as the code an unclosed one reads as; and the block ends with the
    /// tokens of a fresh highlight.
    @Test(arguments: [
        (
            "python", "def f(x):\n    \"\"\"Return the answer.\n", "    Line ", ": if this is for you, return it.\n",
            "    \"\"\"\n    return 42\n", "\"\"\""
        ),
        ("c", "int main(void) {\n  /*\n", "   * line ", ": if (x) { return 1; }\n", "   */\n  return 0;\n}\n", "*/}"),
        ("javascript", "const page = `\n", "  <p>Item ", ": ${x} if (y) return</p>\n", "`;\n", "`"),
        ("bash", "main() {\n  cat <<EOF > out\n", "line ", ": if [ $x ]; then return; fi\n", "EOF\n}\n", "\nEOF\n}"),
    ])
    func aStringOrCommentOverManyLinesIsParsedClosedByItsQuotesOrEnd(
        language: String, head: String, lineStart: String, lineEnd: String, tail: String, closers: String
    ) throws {
        _ = try Grammars.require(language)
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = head
        for index in 0..<40 {
            code += lineStart + "\(index)" + lineEnd
            let shown = String(code.dropLast())
            let tokens = highlighter.provisionalTokens(for: shown, language: language)?.tokens
            #expect(
                String(decoding: highlighter.growing.closers, as: UTF8.self) == closers, "\(language), line \(index)")
            let closed = shown + closers
            let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: closed, language: language)
            #expect(tokens == fresh.map { cutTokens($0, at: shown.utf8.count) }, "\(language), line \(index)")
            // The words of the text are not coloured as keywords.
            #expect(
                tokens?.contains { $0.capture.hasPrefix("keyword") && $0.range.lowerBound > head.utf8.count } == false)
        }
        code += tail
        #expect(
            highlighter.tokens(for: code, language: language)
                == TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: language))
    }

    /// Left open, the block's tree holds missing nodes: an incremental parse is a fresh parse's only
    /// without errors, so the final block is highlighted from scratch (`GrowingParse.finishedTokens`).
    @Test func aFinalBlockLeftOpenIsHighlightedAsItIsNotClosed() throws {
        _ = try Grammars.require("javascript")
        let code = "class Widget {\n  render(a) {\n    return a + 1;\n"
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let provisional = highlighter.provisionalTokens(for: code, language: "javascript")?.tokens
        #expect(String(decoding: highlighter.growing.closers, as: UTF8.self) == "}}")
        let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: code, language: "javascript")
        #expect(provisional != fresh)
        #expect(highlighter.tokens(for: code, language: "javascript") == fresh)
        #expect(highlighter.fromScratchCount == 1)
    }

    /// Languages that close blocks with words (and HTML and JSX, with end tags): an open block is parsed closed by
    /// the words it expects, each a token of its own, without errors; its tokens are those of the block
    /// so closed.
    @Test(arguments: [
        ("ruby", "class A\n  def f(x)\n    x.each do |y|\n      puts(y)\n", "\nend\nend\nend"),
        ("lua", "function f(x)\n  for i = 1, x do\n    if i > 2 then\n      print(i)\n", "\nend\nend\nend"),
        ("bash", "main() {\n  for f in *; do\n    if [ -x \"$f\" ]; then\n      echo \"$f\"\n", "\nfi\ndone\n}"),
        ("html", "<div class=\"a>b\">\n  <ul>\n    <li>one<br><img src=x />\n", "</li></ul></div>"),
        ("kotlin", "class A {\n  fun f(x: Int): Int {\n    return x\n", "\n}\n}"),
        ("cpp", "class A {\npublic:\n  int f() const {\n    return 1;\n", "}};"),
        ("dockerfile", "FROM debian:12\nRUN echo a", "\n"),
        ("tsx", "function List() {\n  return (\n    <ul>\n      <li key={1}>it's {x}</li>\n", "</ul>)}"),
        ("javascript", "const f = () => (\n  <>\n    <p>{a.map((b) => (\n      <i>{b}</i>\n", "))}</p></>)"),
    ])
    func aBlockLeftOpenInALanguageThatClosesWithWordsIsParsedClosedByThem(
        language: String, code: String, closers: String
    ) throws {
        _ = try Grammars.require(language)
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let provisional = highlighter.provisionalTokens(for: code, language: language)?.tokens
        #expect(String(decoding: highlighter.growing.closers, as: UTF8.self) == closers)
        let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(
            for: code + closers, language: language)
        #expect(provisional == fresh.map { cutTokens($0, at: code.utf8.count) })
    }

    /// SQL allows no `,` before a list's `)` nor after its last row: a block ending in one is parsed
    /// cut before it (and closed), without errors, rather than as it is; its tokens are those of the
    /// block so cut and closed.
    @Test(arguments: [
        ("CREATE TABLE t (\n  a INT NOT NULL, -- note\n  b TEXT,\n", ")"),
        ("INSERT INTO t (a, b) VALUES\n  (1, 'x'),\n  (2, 'y'), -- note\n", ""),
    ])
    func anSQLBlockEndingInATrailingCommaIsParsedCutBeforeIt(code: String, closers: String) throws {
        _ = try Grammars.require("sql")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        let provisional = highlighter.provisionalTokens(for: code, language: "sql")?.tokens
        let cut = try #require(
            code.utf8.lastIndex(of: UInt8(ascii: ",")).map { code.utf8.distance(from: code.utf8.startIndex, to: $0) })
        #expect(highlighter.growing.coveredCount == cut)
        #expect(String(decoding: highlighter.growing.closers, as: UTF8.self) == closers)
        let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(
            for: String(decoding: code.utf8.prefix(cut), as: UTF8.self) + closers, language: "sql")
        #expect(provisional == fresh.map { cutTokens($0, at: cut) })
    }

    /// Pretty-printed objects end most lines with a `,` that JSON allows no closer after: a value is
    /// supplied before the closers, so that the open array parses closed at every line, and its hole
    /// is never given up for a full reparse.
    @Test func anOpenJSONArrayOfPrettyPrintedObjectsKeepsItsHoleAtEveryLine() throws {
        _ = try Grammars.require("json")
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var code = "[\n"
        var holeSeen = 0
        for index in 0..<30 {
            for line in ["  {\n", "    \"id\": \(index),\n", "    \"tags\": [\"a\",\n", "      \"b\"]\n", "  },\n"] {
                code += line
                let tokens = highlighter.provisionalTokens(for: code, language: "json")?.tokens
                let covered = highlighter.growing.coveredCount
                let closed =
                    String(decoding: code.utf8.prefix(covered), as: UTF8.self)
                    + String(decoding: highlighter.growing.closers, as: UTF8.self)
                let fresh = TreeSitterHighlighter(searchPath: Grammars.searchPath).tokens(for: closed, language: "json")
                #expect(tokens == fresh.map { cutTokens($0, at: covered) }, "first \(code.utf8.count) bytes")
                #expect(
                    highlighter.growing.removedCount >= holeSeen, "the hole was given up at \(code.utf8.count) bytes")
                holeSeen = max(holeSeen, highlighter.growing.removedCount)
            }
        }
        #expect(holeSeen > code.utf8.count / 2)
    }
}
