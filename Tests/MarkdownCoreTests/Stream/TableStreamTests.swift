import Testing

@testable import MarkdownCore

/// An open table in a stream: rows that only continue it are not parsed to learn whether it ended
/// (`TailContinuation.table`), its provisional tail parses only the rows added (`openTableTail()`) and
/// lays out only those (`GrowingTableLayout`), and all of it looks as the one-shot render.
@Suite struct TableStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    /// A table of `rows` rows with aligned columns, code spans, escaped pipes and emphasis.
    static func table(rows: Int) -> String {
        "| n | words | code | bold |\n|---|:---:|---:|---|\n"
            + (0..<rows).map { index in
                "| \(index) | alpha\(index % 7 == 0 ? " beta gamma" : "") | `x` \\| \(index) | **b\(index)** |\n"
            }.joined()
    }

    /// Feeds `count` rows made by `row`, updating after each: none may make anything final or be parsed.
    /// Returns the rows fed.
    static func feedRowsWithoutParsing(_ count: Int, into stream: inout MarkdownStream, row: (Int) -> String)
        -> String
    {
        var rows = ""
        for index in 0..<count {
            rows += row(index)
            stream.feed(row(index))
            #expect(stream.update(provisional: false).final.isEmpty)
        }
        return rows
    }

    @Test func rowsThatOnlyContinueAnOpenTableFinishNothing() {
        var stream = MarkdownStream(renderer: Self.renderer)
        let head = "| a | b |\n|---|---|\n"
        var text = head
        stream.feed(head)
        _ = stream.update(provisional: false)
        text += Self.feedRowsWithoutParsing(300, into: &stream) { "| \($0) | *x* `y` |\n" }
        stream.feed("\nAfter.\n")
        #expect(stream.update(provisional: false).final == Self.renderer.lines(for: text))
    }

    /// Each line is a row exactly when the rule says so or the rule leaves it to the parser: the rule
    /// never keeps a table open that cmark-gfm ends.
    @Test func aLineTakenForARowWithoutParsingIsARowOfTheTable() {
        let head = "| a | b |\n|---|---|\n| 1 | 2 |\n"
        let lines = [
            "| 3 | 4 |", "|x", "| `a|b` |", "|| z", "| |", "|", "||", " | 3 | 4 |", "> | q |", "# | h |",
            "- | l |", "no pipes", "", "|\t|", "| <div> |", "|---|---|", "| [^1] |", "| é |",
        ]
        let converter = DocumentConverter(options: Self.renderer.parseOptions)
        for line in lines {
            var source = StreamSource()
            source.append(head + line + "\n")
            let continues = TailContinuation.table.cannotClose(source, from: head.utf8.count, to: source.count)
            let blocks = converter.document(from: head + line + "\n").blocks
            guard continues else { continue }
            guard blocks.count == 1, case .table(let table) = blocks[0] else {
                Issue.record("\(line.debugDescription) was taken for a row but ends the table")
                continue
            }
            #expect(table.rows.count == 2, "\(line.debugDescription)")
        }
        // The rule is not vacuous: these are rows it takes without the parser.
        for line in ["| 3 | 4 |", "|x", "| `a|b` |", "|| z"] {
            var source = StreamSource()
            source.append(head + line + "\n")
            #expect(TailContinuation.table.cannotClose(source, from: head.utf8.count, to: source.count), "\(line)")
        }
    }

    @Test func anOpenTableStreamedLooksAsParsedAtEveryUpdate() {
        let text = "Intro.\n\n" + Self.table(rows: 300) + "\nAfter.\n"
        ProvisionalStreamChecks.streamed(text, pieces: 64, renderer: Self.renderer)
    }

    @Test func anOpenTableStreamedInSmallPiecesLooksAsParsedAtEveryStep() {
        let text = Self.table(rows: 40) + "| last | row **open\n"
        ProvisionalStreamChecks.streamed(text, pieces: 7, renderer: Self.renderer)
    }

    @Test func aGrowingTableRedrawnAtEveryRowShowsTheOneShotLayoutOfWhatArrived() {
        let renderer = MarkdownRenderer(capabilities: Self.renderer.capabilities)
        var stream = MarkdownStream(renderer: renderer)
        let text = Self.table(rows: 200)
        var fed = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            fed += line + "\n"
            stream.feed(line + "\n")
            #expect(stream.update().provisional == renderer.lines(for: fed))
        }
    }

    /// The footnotes section comes at the end of input (the provisional tail shows none), so this one is
    /// checked on its final lines alone.
    @Test func aTableWithFootnotesStreamsAsTheOneShotRender() {
        let text = "| a | b |\n|---|---|\n| 1 [^n] | 2 |\n| 3 [^n] | 4 |\n| 5 | 6 [^m] |\n\n[^n]: note\n[^m]: more\n"
        for size in [1, 5, 64] {
            for provisional in [false, true] {
                let lines = MarkdownStreamTests.streamed(Array(text.utf8), pieces: size, provisional: provisional)
                #expect(lines == Self.renderer.lines(for: text), "pieces of \(size), provisional \(provisional)")
            }
        }
    }

    /// A table right under a paragraph's line (no blank line between) starts, for cmark-gfm, on the
    /// paragraph's first line; the paragraph is written once the table is there, and the table then
    /// streams on its own.
    @Test func aParagraphATableInterruptedIsFinalOnceTheTableIsThere() {
        var stream = MarkdownStream(renderer: Self.renderer)
        stream.feed("# Title\n\nHere is how they compare,\nrow by row:\n| a | b |\n|---|:-:|\n| 1 | 2 |\n")
        let final = stream.update(provisional: false).final
        #expect(final == Self.renderer.lines(for: "# Title\n\nHere is how they compare,\nrow by row:\n"))
        let rows = Self.feedRowsWithoutParsing(100, into: &stream) { "| \($0) | x |\n" }
        stream.feed("\nAfter.\n")
        #expect(
            stream.update(provisional: false).final
                == [.blank] + Self.renderer.lines(for: "| a | b |\n|---|:-:|\n| 1 | 2 |\n" + rows))
    }

    @Test func paragraphsThatATableMayInterruptStreamAsTheOneShotRender() {
        let documents = [
            "Intro line one\nline two\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.\n",
            "Intro\n|-|\n| a |\n|---|\n| 1 |\n",
            "Intro\n| a | b |\n|---|\n| 1 | 2 |\n",
            "> Quote\nlazy\n| a |\n|---|\n| 1 |\n",
            "Intro *open\n| a | b* |\n| --- | --- |\n| 1 | 2 |\nno pipes\n",
            "- item\n| a |\n|---|\n| 1 |\n",
            "Intro\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n|---|---|\n| 5 | 6 |\n",
        ]
        for document in documents {
            for size in [1, 4, 9] {
                ProvisionalStreamChecks.streamed(document, pieces: size, renderer: Self.renderer)
            }
        }
    }

    @Test func aParagraphATableInterruptedThatAwaitsADefinitionWaitsForIt() {
        // A full reference waits for its definition (a shortcut one, `[the docs]`, does not: the documented
        // exception).
        let text = "See [the docs][docs] here:\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[docs]: https://example.com\n"
        for size in [1, 7, 64] {
            let lines = MarkdownStreamTests.streamed(Array(text.utf8), pieces: size, provisional: true)
            #expect(lines == Self.renderer.lines(for: text), "pieces of \(size)")
        }
    }

    @Test func tablesEndingEveryWayStreamAsTheOneShotRender() {
        let documents = [
            "| a | b |\n|---|---|\n| 1 | 2 |\nno pipes row\n> quote\n",
            "| a | b |\n|---|---|\n| 1 | 2 |\n| |\n| 3 | 4 |\n",
            "| a | b |\n|---|---|\n| 1 [^n] | 2 |\n| 3 [^m] | 4 |\n",
            "| a | b |\n|---|---|\n| 1 | 2 |\n\n| a | b |\n|---|---|\n| 3 | 4 |\n",
            "| a | b |\n|---|---|\n| 1 | 2 |\n| a | b |\n|---|---|\n| 3 | 4 |\n",
            "| a | b |\n|---|---|\n| 1<br>x | 2 |\n|---|---|\n    | 3 | 4 |\n# h | x\n",
            "Para\n| a | b |\n|---|---|\n| 1 | 2 |\n",
            "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n| 3 |\n",
            "| a |\n|---|\n| 1 | 2 | 3 |\n| **x |\n| y** |\n| `open\n",
            "| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n| 3 | 4 |\r\n",
            "| a | b |\n|---|---|\n| wide wide wide wide wide wide wide wide wide wide wide | x |\n| 1 | 2 |\n",
        ]
        for document in documents {
            for size in [1, 3, 7] {
                ProvisionalStreamChecks.streamed(document, pieces: size, renderer: Self.renderer)
            }
        }
    }
}
