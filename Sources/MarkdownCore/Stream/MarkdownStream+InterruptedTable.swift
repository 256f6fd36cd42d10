/// A table that interrupts a paragraph (`Here is how they compare:` on the line above its header row,
/// with no blank line between, as language models often write it) starts, for cmark-gfm, on the
/// paragraph's first line: the two would stay one unfinished tail, parsed whole at every update until
/// the table ends. Once the table is there the paragraph cannot change any more, so the table is given
/// the line its header row is on, checked by parsing the paragraph and the table apart: the paragraph
/// is then final, and the table streams on its own (`TailContinuation.table`, `openTableTail()`).
///
/// What it buys: neither shortcut applies to a tail that is a paragraph and a table. A 200-row table
/// under `Here is how they compare:` fed in 16-byte pieces costs 9 times the CPU without the split with
/// the provisional tail (238 → 2,130 ms for the stream) and 29 times into a pipe (9 → 265 ms).
extension MarkdownStream {
    /// The line (counted like the parse's) of the header row of the table that ends `parse`, when the
    /// two blocks before the cut are a paragraph and a table that interrupted it, both starting on
    /// `cutLine`, and the source from `cutLine` to `length` parses apart as the same two blocks. Tried
    /// once per source generation: a tail that did not split stays whole.
    mutating func interruptedTableHeaderLine(in parse: TailParse, cutLine: Int, upTo length: Int) -> Int? {
        let count = parse.blocks.count
        guard count >= 2, interruptedTableRefusal != source.generation,
            case .table = parse.blocks[count - 1].block, case .paragraph = parse.blocks[count - 2].block,
            parse.blocks[count - 1].line == cutLine, parse.blocks[count - 2].line == cutLine
        else { return nil }
        interruptedTableRefusal = source.generation
        let bytes = source.bytes
        // The header row is the line above the first delimiter row after the paragraph's first line.
        var line = cutLine + 1
        var start = source.offset(ofLine: line)
        while start < length {
            let end = bytes[start..<length].firstIndex(of: StreamSource.lineFeed) ?? length
            if Self.isDelimiterRow(bytes[start..<end]) { break }
            line += 1
            start = end + 1
        }
        guard start < length else { return nil }
        let headerLine = line - 1
        let paragraphStart = source.offset(ofLine: cutLine)
        let headerStart = source.offset(ofLine: headerLine)
        guard headerLine > cutLine, !bytes[paragraphStart..<length].contains(StreamSource.carriageReturn) else {
            return nil
        }
        let paragraph = self.parse(String(decoding: bytes[paragraphStart..<headerStart], as: UTF8.self))
        let table = self.parse(String(decoding: bytes[headerStart..<length], as: UTF8.self))
        guard paragraph.blocks.count == 1, paragraph.blocks[0].block == parse.blocks[count - 2].block,
            table.blocks.count == 1, table.blocks[0].block == parse.blocks[count - 1].block
        else { return nil }
        interruptedTableRefusal = nil
        return headerLine
    }

    /// Up to three spaces, then only what a delimiter row holds, with a `-`.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        let indent = line.prefix { $0 == UInt8(ascii: " ") }.count
        let rest = line.dropFirst(indent)
        return indent <= 3 && rest.contains(UInt8(ascii: "-")) && rest.allSatisfy(TableRowRun.isDelimiterByte)
    }
}
