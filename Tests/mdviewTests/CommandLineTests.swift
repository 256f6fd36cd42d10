import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// End-to-end behaviour of the `mdview` command: inputs, flags, exit codes and messages.
@Suite struct CommandLineTests {
    let sample = "# Title\n\nSome *text* with a [link](https://example.com).\n"

    private func write(_ text: String, to name: String, in directory: URL) -> String {
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test func rendersAFile() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let file = write(sample, to: "a.md", in: dir)
        let result = try MDViewProcess.shell("\"$MDVIEW\" --width 40 '\(file)'")
        #expect(result.status == 0)
        #expect(result.output == "Title\n═════\n\nSome *text* with a link\n<https://example.com>.\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func pipedStdinAndAFileGiveIdenticalOutput() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let file = write(sample, to: "a.md", in: dir)
        let fromFile = try MDViewProcess.shell("\"$MDVIEW\" '\(file)'")
        let fromPipe = try MDViewProcess.shell("cat '\(file)' | \"$MDVIEW\"")
        let fromDash = try MDViewProcess.shell("\"$MDVIEW\" -", stdin: sample)
        #expect(fromFile.stdout == fromPipe.stdout)
        #expect(fromFile.stdout == fromDash.stdout)
        #expect(!fromFile.stdout.isEmpty)
    }

