/// Splits a highlight query (`.scm`) into its top-level patterns, so that a pattern the installed
/// grammar cannot compile (a node type added by a newer grammar version) can be dropped alone.
///
/// It understands what separates patterns: comments (`;` to end of line), strings with escapes,
/// nested parentheses and brackets, and the quantifiers and captures that follow a closed pattern.
enum QuerySplitter {
    /// Byte ranges of the top-level patterns in `source`, in order.
    static func patterns(in source: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?          // start of the pattern being read
        var end = 0              // end of its last complete element
        var complete = false     // whether the pattern at depth 0 is closed
        var depth = 0
        var index = 0
        let count = source.count

        func beginElement(at position: Int) {
            guard depth == 0 else { return }
            if let open = start, complete {
                result.append(open..<end)
                start = position
            } else if start == nil {
                start = position
            }
            complete = false
        }

        while index < count {
            let byte = source[index]
            switch byte {
            case UInt8(ascii: ";"):
                while index < count, source[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\""):
                beginElement(at: index)
                index += 1
                while index < count, source[index] != UInt8(ascii: "\"") {
                    index += source[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, count)
                if depth == 0 { complete = true; end = index }
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["):
                beginElement(at: index)
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                if depth == 0 { complete = true; end = index + 1 }
            case UInt8(ascii: "@") where depth == 0:
                index += 1
                while index < count, isNameByte(source[index]) { index += 1 }
                if start != nil { end = index }
                continue
            case UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                if depth == 0, start != nil { end = index + 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                if depth == 0 {
                    // A bare wildcard or node name at top level (`_ @x`).
                    beginElement(at: index)
                    while index < count, isNameByte(source[index]) { index += 1 }
                    complete = true
                    end = index
                    continue
                }
            }
            index += 1
        }
        if let open = start, end > open { result.append(open..<end) }
        return result
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"),
            0x80...0xFF:
            return true
        default:
            return false
        }
    }
}

extension QuerySplitter {
    /// The pattern with the alternative at `offset` blanked out, when that offset lies in an element of
    /// a `[…]` alternation (a string like `"fun"` or a node like `(lambda)`); nil otherwise. Blanking
    /// keeps byte offsets, so later errors still point into the right place. An alternation left empty
    /// is not returned (the pattern must go).
    static func removingAlternative(at offset: Int, from pattern: [UInt8]) -> [UInt8]? {
        guard offset >= 0, offset < pattern.count else { return nil }
        // Openers enclosing `offset`: (position, byte).
        var stack: [(Int, UInt8)] = []
        var stringStart: Int?
        var index = 0
        scan: while index < offset {
            let byte = pattern[index]
            switch byte {
            case UInt8(ascii: ";"):
                while index < pattern.count, pattern[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < pattern.count, pattern[end] != UInt8(ascii: "\"") {
                    end += pattern[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if end >= offset {  // the offset is inside this string
                    stringStart = index
                    break scan
                }
                index = end + 1
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["):
                stack.append((index, byte))
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                _ = stack.popLast()
            default:
                break
            }
            index += 1
        }
        // The element: a string starting at the offset, or the parenthesised node whose name is there.
        var element: Range<Int>
        var enclosing = stack
        if let start = stringStart ?? (pattern[offset] == UInt8(ascii: "\"") ? offset : nil) {
            var end = start + 1
            while end < pattern.count, pattern[end] != UInt8(ascii: "\"") {
                end += pattern[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < pattern.count else { return nil }
            element = start..<(end + 1)
        } else {
            guard let (open, byte) = enclosing.popLast(), byte == UInt8(ascii: "(") else { return nil }
            var depth = 0
            var end = open
            while end < pattern.count {
                if pattern[end] == UInt8(ascii: "(") { depth += 1 }
                if pattern[end] == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 { break }
                }
                end += 1
            }
            guard end < pattern.count else { return nil }
            element = open..<(end + 1)
        }
        guard let (bracket, byte) = enclosing.last, byte == UInt8(ascii: "[") else { return nil }
        var result = pattern
        for index in element { result[index] = UInt8(ascii: " ") }
        // Refuse to leave `[ ]` empty: tree-sitter rejects it and the whole pattern has to go anyway.
        var depth = 0
        var hasContent = false
        for index in (bracket + 1)..<result.count {
            let byte = result[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
            }
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\t") {
                hasContent = true
                break
            }
        }
        return hasContent ? result : nil
    }
}
