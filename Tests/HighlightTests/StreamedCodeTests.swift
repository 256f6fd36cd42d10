import BuiltInHighlight
import Synchronization
import TestSupport
import Testing

@testable import Highlight
@testable import MarkdownCore

/// A long code block streamed in small pieces with a provisional redraw after each, the way `mdview`
/// shows a model writing code: the final output must equal the one-shot render, highlighted from
/// scratch by a highlighter of its own.
@Suite struct StreamedCodeTests {
    private static let capabilities = TerminalCapabilities(width: 72, colorDepth: .trueColor, hyperlinks: false)

    private func expectStreamedEqualsOneShot(_ code: String, language: String, piece: Int) throws {
        if BuiltInLanguage.language(forAlias: language) == nil { _ = try Grammars.require(language) }
        let document = "Before.\n\n```\(language)\n" + code + "```\n\nAfter.\n"
        let streamed = TreeSitterHighlighter(searchPath: Grammars.searchPath)
        var stream = MarkdownStream(renderer: MarkdownRenderer(capabilities: Self.capabilities, highlighter: streamed))
        let bytes = Array(document.utf8)
        var lines: [StyledLine] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + piece)
            stream.feed(bytes[offset..<end])
            lines += stream.update(provisional: true).final
            offset = end
        }
        lines += stream.finish()
        let oneShot = MarkdownRenderer(
            capabilities: Self.capabilities, highlighter: TreeSitterHighlighter(searchPath: Grammars.searchPath))
        #expect(stream.bytes(for: lines) == oneShot.render(document), "\(language) in pieces of \(piece)")
    }

    /// A sample of the languages from the language pack and the wheel, and the built-in ones: their
    /// snippets (`Tests/Snippets`) streamed in pieces.
    @Test(arguments: ["objc", "elixir", "zig", "powershell", "nix", "latex", "hcl", "proto"])
    func aSnippetStreamedEqualsTheOneShotRender(language: String) throws {
        let code = try #require(Snippets.code[language])
        try expectStreamedEqualsOneShot(code, language: language, piece: 7)
    }

    @Test(arguments: ["diff", "console", "http"])
    func aBuiltInLanguageStreamedEqualsTheOneShotRender(language: String) throws {
        _ = try Grammars.require("bash")
        let code = [
            "diff": "--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n ctx\n-old \"q\"\n+new `x`\n",
            "console": "$ echo \"hi\" \\\n  | cat\nhi \"there\"\n>>> print(1)\n1\n",
            "http": "POST /a HTTP/1.1\nContent-Type: application/json\n\n{\"a\": [1, 2]}\n",
        ][language]
        try expectStreamedEqualsOneShot(try #require(code), language: language, piece: 7)
    }

    /// `item(0)`, `item(1)`, … `item(count - 1)`, one after the other.
    private func repeated(_ count: Int, _ item: (Int) -> String) -> String {
        (0..<count).map(item).joined()
    }

    @Test(arguments: [1, 7, 64])
    func aPythonClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        let methods = repeated(40) {
            "    @property\n    def f\($0)(self, x=\($0)):\n        return x + len(\"s\")  # note\n\n"
        }
        try expectStreamedEqualsOneShot(
            "class Service:\n    \"\"\"Doc.\"\"\"\n\n" + methods, language: "python", piece: piece)
    }

    /// Strings over many lines, whose new lines take the string's colour unparsed while they hold no
    /// escape or interpolation (`OpenStrings.isPlain`), in pieces that end anywhere in them.
    @Test(arguments: [1, 7, 64])
    func pythonStringsOverManyLinesStreamedEqualTheOneShotRender(piece: Int) throws {
        let lines = repeated(30) { "line \($0) of the text, {x} here\n" }
        let code =
            "def f(x):\n    \"\"\"Doc.\n\n" + lines + "    \"\"\"\n    return f\"\"\"\n" + lines
            + "    \\t{x!r}\n\"\"\"\n\nTEXT = '''\n" + lines + "'''  # done\n"
        try expectStreamedEqualsOneShot(code, language: "python", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aLongCFunctionStreamedEqualsTheOneShotRender(piece: Int) throws {
        let statements = repeated(80) { "    total += f(\($0), \"s\");  /* note */\n" }
        try expectStreamedEqualsOneShot(
            "int main(void) {\n" + statements + "    return 0;\n}\n", language: "c", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aJSONArrayStreamedEqualsTheOneShotRender(piece: Int) throws {
        let objects = repeated(80) { "  {\"id\": \($0), \"name\": \"item \($0)\", \"tags\": [\"a\", \"b\"]},\n" }
        try expectStreamedEqualsOneShot("[\n" + objects + "  null\n]\n", language: "json", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aPrettyPrintedJSONArrayStreamedEqualsTheOneShotRender(piece: Int) throws {
        let objects = repeated(40) { "  {\n    \"id\": \($0),\n    \"name\": \"item \($0)\"\n  },\n" }
        try expectStreamedEqualsOneShot("[\n" + objects + "  null\n]\n", language: "json", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aJavaScriptClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        let methods = repeated(40) { "  // method\n  m\($0)(a) {\n    return `t ${a}` + \($0);\n  }\n" }
        try expectStreamedEqualsOneShot("class Widget {\n" + methods + "}\n", language: "javascript", piece: piece)
    }

    /// The fence ends the class with a method still open: its tree holds missing nodes.
    @Test(arguments: [1, 7, 64])
    func aJavaScriptClassLeftOpenStreamedEqualsTheOneShotRender(piece: Int) throws {
        let methods = repeated(30) { "  m\($0)(a) {\n    return [a, \($0)];\n  }\n" }
        try expectStreamedEqualsOneShot(
            "class Widget {\n" + methods + "  last(a) {\n    if (a) {\n", language: "javascript", piece: piece)
    }

    /// An error tree-sitter recovers from differently when it parses incrementally (found by `make fuzz`):
    /// Ruby's `x]` before a backtick string that lines streamed later close. The final block is
    /// highlighted as the one-shot render highlights it.
    @Test(arguments: [1, 7, 64])
    func aRubyBlockWithAnErrorStreamedEqualsTheOneShotRender(piece: Int) throws {
        try expectStreamedEqualsOneShot(
            " if\nx]\u{FFFD}```o\nend\n  \n  y\n \n`ch\n\n\ne\n", language: "ruby", piece: piece)
    }

    /// Blocks closed by words and end tags, and SQL's lists: the final output is the one-shot render's.
    @Test(arguments: [1, 7, 64])
    func aRubyClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        let methods = repeated(30) {
            "  # note\n  def m\($0)(a)\n    [a].each do |b|\n      puts \"#{b} \($0)\" if b\n    end\n  end\n"
        }
        try expectStreamedEqualsOneShot("class Widget\n" + methods + "end\n", language: "ruby", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func anHTMLListStreamedEqualsTheOneShotRender(piece: Int) throws {
        let items = repeated(40) { "    <li id=\"i\($0)\">Item <b>\($0)</b><br> <!-- note --></li>\n" }
        try expectStreamedEqualsOneShot(
            "<div class=\"list\">\n  <ul>\n" + items + "  </ul>\n</div>\n", language: "html", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aTSXComponentReturningALongListStreamedEqualsTheOneShotRender(piece: Int) throws {
        let items = repeated(40) { "      <li key={\($0)}>it's {a < b ? <b>\($0)</b> : <br />}</li> {/* note */}\n" }
        try expectStreamedEqualsOneShot(
            "export function List({ items }: Props) {\n  return (\n    <ul className=\"list\">\n" + items
                + "    </ul>\n  );\n}\n", language: "tsx", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func anSQLTableAndALongInsertStreamedEqualTheOneShotRender(piece: Int) throws {
        let columns = repeated(20) { "  col\($0) INTEGER DEFAULT \($0), -- note, with a comma\n" }
        let rows = repeated(40) { "  (\($0), 'it''s (\($0)), two\nlines') /* c, d */ ,\n" }
        try expectStreamedEqualsOneShot(
            "CREATE TABLE items (\n" + columns + "  last TEXT\n);\nINSERT INTO items (col0, last) VALUES\n" + rows
                + "  (0, 'end');\n", language: "sql", piece: piece)
    }

    /// A block fed a line at a time, each row's colours when it leaves a 40-row live region: its final
    /// colours, for strings and comments open over many lines too (closed for the parse, `OpenStrings`;
    /// their plain new lines coloured unparsed, an f-string's braces and an escape not)
    /// and for what the scan of strings does not know (a regular expression holding a quote, a raw string
    /// holding quotes and a bracket), and for a function whose first parse, open, reads as an error (Rust's
    /// `fn main() {`), and for the items of JSX elements left open (TSX's `<ul>`, read as an error until
    /// it closes, its items then siblings of it in the error node), and for PHP with and without its
    /// `<?php` (parsed behind one).
    @Test(arguments: [
        "pystring", "ccomment", "jstemplate", "rubyheredoc", "bashheredoc", "jsregex", "cfunction", "rustraw",
        "tsxlist", "tsxpage", "pyfstring", "pyescapes", "php", "phptag", "luablocks",
    ])
    func linesLeavingALiveRegionShowTheirFinalColours(shape: String) throws {
        try expectRowsLeavingARegionShowFinalColours(shape: shape, piece: nil)
    }

    /// The same blocks fed in pieces of a few bytes, most ending inside a line (a model's tokens), each
    /// highlighted (unpaced: which redraws a paced stream highlights depends on the machine's speed): a
    /// piece that only extends the last line takes that line's colours alone, and the rows above it, the
    /// enclosing `fn main() {` above a raw string cut in two among them, leave the region in their final
    /// colours.
    @Test(arguments: ["luablocks", "cfunction", "jsregex", "rustraw", "tsxpage", "php", "pyfstring"])
    func linesFedInPiecesLeavingALiveRegionShowTheirFinalColours(shape: String) throws {
        try expectRowsLeavingARegionShowFinalColours(shape: shape, piece: 5)
    }

    /// The same blocks in pieces of 3 to 9 bytes, paced by a clock whose ticks are irregular, as a busy
    /// machine's are: which pieces are highlighted, and where the code is cut then (inside an f-string's
    /// braces, after an escape's backslash, between a template literal's `$` and `{`, inside a raw
    /// string), varies with the seed.
    @Test(arguments: samples.keys.sorted(), 1...6)
    func linesFedInPiecesPacedIrregularlyLeaveTheRegionInTheirFinalColours(shape: String, seed: Int) throws {
        try expectRowsLeavingARegionShowFinalColours(
            shape: shape, piece: 3 + seed % 7, clock: IrregularClock(seed: seed))
    }

    /// A clock that moves on at every reading, mostly by a few hundred microseconds and now and then by
    /// up to 30 ms, in a sequence fixed by its seed.
    final class IrregularClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)
        private let state: Mutex<UInt64>

        init(seed: Int) { state = Mutex(UInt64(seed) &* 2_654_435_761 &+ 1) }

        func now() -> ContinuousClock.Instant {
            let random = state.withLock { state -> UInt64 in
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                return state
            }
            let micros = random % 10 == 0 ? random % 30_000 : random % 600
            return instant.withLock {
                $0 += .microseconds(micros)
                return $0
            }
        }
    }

    private static let samples:
        [String: (language: String, head: String, item: @Sendable (Int) -> String, tail: String)] = [
            "pystring": ("python", "TEXT = \"\"\"\n", { "line \($0) of a long text, {x} here\n" }, "\"\"\"\n"),
            "pyfstring": ("python", "TEXT = f\"\"\"\n", { "line \($0) of a long text, {x} here\n" }, "\"\"\"\n"),
            "pyescapes": ("python", "TEXT = \"\"\"\n", { "line \($0)\\tof a long text, {x}\n" }, "\"\"\"\n"),
            "php": (
                "php", "class Service {\n", { "  function f\($0)($x) {\n    return $x . \"s\($0)\"; // note\n  }\n" },
                "}\n"
            ),
            "phptag": ("php", "<?php\nfunction main() {\n", { "    $total += f(\($0), \"s\($0)\");\n" }, "}\n"),
            "ccomment": ("c", "/*\n", { " * line \($0) of a long comment: if (x) { return 1; }\n" }, " */\n"),
            "jstemplate": ("javascript", "const text = `\n", { "line \($0) of a long text, ${x} here\n" }, "`;\n"),
            "rubyheredoc": ("ruby", "TEXT = <<~EOS\n", { "  line \($0) of a long text, #{\($0)} here\n" }, "EOS\n"),
            "bashheredoc": ("bash", "cat <<EOF\n", { "line \($0) of a long text, $x here\n" }, "EOF\n"),
            "jsregex": (
                "javascript", "class Service {\n", { "  f\($0)(x) {\n    return /[(\"']/.test(x) + \($0);\n  }\n" },
                "}\n"
            ),
            "cfunction": ("c", "int main(void) {\n", { "    total += f(\($0), \"s\($0)\");  /* note */\n" }, "}\n"),
            "rustraw": (
                "rust", "fn main() {\n", { "    let s\($0) = r#\"a \"quoted\" {brace\"#; // note\n" }, "}\n"
            ),
            "luablocks": (
                "lua", "local x = 0\n", { "if x == \($0) then\n  print(\"s\($0)\") -- note\nend\n" }, ""
            ),
            "tsxlist": (
                "tsx", "export function List() {\n  return (\n    <ul>\n",
                { "      <li key={\($0)} className=\"item\">Item {\($0)}</li>\n" }, "    </ul>\n  );\n}\n"
            ),
            "tsxpage": (
                "tsx",
                "export function Page() {\n  return (\n    <Layout>\n      <nav>\n        <ul className=\"menu\">\n",
                { "          <li key={\($0)}>\n            <a href=\"/p\($0)\">Page {\($0)}</a>\n          </li>\n" },
                "        </ul>\n      </nav>\n    </Layout>\n  );\n}\n"
            ),
        ]

    /// Feeds a sample block a line at a time (`piece` nil, paced) or in `piece`-byte pieces (unpaced, or
    /// paced on `clock`), a redraw after each, and expects each row to leave a 40-row live region in its
    /// final colours.
    private func expectRowsLeavingARegionShowFinalColours(
        shape: String, piece: Int?, clock: IrregularClock? = nil
    ) throws {
        let (language, head, item, tail) = try #require(Self.samples[shape])
        _ = try Grammars.require(language)
        let renderer = MarkdownRenderer(
            capabilities: Self.capabilities, highlighter: TreeSitterHighlighter(searchPath: Grammars.searchPath))
        var stream = MarkdownStream(renderer: renderer)
        stream.pacesHighlighting = piece == nil || clock != nil
        if let clock { stream.now = { clock.now() } }
        let code = head + repeated(80, item)
        stream.feed("```\(language)\n")
        var scrolledOut: [StyledLine] = []
        let pieces: [Substring] =
            piece.map { size in
                stride(from: 0, to: code.utf8.count, by: size).map { code.utf8.dropFirst($0).prefix(size) }
                    .map { Substring($0) }
            } ?? code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0 + "\n" }
        for text in pieces {
            stream.feed(String(text))
            let rows = stream.update().provisional
            while scrolledOut.count < rows.count - 40 { scrolledOut.append(rows[scrolledOut.count]) }
        }
        stream.feed(tail + "```\n")
        let final = stream.update().final + stream.finish()
        #expect(scrolledOut.count > 40)
        let differing = zip(scrolledOut, final).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "\(language): rows \(differing) differ from their final colours")
    }
}
