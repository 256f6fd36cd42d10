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

    @Test func listLanguagesPrintsOneLinePerLanguageWithSourcePatternsAndAliases() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --list-languages", environment: grammarPath)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        let python = try #require(lines.first { $0.hasPrefix("python ") }, "got \(result.output.prefix(300))")
        #expect(python.contains("tree-sitter-python==") && python.contains("py, python3"))
        let kept = python.split(separator: " ").contains {
            $0.contains("/") && $0.allSatisfy { $0.isNumber || $0 == "/" }
        }
        #expect(kept, "no patterns kept: run `make grammars` first; got \(python)")
        #expect(lines.contains { $0.hasPrefix("diff ") && $0.contains("built-in") && $0.contains("patch") })
        #expect(lines.contains { $0.hasPrefix("nginx ") && $0.contains("built-in") && $0.contains("nginxconf") })
        #expect(lines.contains { $0.hasPrefix("ssh_config ") && $0.contains("built-in") && $0.contains("sshconfig") })
        // One line per language, a header and a summary: it stays readable at 100+ languages.
        #expect(lines.count >= 100 && !result.output.contains("grammar: "))
        #expect(lines.last?.hasSuffix("languages available") == true)
    }

    @Test func listLanguagesVerboseSaysWhereEachGrammarWasFound() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --list-languages --verbose", environment: grammarPath)
        #expect(result.status == 0)
        #expect(result.output.contains("grammar: ") && result.output.contains("(ABI 14); query: "))
    }

    @Test func diffAndConsoleBlocksAreColouredByLine() throws {
        let file = write("```diff\n-old\n+new\n```\n\n```console\n$ echo \"hi\"\nhi \"there\"\n```\n")
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always --width 40 '\(file)'", environment: grammarPath)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        let plus = try #require(lines.first { $0.contains("+new") })
        let minus = try #require(lines.first { $0.contains("-old") })
        #expect(plus.replacing("+new", with: "") != minus.replacing("-old", with: ""), "+ and - lines styled alike")
        // The output line's text is in one piece (no colour inside it); the command's string is coloured.
        #expect(lines.contains { $0.contains("hi \"there\"") })
        let command = try #require(lines.first { $0.contains("echo") })
        #expect(!command.contains("echo \"hi\""))
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
