import MarkdownCore
import Testing

@testable import Highlight

/// A long code block streamed in small pieces with a provisional redraw after each, the way `mdview`
/// shows a model writing code: the final output must equal the one-shot render, highlighted from
/// scratch by a highlighter of its own (the stream's final block takes its last provisional tokens,
/// found with parts of the block cut out of the text parsed).
@Suite struct StreamedCodeTests {
    private static let capabilities = TerminalCapabilities(width: 72, colorDepth: .trueColor, hyperlinks: false)

    private func expectStreamedEqualsOneShot(_ code: String, language: String, piece: Int) throws {
        _ = try Grammars.require(language)
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
        #expect(streamed.fromScratchCount == 0, "\(language): the final block was highlighted again")
    }

    @Test(arguments: [1, 7, 64])
    func aPythonClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "class Service:\n    \"\"\"Doc.\"\"\"\n\n"
        for index in 0..<40 {
            code += "    @property\n    def f\(index)(self, x=\(index)):\n        return x + len(\"s\")  # note\n\n"
        }
        try expectStreamedEqualsOneShot(code, language: "python", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aLongCFunctionStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "int main(void) {\n"
        for index in 0..<80 { code += "    total += f(\(index), \"s\");  /* note */\n" }
        try expectStreamedEqualsOneShot(code + "    return 0;\n}\n", language: "c", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aJSONArrayStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "[\n"
        for index in 0..<80 { code += "  {\"id\": \(index), \"name\": \"item \(index)\", \"tags\": [\"a\", \"b\"]},\n" }
        try expectStreamedEqualsOneShot(code + "  null\n]\n", language: "json", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aPrettyPrintedJSONArrayStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "[\n"
        for index in 0..<40 { code += "  {\n    \"id\": \(index),\n    \"name\": \"item \(index)\"\n  },\n" }
        try expectStreamedEqualsOneShot(code + "  null\n]\n", language: "json", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aJavaScriptClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "class Widget {\n"
        for index in 0..<40 { code += "  // method\n  m\(index)(a) {\n    return `t ${a}` + \(index);\n  }\n" }
        try expectStreamedEqualsOneShot(code + "}\n", language: "javascript", piece: piece)
    }

    /// Redraws parse the class closed; the fence ends it with a method still open, as it is.
    @Test(arguments: [1, 7, 64])
    func aJavaScriptClassLeftOpenStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "class Widget {\n"
        for index in 0..<30 { code += "  m\(index)(a) {\n    return [a, \(index)];\n  }\n" }
        try expectStreamedEqualsOneShot(code + "  last(a) {\n    if (a) {\n", language: "javascript", piece: piece)
    }

    /// Blocks closed by words and end tags: redraws parse them closed by those (`BlockKeywords`,
    /// `OpenTags`); the final output is still the one-shot render's.
    @Test(arguments: [1, 7, 64])
    func aRubyClassStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "class Widget\n"
        for index in 0..<30 {
            code +=
                "  # note\n  def m\(index)(a)\n    [a].each do |b|\n      puts \"#{b} \(index)\" if b\n    end\n  end\n"
        }
        try expectStreamedEqualsOneShot(code + "end\n", language: "ruby", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func anHTMLListStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "<div class=\"list\">\n  <ul>\n"
        for index in 0..<40 { code += "    <li id=\"i\(index)\">Item <b>\(index)</b><br> <!-- note --></li>\n" }
        try expectStreamedEqualsOneShot(code + "  </ul>\n</div>\n", language: "html", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func aTSXComponentReturningALongListStreamedEqualsTheOneShotRender(piece: Int) throws {
        var code = "export function List({ items }: Props) {\n  return (\n    <ul className=\"list\">\n"
        for index in 0..<40 {
            code += "      <li key={\(index)}>it's {a < b ? <b>\(index)</b> : <br />}</li> {/* note */}\n"
        }
        try expectStreamedEqualsOneShot(code + "    </ul>\n  );\n}\n", language: "tsx", piece: piece)
    }

    @Test(arguments: [1, 7, 64])
    func anSQLTableAndALongInsertStreamedEqualTheOneShotRender(piece: Int) throws {
        var code = "CREATE TABLE items (\n"
        for index in 0..<20 { code += "  col\(index) INTEGER DEFAULT \(index), -- note, with a comma\n" }
        code += "  last TEXT\n);\nINSERT INTO items (col0, last) VALUES\n"
        for index in 0..<40 { code += "  (\(index), 'it''s (\(index)), two\nlines') /* c, d */ ,\n" }
        try expectStreamedEqualsOneShot(code + "  (0, 'end');\n", language: "sql", piece: piece)
    }
}
