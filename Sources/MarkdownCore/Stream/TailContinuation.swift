/// Lets a stream skip parsing when new lines cannot have closed its one unfinished block: lines that
/// start with a letter only continue an open paragraph, and lines that do not start with a backtick or
/// tilde only continue an open fenced code block. A 50 MB paragraph or an endless code block then costs
/// a scan of each new line instead of a parse of the whole block per update. While blocks wait for a
/// reference definition, only a line holding `]:` can release them. In an open ordered list, new items
/// and lines indented into the last item continue it (nothing of it settles before its end). In an open
/// block quote or alert, a line that is only a quote marker neither ends it nor starts a child, so it
/// settles nothing. In an open table, a row that starts with `|` at the left margin starts no other
/// block and is a row (nothing of a table settles before its end: its columns are as wide as its widest
/// cells). A 200-row table fed in 16-byte pieces into a pipe costs 9 ms with the table rule and 221 ms
/// without it (its rows parsed whole at each new line).
enum TailContinuation: Sendable {
    case paragraph
    case openFence
    case awaitingDefinition
    /// A bullet list whose items start `marker` + space at the left margin: new items like them and
    /// lines indented by two or more spaces stay inside it. When a new item would settle more of the
    /// list (`SettledPart`), a line starting one goes to the parser.
    case bulletList(marker: UInt8, newItemSettles: Bool)
    /// An ordered list whose items start at the left margin with `delimiter`: new items like them and
    /// lines indented to the last item's content stay inside it (`OrderedListLines`).
    case orderedList(delimiter: UInt8)
    /// A block quote or alert: lines that hold only `>` (after up to three spaces) and white space
    /// continue it.
    case quote
    /// A table: lines that start with `|` at the left margin and hold something besides `|`, `-`, `:`,
    /// spaces and tabs are rows of it.
    case table

