import FoundationEssentials
import Glibc
import TestSupport
import Testing

/// `--pager` and `-p`: which pager runs, with what environment, and what happens when it cannot start
/// or quits early. A fake pager (a shell script named by MDVIEW_PAGER) records what it was given;
/// `script` provides the pseudo-terminal `auto` needs.
@Suite struct PagerTests {
    let directory = MDViewProcess.temporaryDirectory()

    /// A fake pager that writes its environment's LESS settings and then its input to `pager.out`. It
    /// runs as `sh script`, never exec'd itself: a test running in parallel may fork while the script is
    /// still open for writing here, and exec'ing it then fails with ETXTBSY ("Text file busy").
    var fakePager: String {
        let path = directory.appendingPathComponent("pager.sh").path
        let script = "{ echo \"LESS=$LESS LESSCHARSET=$LESSCHARSET\"; cat; } > '\(pagerOutput)'\n"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(script.utf8)))
        return "sh '\(path)'"
    }

    var pagerOutput: String { directory.appendingPathComponent("pager.out").path }

    var paged: String? {
        (try? Data(contentsOf: URL(fileURLWithPath: pagerOutput))).map { String(decoding: $0, as: UTF8.self) }
    }

    func document(_ text: String, name: String = "doc.md") -> String {
        let path = directory.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// A document of `paragraphs` short paragraphs: two rows each.
    func tall(_ paragraphs: Int) -> String {
        document((1...paragraphs).map { "paragraph \($0)" }.joined(separator: "\n\n") + "\n")
    }

    /// Runs `command` in a pseudo-terminal of 10 rows and 40 columns.
    func inTerminal(_ command: String, environment: [String: String] = [:]) throws -> MDViewProcess.Result {
        try MDViewProcess.shell(
            "script -qec 'stty rows 10 cols 40; \(command); echo status=$?' /dev/null", environment: environment)
    }

    @Test func alwaysPipesTheOutputThroughMDVIEW_PAGERWithLessDefaults() throws {
        let file = tall(3)
        let direct = try MDViewProcess.shell("\"$MDVIEW\" '\(file)'")
        let result = try MDViewProcess.shell("\"$MDVIEW\" -p '\(file)'", environment: ["MDVIEW_PAGER": fakePager])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(paged == "LESS=FRX LESSCHARSET=utf-8\n" + direct.output)
    }

    @Test func theUsersLessSettingsAreKept() throws {
        _ = try MDViewProcess.shell(
            "\"$MDVIEW\" --pager always '\(tall(1))'",
            environment: ["MDVIEW_PAGER": fakePager, "LESS": "-i", "LESSCHARSET": "latin1"])
        #expect(paged?.hasPrefix("LESS=-i LESSCHARSET=latin1\n") == true)
    }

    @Test func pagerIsUsedWhenMDVIEW_PAGERIsNotSet() throws {
        _ = try MDViewProcess.shell("\"$MDVIEW\" -p '\(tall(1))'", environment: ["PAGER": fakePager])
        #expect(paged?.contains("paragraph 1") == true)
    }

    @Test func aPagerThatCannotStartFallsBackToPlainOutput() throws {
        let file = tall(2)
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" -p '\(file)'", environment: ["MDVIEW_PAGER": "/nonexistent/pager --flag"])
        #expect(result.status == 0)
        #expect(result.output == "paragraph 1\n\nparagraph 2\n")
        #expect(result.stderr == "mdview: pager: /nonexistent/pager: not found; writing the output without it\n")
    }

    @Test func aPagerTheShellCannotRunFallsBackToPlainOutput() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" -p '\(tall(1))'", environment: ["MDVIEW_PAGER": "sh -c 'exit 127'"])
        #expect(result.status == 0)
        #expect(result.output == "paragraph 1\n")
        #expect(result.stderr.contains("could not be run; writing the output without it"))
    }

    /// The pager runs through `/bin/sh -c`, so a shell word is something that runs, not a missing program.
    @Test(arguments: ["exit 0", "exec cat >/dev/null", "LESS=X cat >/dev/null"])
    func aPagerTheShellRunsItselfIsNotReportedMissing(pager: String) throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" -p '\(tall(1))'", environment: ["MDVIEW_PAGER": pager])
        #expect(result.status == 0)
        #expect(!result.stderr.contains("not found"), "\(result.stderr)")
    }

    @Test func quittingThePagerEarlyIsANormalExit() throws {
        let result = try MDViewProcess.shell(
            "\"$MDVIEW\" -p '\(tall(50_000))'", environment: ["MDVIEW_PAGER": "head -n 1 >/dev/null"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func autoPagesOutputTallerThanTheTerminal() throws {
        let result = try inTerminal("\"$MDVIEW\" \(tall(8))", environment: ["MDVIEW_PAGER": fakePager])
        #expect(result.output.contains("status=0"))
        #expect(!result.output.contains("paragraph 1"), "written to the terminal instead of the pager")
        #expect(paged?.contains("paragraph 8") == true)
    }

    /// `cat README.md | mdview`: standard input that ends at once is rendered whole, like a file, and
    /// so paged like one.
    @Test func standardInputThatEndsAtOnceIsPagedLikeAFile() throws {
        let result = try inTerminal("cat \(tall(8)) | \"$MDVIEW\"", environment: ["MDVIEW_PAGER": fakePager])
        #expect(result.output.contains("status=0"))
        #expect(!result.output.contains("paragraph 1"), "written to the terminal instead of the pager")
        #expect(paged?.contains("paragraph 1") == true && paged?.contains("paragraph 8") == true)
    }

    /// A paged document whose pictures must become half-blocks is rendered twice: standard input is
    /// read once and rendered both times.
    @Test func standardInputIsRenderedWholeWhenThePagerNeedsASecondRendering() throws {
        let image = directory.appendingPathComponent("red.png").path
        _ = try Subprocess.run(["/usr/bin/convert", "-size", "16x16", "xc:red", image], environment: [:])
        let doc = document("![red](\(image))\n\n" + (1...8).map { "paragraph \($0)" }.joined(separator: "\n\n"))
        _ = try inTerminal("cat \(doc) | \"$MDVIEW\" --images sixel", environment: ["MDVIEW_PAGER": fakePager])
        let output = paged ?? ""
        #expect(output.contains("▀") && output.contains("paragraph 8"), "paged: \(output.prefix(200))")
    }

    @Test func autoWritesOutputThatFitsStraightToTheTerminal() throws {
        let result = try inTerminal("\"$MDVIEW\" \(tall(4))", environment: ["MDVIEW_PAGER": fakePager])
        #expect(result.output.contains("paragraph 4"))
        #expect(paged == nil)
    }

    @Test func neverWritesStraightToTheTerminal() throws {
        let result = try inTerminal("\"$MDVIEW\" --pager never \(tall(8))", environment: ["MDVIEW_PAGER": fakePager])
        #expect(result.output.contains("paragraph 8"))
        #expect(paged == nil)
    }

    @Test func thePagerKeepsTheTerminalsColourAndWidth() throws {
        let doc = document("# Heading\n\n" + String(repeating: "word ", count: 30) + "\n")
        _ = try inTerminal("\"$MDVIEW\" -p \(doc)", environment: ["MDVIEW_PAGER": fakePager])
        let output = paged ?? ""
        #expect(output.contains("\u{1B}["), "no colour in the pager")
        let plain = String(decoding: ANSIText.strippingCSI(Array(output.utf8)), as: UTF8.self)
        let lines = plain.split(separator: "\n").dropFirst()
        #expect(lines.count > 4)
        #expect(lines.allSatisfy { $0.count <= 40 }, "wider than the terminal: \(lines)")
    }

    @Test func picturesBecomeHalfBlocksInThePager() throws {
        let image = directory.appendingPathComponent("red.png").path
        _ = try Subprocess.run(["/usr/bin/convert", "-size", "16x16", "xc:red", image], environment: [:])
        let doc = document("![red](red.png)\n\n" + (1...8).map { "paragraph \($0)" }.joined(separator: "\n\n"))
        _ = try inTerminal("\"$MDVIEW\" --images sixel \(doc)", environment: ["MDVIEW_PAGER": fakePager])
        let output = paged ?? ""
        #expect(output.contains("▀"), "no half-blocks in \(output.prefix(200))")
        #expect(!output.contains("\u{1B}P"), "sixel in the pager")
    }

    @Test func pOnlyConflictsWithAnotherPagerChoice() throws {
        let result = try MDViewProcess.shell("\"$MDVIEW\" -p --pager never", stdin: "x\n")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("mdview: -p conflicts with --pager never\n"))
    }
}
