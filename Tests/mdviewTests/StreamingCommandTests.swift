import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// `mdview --stream` end to end, with real processes: a slow writer feeds mdview's standard input
/// through a pipe in pieces, and what mdview writes is compared with the one-shot render.
@Suite struct StreamingCommandTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts")
    static let feeder = scripts.appendingPathComponent("feed-chunks.py").path

    /// The golden fixtures and real documents from the system's documentation.
    static let documents: [String] = {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MarkdownCoreTests/Golden")
        let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: golden.path)) ?? [])
            // HTML enclosing several Markdown blocks is the documented exception to exactness while streaming.
            .filter { $0.hasSuffix(".md") && $0 != "html-spanning.md" }.sorted()
            .map { golden.appendingPathComponent($0).path }
        let real = ["/usr/share/doc/git/README.md", "/usr/share/doc/nodejs/README.md"]
            .filter { FileManager.default.fileExists(atPath: $0) }
        return fixtures + real
    }()

    @Test func thereAreDocumentsToStream() {
        #expect(Self.documents.count >= 12)
    }

    /// Pieces of 1 and 7 bytes split UTF-8 sequences, fence markers, table rows and list markers.
    @Test(arguments: documents)
    func pipedInPiecesTheStreamedOutputEqualsTheOneShotOutput(path: String) throws {
        let flags = "--width 80 --color always --hyperlinks always"
        // From standard input too: relative links resolve against the same directory. Code highlighted.
        let grammars = MDViewProcess.installedGrammars
        let expected = try MDViewProcess.shell("\"$MDVIEW\" \(flags) < '\(path)'", environment: grammars)
        #expect(expected.status == 0)
        #expect(!expected.stdout.isEmpty)
        for (size, pause) in [(1, 0), (7, 0), (64, 1), (4096, 0)] {
            let streamed = try MDViewProcess.shell(
                "/usr/bin/python3 '\(Self.feeder)' \(size) \(pause) '\(path)' | \"$MDVIEW\" \(flags) --stream always --throttle 0",
                environment: grammars)
            #expect(streamed.status == 0)
            #expect(streamed.stderr.isEmpty)
            let same = streamed.stdout == expected.stdout
            #expect(same, "pieces of \(size) bytes: \(Self.firstDifference(streamed.output, expected.output))")
        }
    }

    /// Long tight, ordered and loose ordered lists, numbers crossing 9 → 10 and 99 → 100, lists ending in
    /// every way.
    @Test func longListsPipedInPiecesEqualTheOneShotOutput() throws {
        let path = MDViewProcess.temporaryDirectory().appendingPathComponent("lists.md").path
        var text = (1...40).map { "- Tight item \($0) with `code`\n  continued" }.joined(separator: "\n") + "\n\n"
        text += (1...120).map { "\($0). Ordered item **\($0)**" }.joined(separator: "\n") + "\n\nBetween.\n\n"
        text += (7...12).map { "\($0)) Loose item\n\n   more of it" }.joined(separator: "\n\n") + "\n    code after\n"
        text += (1...12).map { "\($0). ```\n   let x = \($0)\n   ```" }.joined(separator: "\n") + "\n- bullet ends it\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let flags = "--width 80 --color always"
        let expected = try MDViewProcess.shell("\"$MDVIEW\" \(flags) < '\(path)'")
        #expect(expected.status == 0)
        for size in [1, 7, 64] {
            let streamed = try MDViewProcess.shell(
                "/usr/bin/python3 '\(Self.feeder)' \(size) 0 '\(path)' | \"$MDVIEW\" \(flags) --stream always --throttle 0"
            )
            #expect(streamed.status == 0)
            #expect(
                streamed.stdout == expected.stdout,
                "pieces of \(size) bytes: \(Self.firstDifference(streamed.output, expected.output))")
        }
    }

    /// Where two outputs part, for the failure message (the outputs themselves are long).
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, (a, e)) in zip(actualLines, expectedLines).enumerated() where a != e {
            return "line \(index + 1): got \(a.debugDescription), expected \(e.debugDescription)"
        }
        return "\(actualLines.count) lines, expected \(expectedLines.count)"
    }

    @Test func aFileArgumentStreamedWithAlwaysEqualsTheOneShotOutput() throws {
        let path = try #require(Self.documents.first { $0.hasSuffix("lists.md") })
        let expected = try MDViewProcess.shell("\"$MDVIEW\" --color always '\(path)' '\(path)'")
        let streamed = try MDViewProcess.shell("\"$MDVIEW\" --color always --stream always '\(path)' '\(path)'")
        #expect(streamed.stdout == expected.stdout)
        #expect(!expected.stdout.isEmpty)
    }

    @Test func anUnclosedFenceAtTheEndOfInputIsRendered() throws {
        let text = "Intro\n\n```python\nprint(1)\nprint(2)"
        let expected = try MDViewProcess.run(["--stream", "never"], stdin: text)
        let streamed = try MDViewProcess.run(["--stream", "always"], stdin: text)
        #expect(streamed.stdout == expected.stdout)
        #expect(expected.output.contains("print(2)"))
    }

    /// Input read once per redraw is still read while a long throttle interval runs: a stream that ends
    /// a moment after a redraw ends then, not ten seconds later (`timeout` says 124 if it does not).
    @Test func theEndOfInputIsNoticedWhileALongThrottleIntervalRuns() throws {
        let result = try MDViewProcess.shell(
            "(printf 'first\\n\\n'; sleep 0.3; printf 'second\\n') | timeout 8 \"$MDVIEW\" --stream always --throttle 10000; echo \"status ${PIPESTATUS[1]}\"",
            shell: "/bin/bash")
        #expect(result.output.contains("first"))
        #expect(result.output.contains("second"))
        #expect(result.output.hasSuffix("status 0\n"))
    }

    @Test func aClosedOutputPipeEndsQuietly() throws {
        let path = try #require(Self.documents.last)
        let result = try MDViewProcess.shell(
            "/usr/bin/python3 '\(Self.feeder)' 512 1 '\(path)' | \"$MDVIEW\" --stream always --throttle 0 | head -c 10 >/dev/null; echo \"${PIPESTATUS[1]}\"",
            shell: "/bin/bash")
        #expect(result.output == "0\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func aThrottleOutOfRangeIsAUsageError() throws {
        let result = try MDViewProcess.run(["--throttle", "-5"], stdin: "x")
        #expect(result.status == 2)
        #expect(result.stderr.contains("--throttle"))
    }

    @Test func anUnknownStreamModeIsAUsageError() throws {
        let result = try MDViewProcess.run(["--stream", "sometimes"], stdin: "x")
        #expect(result.status == 2)
    }
}