    /// The kind of `tail` (the unfinished blocks as parsed from `source`'s first `length` bytes), when
    /// it is one top-level paragraph or one fenced code block that no line after its first may close.
    init?(tail: [Block], source: StreamSource, length: Int) {
        guard tail.count == 1 else { return nil }
        switch tail[0] {
        case .paragraph:
            // A blank last line has closed the paragraph already: the next line starts a new block.
            var lastLineBlank = length == 0 || Self.lastLineIsBlank(source.bytes, before: length)
            if length > 0 && source.bytes[length - 1] != StreamSource.lineFeed
                && source.bytes[length - 1] != StreamSource.carriageReturn
            {
                lastLineBlank = false
            }
            guard !lastLineBlank else { return nil }
            self = .paragraph
        case .codeBlock(let code) where code.isFenced:
            var mayBeClosed = false
            Self.forEachLineStart(in: source.bytes, from: 1, to: length) { first in
                if Self.isFenceCharacter(first) { mayBeClosed = true }
            }
            guard !mayBeClosed else { return nil }
            self = .openFence
        case .list(let list) where list.kind == .bullet:
            let bytes = source.bytes
            guard bytes.count >= 3, [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(bytes[0]),
                bytes[1] == UInt8(ascii: " "), bytes[2] != UInt8(ascii: " "), !Self.isThematicBreak(bytes[...])
            else { return nil }
            // After a blank line a new item makes the list loose, which settles its closed items.
            let lastLineBlank = length > 0 && Self.lastLineIsBlank(bytes, before: length)
            let newItemSettles = SettledPart.newItemSettlesMore(list) || (list.isTight && lastLineBlank)
            self = .bulletList(marker: bytes[0], newItemSettles: newItemSettles)
        case .list:
            guard let delimiter = OrderedListLines.delimiter(startingItemIn: source.bytes) else { return nil }
            self = .orderedList(delimiter: delimiter)
        case .blockQuote, .alert:
            self = .quote
        case .table:
            // A blank last line has ended the table already.
            guard length > 0, source.bytes[length - 1] == StreamSource.lineFeed,
                !Self.lastLineIsBlank(source.bytes, before: length)
            else { return nil }
            self = .table
        default:
            return nil
        }
    }

    /// Whether every line starting in `from..<to` continues the block without closing it.
    func cannotClose(_ source: StreamSource, from: Int, to: Int) -> Bool {
        if case .awaitingDefinition = self {
            return !StreamSource.contains(
                UInt8(ascii: "]"), followedBy: UInt8(ascii: ":"), in: source.bytes[max(0, from - 1)..<to])
        }
        if case .bulletList(let marker, let newItemSettles) = self {
            return Self.linesStayInList(
                source.bytes, marker: marker, newItemSettles: newItemSettles, from: from, to: to)
        }
        if case .quote = self { return Self.linesAreQuoteMarkers(source.bytes, from: from, to: to) }
        if case .table = self { return Self.linesAreTableRows(source.bytes, from: from, to: to) }
        if case .orderedList(let delimiter) = self {
            return OrderedListLines.linesStay(source.bytes, delimiter: delimiter, from: from, to: to)
        }
        var continues = true
        Self.forEachLineStart(in: source.bytes, from: from, to: to) { first in
            switch self {
            case .paragraph:
                if !Self.isLetter(first) { continues = false }
            case .openFence:
                if Self.isFenceCharacter(first) { continues = false }
            case .awaitingDefinition, .bulletList, .orderedList, .quote, .table:
                break
            }
        }
        return continues
    }

    /// Whether the last line that starts before `length` (> 0) is blank (only spaces and tabs), found
    /// from the end: a long list or paragraph is not scanned from its start at each update.
    private static func lastLineIsBlank(_ bytes: [UInt8], before length: Int) -> Bool {
        var start = length - 1
        while start > 0 {
            let previous = bytes[start - 1]
            if previous == StreamSource.lineFeed
                || (previous == StreamSource.carriageReturn && bytes[start] != StreamSource.lineFeed)
            {
                break
            }
            start -= 1
        }
        var first = start
        while first < bytes.count && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
            first += 1
        }
        return first >= bytes.count || bytes[first] == StreamSource.lineFeed
            || bytes[first] == StreamSource.carriageReturn
    }

    /// Calls `body` with the first byte after spaces and tabs (0 for a blank line) of every line that
    /// starts at an offset in `from..<to`.
    private static func forEachLineStart(in bytes: [UInt8], from: Int, to: Int, _ body: (UInt8) -> Void) {
        var index = max(0, from)
        while index < to {
            let isStart: Bool
            if index == 0 {
                isStart = true
            } else {
                let previous = bytes[index - 1]
                isStart =
                    previous == StreamSource.lineFeed
                    || (previous == StreamSource.carriageReturn && bytes[index] != StreamSource.lineFeed)
            }
            if isStart {
                var first = index
                while first < bytes.count && (bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t")) {
                    first += 1
                }
                let byte = first < bytes.count ? bytes[first] : 0
                body(byte == StreamSource.lineFeed || byte == StreamSource.carriageReturn ? 0 : byte)
            }
            index += 1
        }
    }

    /// Every new line is an item with the list's marker (not a thematic break such as `* * *`) or a
    /// non-blank line indented by at least two spaces; blank lines and anything else go to the parser,
    /// and so does a new item when `newItemSettles`.
    private static func linesStayInList(_ bytes: [UInt8], marker: UInt8, newItemSettles: Bool, from: Int, to: Int)
        -> Bool
    {
        var index = max(0, from)
        while index < to {
            let isStart =
                index == 0 || bytes[index - 1] == StreamSource.lineFeed
                || (bytes[index - 1] == StreamSource.carriageReturn && bytes[index] != StreamSource.lineFeed)
            if isStart {
                var end = index
                while end < bytes.count && bytes[end] != StreamSource.lineFeed
                    && bytes[end] != StreamSource.carriageReturn
                {
                    end += 1
                }
                let line = bytes[index..<end]
                let isItem =
                    line.count >= 3 && line[index] == marker && line[index + 1] == UInt8(ascii: " ")
                    && line[index + 2] != UInt8(ascii: " ") && !isThematicBreak(line)
                let isIndented =
                    line.count >= 3 && line[index] == UInt8(ascii: " ") && line[index + 1] == UInt8(ascii: " ")
                    && line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
                    && !line.prefix(while: { $0 == UInt8(ascii: " ") }).isEmpty
                    && line.first(where: { $0 != UInt8(ascii: " ") }) != UInt8(ascii: "\t")
                guard (isItem && !newItemSettles) || isIndented else { return false }
                index = max(end, index + 1)
                continue
            }
            index += 1
        }
        return true
    }

