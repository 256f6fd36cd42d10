/// Lets a stream skip parsing when new lines cannot have closed its one unfinished block: lines that
/// start with a letter only continue an open paragraph, and lines that do not start with a backtick or
/// tilde only continue an open fenced code block. A 50 MB paragraph or an endless code block then costs
/// a scan of each new line instead of a parse of the whole block per update. In an open table, a row
/// that starts with `|` at the left margin starts no other block and is a row (nothing of a table
/// settles before its end: its columns are as wide as its widest cells). A 200-row table fed in 16-byte
/// pieces into a pipe costs 9 ms with the table rule and 221 ms without it (its rows parsed whole at
/// each new line), and a language model's answer with a 14-row table 22 % more instructions. Open lists
/// and quotes have no rule: the answers a stream carries cost the same without one, and updates are
/// paced by their cost.
enum TailContinuation: Sendable {
    case paragraph
    case openFence
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
        if case .table = self { return Self.linesAreTableRows(source.bytes, from: from, to: to) }
        var continues = true
        Self.forEachLineStart(in: source.bytes, from: from, to: to) { first in
            switch self {
            case .paragraph:
                if !Self.isLetter(first) { continues = false }
            case .openFence:
                if Self.isFenceCharacter(first) { continues = false }
            case .table:
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
                if !TableRowRun.isDelimiterByte(byte) { holdsCell = true }
                index += 1
            }
            guard holdsCell else { return false }
            if index < bytes.count && bytes[index] == StreamSource.carriageReturn { index += 1 }
            if index < bytes.count && bytes[index] == StreamSource.lineFeed { index += 1 }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0xC2
    }

    private static func isFenceCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~")
    }
}
