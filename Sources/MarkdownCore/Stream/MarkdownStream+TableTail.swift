/// The provisional model of an open table, parsed a row at a time: while a long table streams, each
/// redraw parses the rows added since the last one (behind the table's header and delimiter rows and
/// its last row) instead of the whole table, and the complete rows join the table kept from the last
/// parse.
///
/// cmark-gfm reads each row on its own (its cells against the header's columns), except that a
/// delimiter row (`|---|`) after a row makes that row the header of a new table: so the last row kept
/// is parsed again with the lines after it, and must come out as it was. Only the provisional tail is
/// built this way: a table that became final is parsed whole, as it always was. Not taken (the table
/// is parsed whole) when a complete line added may not be a row (`TailContinuation.linesAreTableRows`),
/// when the text added holds `[^` (a footnote's number counts the references before it), a NUL or a
/// carriage return, or when the parse does not read the lines as rows of the same table.
///
/// What it buys: a 200-row table (18 KB) fed in 16-byte pieces with the provisional tail after each (a
/// redraw every 33 ms at 120 tokens a second) costs 9 times the CPU without it (227 → 2,134 ms for the
/// stream), and a language-model answer with a 14-row table 15 % more instructions for the whole stream.
/// Into a pipe (final lines only) it is not used: rows are not parsed there at all
/// (`TailContinuation.table`).
extension MarkdownStream {
    /// The unfinished tail when it is one open table (`TailContinuation.table`) that grew since it was
    /// last parsed, or nil to parse it whole. Keeps the table with the complete rows added as the last
    /// parse (`lastTail`), so that the next redraw parses only what follows.
    mutating func openTableTail() -> [Block]? {
        guard case .table? = openTail, let kept = lastTail, kept.blocks.count == 1,
            case .table(let table) = kept.blocks[0], kept.length < source.count
        else { return nil }
        let bytes = source.bytes
        // The table's header and delimiter rows are the source's first two lines; the kept table covers
        // complete lines only, the last of them its last row (or the delimiter row).
        guard kept.length > 0, bytes[kept.length - 1] == StreamSource.lineFeed,
            let headerEnd = bytes.firstIndex(of: StreamSource.lineFeed),
            let delimiterEnd = bytes[(headerEnd + 1)...].firstIndex(of: StreamSource.lineFeed),
            delimiterEnd < kept.length
        else { return nil }
        let added = bytes[kept.length...]
        guard !added.contains(0), !added.contains(StreamSource.carriageReturn),
            !added.contains(UInt8(ascii: "["), followedBy: UInt8(ascii: "^"))
        else { return nil }
        let head = Array(bytes[...delimiterEnd])
        // The rows `text` adds to `table`, read after its last row (the line ending at `end`), and the
        // blocks after the table.
        func rowsAdded(to table: Table, endingAt end: Int, by text: ArraySlice<UInt8>) -> (
            rows: [[[Inline]]], after: [Block]
        )? {
            let lastRowStart =
                table.rows.isEmpty ? end : (bytes[..<(end - 1)].lastIndex(of: StreamSource.lineFeed) ?? -1) + 1
            guard lastRowStart > delimiterEnd else { return nil }
            let parse = parse(String(decoding: head + bytes[lastRowStart..<end] + text, as: UTF8.self))
            guard let first = parse.blocks.first, first.line == 1, var rows = Self.rows(of: first.block, under: table)
            else { return nil }
            if !table.rows.isEmpty {
                guard rows.first == table.rows.last else { return nil }
                rows.removeFirst()
            }
            return (rows, parse.blocks.dropFirst().map(\.block))
        }
        var grown = table
        let complete = source.completeLength(atEnd: false)
        if complete > kept.length {
            guard TailContinuation.linesAreTableRows(bytes, from: kept.length, to: complete),
                let (rows, after) = rowsAdded(to: table, endingAt: kept.length, by: bytes[kept.length..<complete]),
                after.isEmpty
            else { return nil }
            grown.rows += rows
            lastTail = ([.table(grown)], complete)
        }
        guard complete < source.count else { return [.table(grown)] }
        // The unfinished last line: a row, or the start of what follows the table (read after the last
        // row, which it may still turn into a header).
        guard let (rows, after) = rowsAdded(to: grown, endingAt: complete, by: bytes[complete...]) else { return nil }
        var shown = grown
        shown.rows += rows
        return [.table(shown)] + after
    }

    /// The body rows of `block` when it is a table with `table`'s header and alignments.
    private static func rows(of block: Block, under table: Table) -> [[[Inline]]]? {
        guard case .table(let parsed) = block, parsed.header == table.header, parsed.alignments == table.alignments
        else { return nil }
        return parsed.rows
    }
}