    /// Every line starting in `from..<to` is up to three spaces, `>`, and spaces or tabs only (the
    /// rest of a line that started before `from` was looked at with its start).
    private static func linesAreQuoteMarkers(_ bytes: [UInt8], from: Int, to: Int) -> Bool {
        var index = StreamSource.firstLineStart(in: bytes, from: from, to: to)
        while index < to {
            var column = index
            while column < bytes.count && column - index < 3 && bytes[column] == UInt8(ascii: " ") { column += 1 }
            guard column < bytes.count, bytes[column] == UInt8(ascii: ">") else { return false }
            column += 1
            while column < bytes.count && (bytes[column] == UInt8(ascii: " ") || bytes[column] == UInt8(ascii: "\t")) {
                column += 1
            }
            guard column < bytes.count,
                bytes[column] == StreamSource.lineFeed || bytes[column] == StreamSource.carriageReturn
            else { return false }
            index = column + 1
            if bytes[column] == StreamSource.carriageReturn && index < bytes.count
                && bytes[index] == StreamSource.lineFeed
            {
                index += 1
            }
        }
        return true
    }

    /// Every line starting in `from..<to` starts with `|` and holds a byte other than `|`, `-`, `:`, space
    /// and tab before its end: a row of an open table. cmark-gfm ends a table at a line that is not a row
    /// (a blank one), that starts another block (which no block does with `|`), or that is a delimiter
    /// row (`|---|`: the row before it becomes the header of a new table), which needs a `-`. The rest of
    /// a line that started before `from` was looked at with its start.
    static func linesAreTableRows(_ bytes: [UInt8], from: Int, to: Int) -> Bool {
        var index = StreamSource.firstLineStart(in: bytes, from: from, to: to)
        while index < to {
            guard bytes[index] == UInt8(ascii: "|") else { return false }
            var holdsCell = false
            while index < bytes.count && bytes[index] != StreamSource.lineFeed
                && bytes[index] != StreamSource.carriageReturn
            {
                let byte = bytes[index]
                if !Self.isTableDelimiterByte(byte) { holdsCell = true }
                index += 1
            }
            guard holdsCell else { return false }
            if index < bytes.count && bytes[index] == StreamSource.carriageReturn { index += 1 }
            if index < bytes.count && bytes[index] == StreamSource.lineFeed { index += 1 }
        }
        return true
    }

    /// A byte a table's delimiter row may hold: `|`, `-`, `:`, space, tab.
    static func isTableDelimiterByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "|") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: " ")
            || byte == UInt8(ascii: "\t")
    }

    /// A line of three or more `*`, `-` or `_` with only spaces or tabs between them.
    private static func isThematicBreak(_ line: ArraySlice<UInt8>) -> Bool {
        var end = line.startIndex
        while end < line.endIndex && line[end] != StreamSource.lineFeed && line[end] != StreamSource.carriageReturn {
            end += 1
        }
        let content = line[line.startIndex..<end].filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        guard content.count >= 3, let first = content.first,
            [UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "_")].contains(first)
        else { return false }
        return content.allSatisfy { $0 == first }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0xC2
    }

    private static func isFenceCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")
    }
}
