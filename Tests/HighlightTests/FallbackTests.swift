import Foundation
import MarkdownCore
import TestSupport
import Testing

@testable import Highlight

/// Every failure leaves the block plain (nil) and emits one `Diagnostic.codeShownPlain`.
@Suite struct FallbackTests {
    /// A fresh directory holding only what a test puts there.
    func scratchDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mdview-highlight-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Compiles a C file into `directory/name.so`.
    func buildLibrary(_ source: String, named name: String, in directory: String) throws {
        let cFile = "\(directory)/\(name).c"
        try source.write(toFile: cFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["cc", "-shared", "-fPIC", "-o", "\(directory)/\(name).so", cFile]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "cc failed")
    }

    func highlighter(directory: String, timeout: Duration = .milliseconds(150)) -> (
        TreeSitterHighlighter, DiagnosticLog
    ) {
        let log = DiagnosticLog()
        let path = GrammarSearchPath(entries: [.init(directory: directory, layout: .mdview)])
        return (TreeSitterHighlighter(searchPath: path, parseTimeout: timeout, diagnostics: log), log)
    }

    @Test func unknownLanguageRendersPlainWithADiagnostic() throws {
        let (highlighter, log) = highlighter(directory: try scratchDirectory())
        #expect(highlighter.tokens(for: "x", language: "klingon") == nil)
        #expect(
            log.diagnostics == [
                .codeShownPlain(language: "klingon", reason: "unknown language 'klingon' (see --list-languages)")
            ])
        #expect(log.lines == ["highlight: unknown language 'klingon' (see --list-languages)"])
    }

    @Test func missingGrammarRendersPlainWithADiagnostic() throws {
        let directory = try scratchDirectory()
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.contains("no grammar for python in \(directory)") == true)
    }

    @Test func wrongABIRendersPlainWithADiagnostic() throws {
        let directory = try scratchDirectory()
        // A TSLanguage starts with its ABI version; this one claims 15.
        try buildLibrary(
            "static const unsigned int language[64] = {15};\nconst void *tree_sitter_python(void) { return language; }\n",
            named: "python", in: directory)
        try "(identifier) @variable".write(toFile: "\(directory)/python.scm", atomically: true, encoding: .utf8)
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "py") == nil)
        #expect(log.lines.count == 1)
        #expect(log.lines.first?.contains("has grammar ABI 15; this tree-sitter runtime reads 13–14") == true)
    }

    @Test func wrongABIGrammarEarlierOnThePathDoesNotHideAGoodOne() throws {
        let bad = try scratchDirectory()
        try buildLibrary(
            "static const unsigned int language[64] = {15};\nconst void *tree_sitter_python(void) { return language; }\n",
            named: "python", in: bad)
        let real = try Grammars.require("python")
        let good = URL(fileURLWithPath: real.grammar.path).deletingLastPathComponent().path
        let path = GrammarSearchPath(entries: [
            .init(directory: bad, layout: .mdview), .init(directory: good, layout: .mdview),
        ])
        let highlighter = TreeSitterHighlighter(searchPath: path)
        #expect(highlighter.tokens(for: "x = 1\n", language: "python")?.isEmpty == false)
        #expect(highlighter.languageStatuses().first { $0.id == "python" }?.grammarPath == "\(good)/python.so")
    }

    @Test func missingSymbolRendersPlainWithADiagnostic() throws {
        let directory = try scratchDirectory()
        try buildLibrary("int unrelated(void) { return 0; }\n", named: "python", in: directory)
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.contains("does not export tree_sitter_python") == true)
    }

    @Test func notASharedObjectRendersPlainWithADiagnostic() throws {
        let directory = try scratchDirectory()
        try "not an ELF file".write(toFile: "\(directory)/python.so", atomically: true, encoding: .utf8)
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.hasPrefix("highlight: cannot load \(directory)/python.so") == true)
    }

    /// A directory with the real python grammar and the given query (nil: no query file).
    func pythonWithQuery(_ query: String?) throws -> String {
        let real = try Grammars.require("python")
        let directory = try scratchDirectory()
        try FileManager.default.copyItem(atPath: real.grammar.path, toPath: "\(directory)/python.so")
        if let query {
            try FileManager.default.createDirectory(atPath: "\(directory)/python", withIntermediateDirectories: true)
            try query.write(toFile: "\(directory)/python/highlights.scm", atomically: true, encoding: .utf8)
        }
        return directory
    }

    @Test func missingQueryRendersPlainWithADiagnostic() throws {
        let (highlighter, log) = highlighter(directory: try pythonWithQuery(nil))
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.contains("no highlights.scm beside it") == true)
    }

    @Test func emptyQueryRendersPlainWithADiagnostic() throws {
        let (highlighter, log) = highlighter(directory: try pythonWithQuery(""))
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.hasSuffix("highlights.scm: no patterns") == true)
    }

    @Test func unreadableQueryRendersPlainWithADiagnostic() throws {
        let directory = try pythonWithQuery(nil)
        // A directory where the file should be: exists, cannot be read as a file.
        try FileManager.default.createDirectory(
            atPath: "\(directory)/python/highlights.scm", withIntermediateDirectories: true)
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.hasSuffix("highlights.scm: cannot be read") == true)
    }

    @Test func queryThatIsAFIFORendersPlainWithoutWaitingForAWriter() throws {
        let directory = try pythonWithQuery(nil)
        try FileManager.default.createDirectory(atPath: "\(directory)/python", withIntermediateDirectories: true)
        try #require(mkfifo("\(directory)/python/highlights.scm", 0o644) == 0)
        let (highlighter, log) = highlighter(directory: directory)
        #expect(highlighter.tokens(for: "x = 1", language: "python") == nil)
        #expect(log.lines.first?.hasSuffix("highlights.scm: cannot be read") == true)
    }

    @Test func failedLoadIsRememberedAndReportedOnce() throws {
        let (highlighter, log) = highlighter(directory: try scratchDirectory())
        for _ in 0..<5 { _ = highlighter.tokens(for: "x = \(Int.random(in: 0..<1000))", language: "python") }
        #expect(log.lines.count == 1)
    }

    @Test func failureOfALanguageIsReportedOnceWhateverAliasNamesIt() throws {
        let directory = try scratchDirectory()
        let (highlighter, log) = highlighter(directory: directory)
        for alias in ["python", "py", "Python3"] { _ = highlighter.tokens(for: "x = 1", language: alias) }
        #expect(log.diagnostics.map(\.subject) == ["highlight"])
        #expect(
            log.diagnostics.first
                == .codeShownPlain(
                    language: "python",
                    reason: "no grammar for python in \(directory) (run scripts/install-grammars.sh)"))
    }

    @Test func megabyteBlockTimesOutToPlainWithADiagnostic() throws {
        _ = try Grammars.require("python")
        let log = DiagnosticLog()
        let highlighter = TreeSitterHighlighter(
            searchPath: Grammars.searchPath, parseTimeout: .milliseconds(5), diagnostics: log)
        let line = "value = compute(alpha, [beta, {'gamma': (delta + 1) * 2}], epsilon=\"text\")  # note\n"
        let block = String(repeating: line, count: 1_048_576 / line.utf8.count + 1)
        #expect(highlighter.tokens(for: block, language: "python") == nil)
        #expect(log.lines.first?.contains("not highlighted within 5 ms of CPU time; shown plain") == true)
    }

    @Test func deeplyNestedBracketsGiveWellFormedTokensOrTimeOutToPlain() throws {
        _ = try Grammars.require("javascript")
        let log = DiagnosticLog()
        let highlighter = TreeSitterHighlighter(
            searchPath: Grammars.searchPath, parseTimeout: .milliseconds(100), diagnostics: log)
        let block = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        if let tokens = highlighter.tokens(for: block, language: "javascript") {
            #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.upperBound <= $1.range.lowerBound })
            #expect(tokens.allSatisfy { !$0.range.isEmpty && $0.range.upperBound <= block.utf8.count })
        } else {
            #expect(log.lines.first?.contains("not highlighted within 100 ms of CPU time; shown plain") == true)
        }
    }
}