    @Test func colourIsOffWhenWritingToAPipe() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: sample)
        #expect(!result.stdout.contains(0x1B))
    }

    @Test func colourAlwaysEmitsSGR() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --color always", stdin: sample)
        #expect(result.output.contains("\u{1B}["))
    }

    @Test func noColorIsHonouredEvenWithColourForced() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\"", stdin: sample, environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"])
        #expect(!result.stdout.contains(0x1B))
    }

    @Test func forceColorTurnsColourOnForAPipe() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: sample, environment: ["CLICOLOR_FORCE": "1"])
        #expect(result.stdout.contains(0x1B))
    }

    @Test func truecolorDepthIsDetectedFromCOLORTERM() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" --color always", stdin: sample, environment: ["COLORTERM": "truecolor"])
        #expect(result.output.contains("38;2;"))
    }

    @Test func widthFromColumnsWhenNotATerminal() throws {
        let long = String(repeating: "word ", count: 40)
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: long, environment: ["COLUMNS": "30"])
        #expect(result.output.split(separator: "\n").allSatisfy { $0.count <= 30 })
        #expect(result.output.split(separator: "\n").count > 5)
    }

    @Test func missingFileIsAnErrorWithTheFileName() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" /nonexistent/file.md")
        #expect(result.status == 1)
        #expect(result.stderr == "mdview: /nonexistent/file.md: No such file or directory\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func directoryIsAnError() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" /tmp")
        #expect(result.status == 1)
        #expect(result.stderr == "mdview: /tmp: is a directory\n")
    }

    @Test func unreadableFileIsAnError() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let file = write(sample, to: "secret.md", in: dir)
        chmod(file, 0)
        // Root reads any file: as root, mdview runs as `nobody` (setpriv, util-linux) so that it is refused too.
        let asUnprivileged = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try MDViewProcess.shell("\(asUnprivileged)\"$MDVIEW\" '\(file)'")
        #expect(result.status == 1)
        #expect(result.stderr == "mdview: \(file): Permission denied\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aPathThroughARegularFileIsAnErrorWithTheSystemsReason() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let file = write(sample, to: "plain.md", in: dir)
        let result = try MDViewProcess.run([file + "/inner.md"])
        #expect(result.status == 1)
        #expect(result.stderr == "mdview: \(file)/inner.md: Not a directory\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func oneBadFileDoesNotStopTheOthers() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let a = write("# First\n", to: "a.md", in: dir)
        let b = write("# Second\n", to: "b.md", in: dir)
        let result = try MDViewProcess.shell("\"$MDVIEW\" --width 40 '\(a)' /missing.md '\(b)'")
        #expect(result.status == 1)
        #expect(result.output.contains("First"))
        #expect(result.output.contains("Second"))
        #expect(result.stderr == "mdview: /missing.md: No such file or directory\n")
    }

    @Test func severalFilesAreSeparatedByTitledRules() throws {
        let dir = MDViewProcess.temporaryDirectory()
        _ = write("one\n", to: "a.md", in: dir)
        _ = write("two\n", to: "b.md", in: dir)
        let result = try MDViewProcess.shell("\"$MDVIEW\" --width 20 a.md b.md", directory: dir)
        #expect(result.output == "── a.md ────────────\n\none\n\n── b.md ────────────\n\ntwo\n")
    }

    @Test(arguments: ["0", "-5", "abc", "99999999"])
    func badWidthIsAUsageError(width: String) throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --width=\(width)", stdin: sample)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: --width: "))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["-1", "0", "99999999999999999999"])
    func widthOutOfRangeSaysSoAlsoAfterASpace(width: String) throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --width \(width)", stdin: sample)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: --width: \(width) is out of range (4 to 10000 columns)\n"))
    }

    /// A negative number after a space is a value out of range, not a missing value followed by a flag.
    @Test(arguments: ["--image-budget", "--image-timeout", "--image-connect-timeout", "--throttle"])
    func aNegativeValueIsOutOfRangeNotMissing(flag: String) throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" \(flag) -1", stdin: sample)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: \(flag): "), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test func timingsReportEachStageOnStandardErrorAndLeaveTheOutputAlone() throws {
        let plain = try MDViewProcess.shell("\"$MDVIEW\" --color always", stdin: sample)
        let timed = try MDViewProcess.shell("\"$MDVIEW\" --color always --timings", stdin: sample)
        #expect(timed.stdout == plain.stdout)
        let line = timed.stderr
        #expect(line.hasPrefix("mdview: timings: standard input: parse "))
        for stage in ["resolve", "highlighting", "images", "layout", "write", "total"] {
            #expect(line.contains(", \(stage) "), "no \(stage) in \(line)")
        }
        #expect(line.hasSuffix(" ms\n"))
    }

    @Test func unknownFlagIsAUsageError() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --frobnicate", stdin: sample)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: "))
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let result = try MDViewProcess.shell("printf 'ok \\377\\376 bad\\n' | \"$MDVIEW\"")
        #expect(result.status == 0)
        #expect(result.output == "ok \u{FFFD}\u{FFFD} bad\n")
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: "")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test func closedPipeEndsQuietly() throws {
        // bash, not /bin/sh (dash), for PIPESTATUS: mdview is the pipeline's third command.
        let result = try MDViewProcess.shell(
            "yes 'a line of markdown text that repeats' | head -n 200000 | \"$MDVIEW\" | head -n 1; echo \"status=${PIPESTATUS[2]}\"",
            shell: "/bin/bash")
        #expect(result.stderr.isEmpty)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("a line of markdown text that repeats") == true)
        #expect(lines.last == "status=0")
    }

    @Test func closedPipeExitStatusIsZero() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let big = write(String(repeating: "paragraph text that goes on\n\n", count: 50_000), to: "big.md", in: dir)
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" '\(big)' | head -n 1 >/dev/null; echo; ( \"$MDVIEW\" '\(big)'; echo \"mdview=$?\" >&2 ) | head -c 10 >/dev/null"
        )
        #expect(result.stderr == "mdview=0\n")
    }

    @Test func terminalOnStdinWithoutFileIsAUsageError() throws {
        // `script` gives mdview a pseudo-terminal as standard input.
        let result = try MDViewProcess.shell("script -qec '\"$MDVIEW\" </dev/tty; echo status=$?' /dev/null")
        #expect(result.output.contains("mdview: no input"))
        #expect(result.output.contains("status=2"))
    }

    @Test func helpDocumentsEveryFlag() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" --help")
        #expect(result.status == 0)
        for flag in ["--width", "--color", "--theme", "--hyperlinks", "--verbose"] {
            #expect(result.output.contains(flag), "help lacks \(flag)")
        }
    }

    @Test func relativeLinksResolveAgainstTheFilesDirectoryInHyperlinks() throws {
        let dir = MDViewProcess.temporaryDirectory()
        let file = write("[guide](docs/guide.md)\n", to: "a.md", in: dir)
        let result = try MDViewProcess.shell("\"$MDVIEW\" --color always --hyperlinks always '\(file)'")
        #expect(result.output.contains("\u{1B}]8;;file://\(dir.path)/docs/guide.md\u{1B}\\"))
    }

    @Test func linkWithTextEqualToURLIsShownOnce() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\"", stdin: "<https://example.com>\n")
        #expect(result.output == "https://example.com\n")
    }
}
