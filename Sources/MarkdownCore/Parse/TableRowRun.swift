/// Follows a top-level table, so that `MarkdownSections` may cut a long table between two rows (a table
/// of 100,000 short rows is otherwise parsed whole: cmark's tree of it takes about 55 times its size).
/// A row is one line and nothing in it reaches another, so a cut between rows is exact when the section
/// after it is parsed with the table's header and delimiter rows in front (`head`), which make its rows
/// a table's rows as they were in the whole; `DocumentParts.join` then appends them to the first half's
/// rows. The run starts with a line that begins with `|` in the first column after a blank line,
/// followed by a delimiter row (`|---|:-:|`); every line after those that begins with `|` is a row,
/// and a cut may fall before any row but the first. Any other line ends the run, whether it ends the
/// table or is a row of it, and a head that mentions a footnote (`[^`) is never repeated.
/// `DocumentParts` checks that each head parses alone to a table before any cut after it is kept.
struct TableRowRun {
    private enum Stage {
        case outside
        /// A line that may be a table's header, read after a blank line.
        case header(Substring)
        /// Inside a table with header and delimiter rows `head`, after `rows` rows.
        case rows(head: Substring, rows: Int)
    }

    private var stage = Stage.outside
    /// Whether a cut before the line just read is exact, given its table's head.
    private(set) var mayCutBefore = false

    /// The header and delimiter rows (without the line feed after them) of the table the line just read
    /// is a row of.
    var head: Substring? {
        if case .rows(let head, _) = stage { head } else { nil }
    }

    /// Reads the next line, which follows a blank line when `previousBlank`, outside fenced code and
    /// HTML blocks when `outside`.
    mutating func read(_ line: Substring, previousBlank: Bool, outside: Bool) {
        mayCutBefore = false
        guard outside, line.utf8.first == UInt8(ascii: "|") else {
            stage = .outside
            return
        }
        switch stage {
        case .outside:
            stage = previousBlank ? .header(line) : .outside
        case .header(let header):
            stage =
                Self.isDelimiterRow(line) && !header.contains("[^")
                ? .rows(head: line.base[header.startIndex..<line.endIndex], rows: 0) : .outside
        case .rows(let head, let rows):
            mayCutBefore = rows > 0
            stage = .rows(head: head, rows: rows + 1)
        }
    }

    /// A byte a table's delimiter row may hold: `|`, `-`, `:`, space, tab.
    static func isDelimiterByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "|") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\t")
    }

    /// Whether `line` is a delimiter row: pipes, dashes, colons and spaces, with a dash between each
    /// pair of pipes.
    static func isDelimiterRow(_ line: Substring) -> Bool {
        var bytes = line.utf8[...]
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        guard bytes.first == UInt8(ascii: "|") else { return false }
        var cells = 0
        for cell in bytes.dropFirst().split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
            let trimmed = cell.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }
            if trimmed.isEmpty, cells > 0 { continue }  // the cell after a closing pipe
            guard trimmed.contains(UInt8(ascii: "-")),
                trimmed.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") })
            else { return false }
            cells += 1
        }
        return cells > 0
    }
}
