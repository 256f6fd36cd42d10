import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// The highlighting flags of the `mdview` command, end to end.
@Suite struct HighlightCommandTests {
    /// The grammars `make test` installed, handed to the command (whose tests run with HOME=/tmp).
    var grammarPath: [String: String] { MDViewProcess.installedGrammars }

    func write(_ text: String) -> String {
        let path = MDViewProcess.temporaryDirectory().appendingPathComponent("doc.md").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    func stripEscapes(_ bytes: [UInt8]) -> [UInt8] {
        ANSIText.strippingCSI(bytes)
    }

    @Test func listLanguagesPrintsEachLanguageWithAliasesAndExitsZero() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --list-languages", environment: grammarPath)
        #expect(result.status == 0)
        #expect(result.output.contains("python      aliases: python, py, python3"))
        #expect(
            result.output.contains("grammar: ") && result.output.contains("(ABI 14); query: "),
            "no grammar found: run `make grammars` first; got \(result.output.prefix(300))")
    }

    @Test func highlightingOnlyAddsColour() throws {
        let file = write(
            "# Code\n\n```python\ndef greet(name):\n    return \"hi \" * 42  # a comment long enough to wrap here\n```\n"
        )
        let on = try MDViewProcess.shell("\"$MDVIEW\" --color always --width 40 '\(file)'", environment: grammarPath)
        let off = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --width 40 --no-highlight '\(file)'", environment: grammarPath)
        #expect(on.status == 0 && off.status == 0)
        #expect(on.stdout != off.stdout, "no colours added: are grammars installed (`make grammars`)?")
        #expect(stripEscapes(on.stdout) == stripEscapes(off.stdout))
    }

    @Test func unknownLanguageIsPlainAndExplainedOnlyWithVerbose() throws {
        let file = write("```klingon\nQapla'\n```\n")
        let quiet = try MDViewProcess.shell("\"$MDVIEW\" --color always '\(file)'", environment: grammarPath)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let verbose = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --verbose '\(file)'", environment: grammarPath)
        #expect(verbose.status == 0)
        #expect(verbose.stderr == "mdview: highlight: unknown language 'klingon' (see --list-languages)\n")
        #expect(verbose.stdout == quiet.stdout)
    }

    @Test func plainOutputLoadsNoGrammarAndSaysNothing() throws {
        let file = write("```klingon\nQapla'\n```\n")
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" --color never --verbose --grammar-dir /nonexistent '\(file)'", environment: [:])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func missingGrammarDirectoryStillRendersPlain() throws {
        let file = write("```python\nx = 1\n```\n")
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --verbose --grammar-dir /nonexistent '\(file)'",
            environment: ["MDVIEW_GRAMMAR_PATH": ""])
        #expect(result.status == 0)
        #expect(result.output.contains("x = 1"))
        #expect(result.stderr.hasPrefix("mdview: highlight: no grammar for python in /nonexistent"))
    }
}
