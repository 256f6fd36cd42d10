/// Which new lines only continue a stream's open top-level ordered list, so that they need no parse
/// (`TailContinuation.orderedList`): without this, `--stream always` parsed a long ordered list whole
/// at each new line (quadratic in the list's length). Into a pipe (final lines only), a 120-item ordered
/// list fed in 16-byte pieces costs 1.9 ms with it and 50 ms without; with the provisional tail, whose
/// parse goes through the list's `ListWindow`, 7 % more instructions without it.
///
/// A line stays in the list when it starts a new item at the left margin with the list's delimiter
/// (`.` or `)`: up to nine digits, the delimiter, one space and text), or when it is indented by at least
/// the last item's content column (the column after its marker and one space) with spaces and holds
/// text: it then belongs to that item whatever it holds. A blank line continues it too (it may make
/// the list loose, but no item of an ordered list settles before the list ends, and whether the list
/// goes on after it is up to the next line). Everything else goes to the parser: lines indented less
/// (a lazy continuation or the list's end), tabs, other markers, items without text.
enum OrderedListLines {
    /// The delimiter of the ordered list item that starts `bytes` (a source whose first line is the
    /// list's first item as this type reads items), or nil when it does not start that way.
    static func delimiter(startingItemIn bytes: [UInt8]) -> UInt8? {
        guard let column = itemContentColumn(bytes, lineStart: 0, lineEnd: lineEnd(bytes, from: 0)) else { return nil }
        return bytes[column - 2]
    }

    /// Whether every line that starts in `from..<to` stays in the list (see the type's comment).
    static func linesStay(_ bytes: [UInt8], delimiter: UInt8, from: Int, to: Int) -> Bool {
        var contentColumn: Int?
        var index = max(0, from)
        while index < to {
            guard isLineStart(bytes, index) else {
                index += 1
                continue
            }
            let end = lineEnd(bytes, from: index)
            if isBlank(bytes, lineStart: index, lineEnd: end) {
                index = max(end, index + 1)
                continue
            }
            if let column = itemContentColumn(bytes, lineStart: index, lineEnd: end) {
                guard bytes[index + column - 2] == delimiter else { return false }
                contentColumn = column
            } else {
                guard let needed = contentColumn ?? lastItemContentColumn(bytes, before: index, delimiter: delimiter),
                    isIndentedText(bytes, lineStart: index, lineEnd: end, by: needed)
                else { return false }
                contentColumn = needed
            }
            index = max(end, index + 1)
        }
        return true
    }

    /// The content column of the item line `lineStart..<lineEnd` (digits, a delimiter, one space, then
    /// text), counted from the line's start, or nil when the line is no such item.
    private static func itemContentColumn(_ bytes: [UInt8], lineStart: Int, lineEnd: Int) -> Int? {
        var index = lineStart
        while index < lineEnd && index - lineStart < 9 && bytes[index] >= UInt8(ascii: "0")
            && bytes[index] <= UInt8(ascii: "9")
        {
            index += 1
        }
        guard index > lineStart, index + 2 < lineEnd,
            bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")"),
            bytes[index + 1] == UInt8(ascii: " "), bytes[index + 2] != UInt8(ascii: " "),
            bytes[index + 2] != UInt8(ascii: "\t")
        else { return nil }
        return index + 2 - lineStart
    }

    /// The content column of the last item line before `offset` (a line start), found from the end over
    /// the lines of that item (indented or blank); nil when a line on the way is neither (then the
    /// caller parses).
    private static func lastItemContentColumn(_ bytes: [UInt8], before offset: Int, delimiter: UInt8) -> Int? {
        var end = offset
        while end > 0 {
            var start = end - 1
            while start > 0 && !isLineStart(bytes, start) { start -= 1 }
            let lineEnd = Self.lineEnd(bytes, from: start)
            if let column = itemContentColumn(bytes, lineStart: start, lineEnd: lineEnd) {
                return bytes[start + column - 2] == delimiter ? column : nil
            }
            guard bytes[start] == UInt8(ascii: " ") || isBlank(bytes, lineStart: start, lineEnd: lineEnd) else {
                return nil
            }
            end = start
        }
        return nil
    }

    /// Whether the line starts with at least `columns` spaces and holds text after them (no tab before it).
    private static func isIndentedText(_ bytes: [UInt8], lineStart: Int, lineEnd: Int, by columns: Int) -> Bool {
        var index = lineStart
        while index < lineEnd && bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index - lineStart >= columns && index < lineEnd && bytes[index] != UInt8(ascii: "\t")
    }

    /// Whether the line holds only spaces and tabs.
    private static func isBlank(_ bytes: [UInt8], lineStart: Int, lineEnd: Int) -> Bool {
        bytes[lineStart..<lineEnd].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    private static func isLineStart(_ bytes: [UInt8], _ index: Int) -> Bool {
        index == 0 || bytes[index - 1] == StreamSource.lineFeed
            || (bytes[index - 1] == StreamSource.carriageReturn && bytes[index] != StreamSource.lineFeed)
    }

    /// The end of the line that starts at `start` (its line ending excluded).
    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count && bytes[end] != StreamSource.lineFeed && bytes[end] != StreamSource.carriageReturn {
            end += 1
        }
        return end
    }
}
