import FoundationEssentials
import TestSupport
import Testing

/// `mdview --stream` on a terminal: mdview runs under a pseudo-terminal while `Scripts/pty-stream.py`
/// feeds its standard input in pieces with pauses and replays every byte it wrote into pyte, a VT100
/// emulator (installed by scripts/install-deps.sh). The script prints what differs and fails.
@Suite struct StreamingTerminalTests {
    static let script = StreamingCommandTests.scripts.appendingPathComponent("pty-stream.py").path

    /// Where scripts/install-deps.sh installs pyte.
    static var pythonPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["MDVIEW_PYTHON_DEPS"] { return explicit }
        let cache = environment["XDG_CACHE_HOME"] ?? ((environment["HOME"] ?? "/root") + "/.cache")
        return cache + "/mdview/python"
    }

    static func run(_ arguments: [String]) throws -> MDViewProcess.Result {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        return try MDViewProcess.shell(
            "/usr/bin/python3 '\(script)' \(quoted)",
            environment: MDViewProcess.installedGrammars.merging(["PYTHONPATH": pythonPath]) { $1 })
    }

    static let fixtures = StreamingCommandTests.documents.filter { $0.contains("/Golden/") }

    static let fixtureDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The inputs that showed rows of an open block written for good in their provisional form.
    static func streamingFixture(_ name: String) -> String {
        fixtureDirectory.appendingPathComponent("Streaming").appendingPathComponent(name).path
    }

    /// Answers as language models write them: prose, nested lists, tall tables, footnotes, code blocks
    /// of 20 to 300 lines in several languages.
    static let answers: [String] = {
        let directory = fixtureDirectory.appendingPathComponent("Answers")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { directory.appendingPathComponent($0).path }
    }()

    /// The terminal sizes every defect input is streamed at: short, medium and tall.
    static let sizes = [(10, 60), (20, 60), (40, 100)]

    static func exact(_ path: String, rows: Int, columns: Int, chunk: Int = 16, pause: Int = 2) throws
        -> MDViewProcess.Result
    {
        try run(
            [
                "exact", try MDViewProcess.requireExecutable(), path, "\(chunk)", "\(pause)", "\(rows)", "\(columns)",
            ])
    }

    /// The screen and scroll-back, cell by cell, equal the one-shot render's; the first block shows
    /// before the input ends; the cursor ends visible on a fresh line.
    @Test(arguments: fixtures)
    func theTerminalEndsShowingTheOneShotRender(path: String) throws {
        let result = try Self.run(["exact", try MDViewProcess.requireExecutable(), path, "7", "2", "200", "80"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// A screen shorter than the document: what scrolls out of the live region is written for good.
    @Test(arguments: ["lists.md", "code.md"])
    func onAShortScreenTheScrollBackHoldsTheOneShotRender(name: String) throws {
        let path = try #require(Self.fixtures.first { $0.hasSuffix("/" + name) })
        let result = try Self.run(["exact", try MDViewProcess.requireExecutable(), path, "5", "2", "8", "60"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Tables taller than a short screen: their rows never scroll out before the table is final, so the
    /// scroll-back holds them with their final column widths.
    @Test func onAShortScreenTallTablesEndInTheScrollBackAsTheOneShotRender() throws {
        let path = try #require(Self.fixtures.first { $0.hasSuffix("/tables.md") })
        let result = try Self.run(["exact", try MDViewProcess.requireExecutable(), path, "5", "2", "8", "60"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func aRealDocumentStreamsExactlyOnATerminal() throws {
        let path = "/usr/share/doc/git/README.md"
        try #require(FileManager.default.fileExists(atPath: path))
        let result = try Self.run(["exact", try MDViewProcess.requireExecutable(), path, "64", "3", "200", "70"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test(arguments: ["INT", "TERM", "QUIT", "HUP"])
    func aSignalLeavesTheTerminalCleanAndExitsWith128PlusItsNumber(signal: String) throws {
        let result = try Self.run(["interrupt", try MDViewProcess.requireExecutable(), signal])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func ctrlZLeavesTheTerminalCleanBeforeStoppingAndTheStreamGoesOnAfterward() throws {
        let result = try Self.run(["suspend", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func aResizedWindowGetsTheLiveRegionLaidOutAtTheNewWidth() throws {
        let result = try Self.run(["resize", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func autoStreamsASlowWriterAndRendersAFinishedPipeAtOnce() throws {
        let result = try Self.run(["auto", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Not a clock limit: the block must arrive while its input is still open.
    @Test func aCompletedBlockIsWrittenWhileTheInputIsStillOpen() throws {
        let result = try Self.run(["latency", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Open containers taller than a short screen show their newest rows and are written whole once
    /// final: nothing is written twice or lost.
    @Test(arguments: [(8, 60), (30, 80)])
    func openContainersOnATerminalEndShowingTheOneShotRender(rows: Int, columns: Int) throws {
        let directory = MDViewProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("containers.md").path
        let items = (1...8).map { "- Item \($0) of a loose list, long enough to wrap at sixty columns or so." }
        let quote = (1...6).map { "> Quoted paragraph \($0), which also wraps on a narrow terminal screen." }
        let text =
            "Intro.\n\n" + items.joined(separator: "\n\n") + "\n\n" + quote.joined(separator: "\n>\n")
            + "\n\n> [!TIP]\n> First tip.\n>\n> Second tip.\n\n- one\n- two\n- three\n\nEnd.\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Self.run(
            ["exact", try MDViewProcess.requireExecutable(), path, "5", "2", "\(rows)", "\(columns)"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Long tight and ordered lists, numbers crossing 99 → 100 and a tight list turning loose: the screen
    /// ends showing the one-shot render (the screen is taller than the document: a row that scrolled out
    /// is written as it was then, and item 100 widens the numbers of the rows before it).
    @Test func longTightAndOrderedListsOnATerminalEndShowingTheOneShotRender() throws {
        let directory = MDViewProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("lists.md").path
        let bullets = (1...24).map { "- Item \($0) of a tight list with *some* words." }.joined(separator: "\n")
        let ordered = (95...112).map { "\($0). Numbered item `\($0)` here." }.joined(separator: "\n")
        let loosening = (1...8).map { "- Short \($0)" }.joined(separator: "\n") + "\n\n- Now loose\n- Last"
        let text = "Intro.\n\n" + bullets + "\n\nBetween.\n\n" + ordered + "\n\nThen.\n\n" + loosening + "\n\nEnd.\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Self.run(["exact", try MDViewProcess.requireExecutable(), path, "9", "1", "200", "70"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Long code blocks taller than the screen, highlighted as they grow (parts of them cut out of the
    /// text parsed) and redrawn a row at a time: the rows that scrolled out were written with the
    /// provisional colours, which must be the final ones.
    @Test(arguments: [(12, 70, 11), (40, 90, 3)])
    func longCodeBlocksOnATerminalEndShowingTheOneShotRender(rows: Int, columns: Int, piece: Int) throws {
        let directory = MDViewProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("code.md").path
        let methods = (0..<30).map {
            "    @property\n    def value\($0)(self, x=\($0)):\n        \"\"\"Doc \($0).\"\"\"\n        return x + len(\"s\")  # note\n"
        }
        let objects = (0..<40).map { "  {\"id\": \($0), \"name\": \"item \($0)\", \"ok\": true}," }
        // Open inside its methods while it streams: redraws parse only its last lines, behind their openers.
        let members = (0..<25).map { "  m\($0)(a) {\n    const s = `t ${a}`;\n    return [s, \($0)];  // note\n  }\n" }
        // Blocks opened by words (`do`, `def`) and HTML elements left open while they stream.
        let rubyMethods = (0..<20).map {
            "  def m\($0)(a)\n    [a].each do |b|\n      puts \"#{b} \($0)\" if b\n    end\n  end\n"
        }
        let items = (0..<30).map { "    <li id=\"i\($0)\">Item <b>\($0)</b><br> <!-- note --></li>\n" }
        let records = (0..<20).map { "  {\n    \"id\": \($0),\n    \"tags\": [\"a\",\n      \"b\"]\n  },\n" }
        // JSX elements and SQL columns left open while they stream.
        let elements = (0..<25).map { "      <li key={\($0)}>it's {a < b ? <b>\($0)</b> : <br />}</li>\n" }
        let tableColumns = (0..<25).map { "  col\($0) INTEGER DEFAULT \($0), -- note, \($0)\n" }
        let text =
            "Code:\n\n```python\nclass Service:\n" + methods.joined(separator: "\n") + "```\n\nData:\n\n```json\n[\n"
            + objects.joined(separator: "\n") + "\n  null\n]\n```\n\nScript:\n\n```javascript\nclass Widget {\n"
            + members.joined() + "}\n```\n\nRuby:\n\n```ruby\nclass Widget\n" + rubyMethods.joined()
            + "end\n```\n\nPage:\n\n```html\n<div class=\"list\">\n  <ul>\n" + items.joined()
            + "  </ul>\n</div>\n```\n\nRecords:\n\n```json\n[\n" + records.joined() + "  null\n]\n```\n\nList:\n\n"
            + "```tsx\nexport function List() {\n  return (\n    <ul>\n" + elements.joined()
            + "    </ul>\n  );\n}\n```\n\n"
            + "Table:\n\n```sql\nCREATE TABLE items (\n" + tableColumns.joined() + "  last TEXT\n);\n```\n\nEnd.\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Self.run(
            [
                "exact", try MDViewProcess.requireExecutable(), path, "\(piece)", "1", "\(rows)", "\(columns)",
                "highlighted",
            ])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// A docstring, a block comment and a template literal taller than the screen, streamed while they
    /// are open: they are closed for the parse by their quotes and `*/`, so the rows that scroll out
    /// show them in the string's and comment's colours, as the one-shot render does (read as code left
    /// open, their words were coloured as keywords and numbers).
    @Test func longStringsAndCommentsOnATerminalEndShowingTheOneShotRender() throws {
        let directory = MDViewProcess.temporaryDirectory()
        let path = directory.appendingPathComponent("long-tokens.md").path
        let docstring = (0..<30).map { "    Line \($0): if this is for you, return and import it.\n" }
        let comment = (0..<30).map { " * line \($0): if (x) { return 1; } else { y = \"s\"; }\n" }
        let template = (0..<30).map { "  <p>Item \($0): ${items[\($0)]} if (x) return</p>\n" }
        let text =
            "Docstring:\n\n```python\ndef f(x):\n    \"\"\"Return the answer.\n\n" + docstring.joined()
            + "    \"\"\"\n    return 42\n```\n\nComment:\n\n```c\n/*\n" + comment.joined()
            + " */\nint main(void) { return 0; }\n```\n\nTemplate:\n\n```javascript\nconst page = `\n"
            + template.joined() + "`;\n```\n\nEnd.\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Self.run(
            ["exact", try MDViewProcess.requireExecutable(), path, "40", "20", "12", "70", "highlighted"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Highlighting paced while a block streams fast (`--throttle 0`) never leaves lines plain: once the
    /// input pauses, the open block's last lines are redrawn in the one-shot render's colours.
    @Test func aCodeBlockStreamedFastShowsItsLastLinesColouredOnceTheInputPauses() throws {
        let result = try Self.run(["paced", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    @Test func thereAreAnswersToStream() {
        #expect(Self.answers.count >= 4)
    }

    /// A paragraph taller than the live region whose `[^note]` scrolls out before the definition arrives
    /// ends in the scroll-back with the footnote's number, wrapped as the one-shot render wraps it.
    @Test(arguments: sizes)
    func aFootnoteReferenceThatScrollsOutEndsWithItsNumber(rows: Int, columns: Int) throws {
        let result = try Self.exact(Self.streamingFixture("footnote-scrolls-out.md"), rows: rows, columns: columns)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// A table taller than the live region, widened by its last row: every row in the scroll-back has the
    /// final column widths.
    @Test(arguments: sizes)
    func aTableTallerThanTheRegionEndsWithItsFinalColumnWidths(rows: Int, columns: Int) throws {
        let result = try Self.exact(Self.streamingFixture("tall-table.md"), rows: rows, columns: columns)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// An ordered list of 12 items taller than the live region: items 1 to 9 end padded (` 1.`).
    @Test(arguments: sizes)
    func anOrderedListPastNineItemsEndsWithPaddedNumbers(rows: Int, columns: Int) throws {
        let result = try Self.exact(Self.streamingFixture("ordered-list.md"), rows: rows, columns: columns)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// A 59-line Rust block, and SQL and Python blocks in list items, growing taller than the live region
    /// end in the one-shot render's colours.
    @Test(arguments: [
        ("rust-59.md", 10, 60), ("rust-59.md", 20, 60), ("rust-59.md", 40, 100), ("code-in-list.md", 20, 60),
    ])
    func aTallGrowingCodeBlockEndsInItsFinalColours(name: String, rows: Int, columns: Int) throws {
        let result = try Self.run(
            [
                "exact", try MDViewProcess.requireExecutable(), Self.streamingFixture(name), "8", "4",
                "\(rows)", "\(columns)", "highlighted",
            ])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Language-model answers streamed at three terminal sizes: the screen and scroll-back end equal to
    /// the one-shot render, cell by cell, colours included.
    @Test(arguments: answers, [(10, 60), (40, 100)])
    func answersEndShowingTheOneShotRender(path: String, size: (rows: Int, columns: Int)) throws {
        let result = try Self.exact(path, rows: size.rows, columns: size.columns, chunk: 24, pause: 1)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// Language-model answers streamed in small pieces: no cell of a code row that showed a highlight
    /// colour is redrawn in plain code's colour, whatever the row became (a row shown highlighted is never
    /// redrawn plain).
    @Test(arguments: answers)
    func answersNeverRedrawHighlightedCodePlain(path: String) throws {
        let result = try Self.run(["colours", try MDViewProcess.requireExecutable(), path, "8", "2", "40", "100"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// The medium size too, once per answer, in smaller pieces.
    @Test(arguments: answers)
    func answersInSmallPiecesEndShowingTheOneShotRenderAt60x20(path: String) throws {
        let result = try Self.exact(path, rows: 20, columns: 60, chunk: 8, pause: 1)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// The window narrows, widens, gets shorter and taller while a block taller than the live region is
    /// open: nothing is written twice or lost, and the end equals the one-shot render at the last size.
    @Test(arguments: [
        ("long-list.md", ["10x40@45"]),
        ("long-list.md", ["10x60@20", "10x90@60"]),
        ("rust-59.md", ["20x60@30", "10x60@60", "30x60@85"]),
        ("tall-table.md", ["20x60@40", "12x50@70"]),
        ("footnote-scrolls-out.md", ["10x45@40", "16x70@75"]),
    ])
    func resizesMidStreamEndShowingTheOneShotRenderAtTheLastSize(name: String, sizes: [String]) throws {
        let first = name == "long-list.md" && sizes.count == 1 ? ["10", "60"] : ["20", "60"]
        let result = try Self.run(
            ["resizes", try MDViewProcess.requireExecutable(), Self.streamingFixture(name), "16", "3"] + first + sizes)
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// In tmux with its default options (`scroll-on-clear on`: erasing the display from the top row pushes
    /// the screen into the history), a stream at 60×10 leaves exactly the one-shot render's history.
    @Test(
        .enabled(if: tmuxInstalled, "tmux is not installed (scripts/install-deps.sh installs it)"),
        arguments: ["tall-table.md", "rust-59.md", "ordered-list.md"])
    func aStreamInTmuxLeavesTheOneShotRendersHistory(name: String) throws {
        let result = try Self.run(
            ["tmux", try MDViewProcess.requireExecutable(), Self.streamingFixture(name), "16", "3", "10", "60"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// A language-model answer in tmux at 60×10.
    @Test(.enabled(if: tmuxInstalled, "tmux is not installed (scripts/install-deps.sh installs it)"))
    func anAnswerStreamedInTmuxLeavesTheOneShotRendersHistory() throws {
        let path = try #require(Self.answers.first { $0.hasSuffix("/rust-service.md") })
        let result = try Self.run(["tmux", try MDViewProcess.requireExecutable(), path, "24", "2", "10", "60"])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    /// tmux's own answer decides synchronized output: mdview asks tmux (DECRQM 2026) in its query round
    /// trip and wraps its redraws in `CSI ? 2026 h` … `l` exactly when tmux, asked the same question in
    /// another window, reports the mode (tmux 3.3 does not answer it, so no redraw is wrapped there);
    /// either way the history holds as many rows as after the one-shot render.
    @Test(.enabled(if: tmuxInstalled, "tmux is not installed (scripts/install-deps.sh installs it)"))
    func underTmuxSynchronizedOutputFollowsTmuxsAnswerAndTheHistoryStaysRight() throws {
        let result = try Self.run(
            [
                "tmux-synchronized", try MDViewProcess.requireExecutable(), Self.streamingFixture("tall-table.md"),
                "16", "20", "10", "60",
            ])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }

    static var tmuxInstalled: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A terminal that answers DECRQM for mode 2026 gets every redraw inside synchronized output; one that
    /// does not answer gets none.
    @Test func redrawsUseSynchronizedOutputWhereTheTerminalReportsIt() throws {
        let result = try Self.run(["synchronized", try MDViewProcess.requireExecutable()])
        #expect(result.status == 0, "\(result.output)\(result.stderr)")
    }
}
