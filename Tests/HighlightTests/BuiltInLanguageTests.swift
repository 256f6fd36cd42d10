import MarkdownCore
import TestSupport
import Testing

@testable import BuiltInHighlight
@testable import Highlight

/// `diff`, `console`, `http` and `text` are highlighted by mdview itself, by what each line is, because
/// a grammar does not fit the blocks people write in them.
@Suite struct BuiltInLanguageTests {
    /// The captures covering each line of `code` (empty for a line with no colour).
    func captures(_ code: String, language: String) throws -> [[String]] {
        let tokens = try #require(Grammars.highlighter.tokens(for: code, language: language))
        let bytes = Array(code.utf8)
        return LineSplit.ranges(in: bytes).map { line in
            tokens.filter { $0.range.overlaps(line) }.map(\.capture)
        }
    }

    @Test func diffLinesAreStyledByTheirPrefixWhateverFollows() throws {
        let code = """
            diff --git a/main.py b/main.py
            index 3b18e51..a9c2f4e 100644
            --- a/main.py
            +++ b/main.py
            @@ -1,4 +1,4 @@ def main():
             def main():
            -    print("hello")  # old
            +    print("hello, world")  # new
            +++counter
            ---flag
            \\ No newline at end of file
            """
        let lines = try captures(code, language: "diff")
        #expect(lines[0] == ["diff.header"])
        #expect(lines[1] == ["diff.header"])
        #expect(lines[2] == ["diff.header"])
        #expect(lines[3] == ["diff.header"])
        #expect(lines[4] == ["diff.delta"])
        #expect(lines[5] == [])
        #expect(lines[6] == ["diff.minus"])
        #expect(lines[7] == ["diff.plus"])
        // Inside a hunk, `+++`/`---` lines add and delete lines that began with `++` and `--`.
        #expect(lines[8] == ["diff.plus"])
        #expect(lines[9] == ["diff.minus"])
        #expect(lines[10] == ["comment"])
    }

    @Test func diffPlusLineCoversTheWholeLine() throws {
        let code = "+let x = \"not a string token\"\n"
        let tokens = try #require(Grammars.highlighter.tokens(for: code, language: "patch"))
        #expect(tokens == [SyntaxToken(range: 0..<(code.utf8.count - 1), capture: "diff.plus")])
    }

    @Test func themesColourDiffLines() {
        for theme in [Theme.dark, Theme.light] {
            #expect(theme.syntaxStyle(forCapture: "diff.plus") != nil)
            #expect(theme.syntaxStyle(forCapture: "diff.minus") != nil)
            #expect(theme.syntaxStyle(forCapture: "diff.plus") != theme.syntaxStyle(forCapture: "diff.minus"))
        }
    }

    @Test func consoleOutputLinesCarryNoSyntaxColour() throws {
        _ = try Grammars.require("bash")
        let code = """
            $ echo "hello" | grep -c h
            1
            if this were bash, "this" would be a string
            user@host:~/src$ ls -la --color=never
            total 0 "quoted" 42 for while
            """
        let lines = try captures(code, language: "console")
        #expect(lines[0].first == ConsoleHighlighter.capture)
        #expect(lines[0].contains("string"))
        #expect(lines[1].isEmpty)
        #expect(lines[2].isEmpty)
        #expect(lines[3].first == ConsoleHighlighter.capture)
        #expect(lines[3].count > 1)
        #expect(lines[4].isEmpty)
    }

    @Test func consoleCommandContinuedWithBackslashIsCommand() throws {
        _ = try Grammars.require("bash")
        let code = "$ docker run \\\n    --rm \"image\"\noutput \"plain\"\n"
        let lines = try captures(code, language: "shell-session")
        #expect(lines[1].contains("string"))
        #expect(lines[2].isEmpty)
    }

    @Test func pythonPromptIsHighlightedAsPython() throws {
        _ = try Grammars.require("python")
        let code = ">>> def f(x):\n...     return \"x\"\n>>> f(1)\n'x'\n"
        let lines = try captures(code, language: "console")
        #expect(lines[0].contains("keyword"))
        #expect(lines[1].contains("string"))
        #expect(lines[3].isEmpty)
    }

    @Test(arguments: [
        ("$ ls", 2), ("# apt-get install x", 2), ("> dir", 2), ("PS> Get-Item .", 4), ("PS C:\\Users\\me> dir", 16),
        (">>> import os", 4), ("[root@box tmp]# make", 16), ("me@host:~$ make", 11),
    ])
    func promptsAreRecognised(line: String, length: Int) {
        #expect(ConsoleHighlighter.prompt(of: Array(line.utf8)[...])?.0 == length)
    }

    @Test(arguments: ["total 48", "drwxr-xr-x 2 root root", "hello world", "$notaprompt", "Error: x$ y"])
    func outputIsNotAPrompt(line: String) {
        #expect(ConsoleHighlighter.prompt(of: Array(line.utf8)[...]) == nil)
    }

    @Test func httpMessageHasStartLineHeadersAndABodyInItsContentType() throws {
        _ = try Grammars.require("json")
        let code = """
            POST /api/items HTTP/1.1
            Host: example.com
            Content-Type: application/json

            {"name": "mdview", "size": 3}
            """
        let lines = try captures(code, language: "http")
        #expect(lines[0] == ["keyword", "string", "constant"])
        #expect(lines[1] == ["property", "punctuation.delimiter", "string"])
        #expect(lines[3].isEmpty)
        #expect(lines[4].contains("number"))
    }

    @Test func httpResponseStatusLine() throws {
        let lines = try captures("HTTP/1.1 404 Not Found\nContent-Length: 0\n", language: "http")
        #expect(lines[0] == ["constant", "number", "string", "string"])
    }

    @Test(arguments: ["text", "plaintext", "txt", "none", "output", "TEXT"])
    func plainTextIsPlainWithoutADiagnostic(alias: String) throws {
        let log = DiagnosticLog()
        let highlighter = TreeSitterHighlighter(searchPath: Grammars.searchPath, diagnostics: log)
        #expect(highlighter.tokens(for: "if x then \"y\" 42\n", language: alias) == [])
        #expect(log.diagnostics.isEmpty)
    }
}
