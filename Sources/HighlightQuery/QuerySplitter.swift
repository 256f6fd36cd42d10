/// Splits a highlight query (`.scm`) into its top-level patterns, so that each can be read (and, when
/// the installed grammar cannot use it, dropped) alone and the patterns can be put in precedence order.
///
/// It understands what separates patterns: comments (`;` to end of line), strings with escapes,
/// nested parentheses and brackets, and the quantifiers and captures that follow a closed pattern.
/// Whatever the bytes, it moves forward on every step, so it ends in time proportional to the source
/// and returns at most one range per byte.
enum QuerySplitter {
    /// Byte ranges of the top-level patterns in `source`, in order.
    static func patterns(in source: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?  // start of the pattern being read
        var end = 0  // end of its last complete element
        var complete = false  // whether the pattern at depth 0 is closed
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
                if depth == 0 {
                    complete = true
                    end = index
                }
                continue
            case UInt8(ascii: "("), UInt8(ascii: "["):
                beginElement(at: index)
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"):
                depth = max(0, depth - 1)
                if depth == 0 {
                    complete = true
                    end = index + 1
                }
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
                    // A bare wildcard or node name at top level (`_ @x`), or a field name that belongs to
                    // the element after it (`name: (identifier)`). Any other byte is a pattern of its own,
                    // one byte long, that the parser rejects: every branch moves past at least one byte.
                    beginElement(at: index)
                    let nameStart = index
                    while index < count, isNameByte(source[index]) { index += 1 }
                    guard index > nameStart else {
                        index += 1
                        complete = true
                        end = index
                        continue
                    }
                    var after = index
                    while after < count, isSpace(source[after]) { after += 1 }
                    if after < count, source[after] == UInt8(ascii: ":") {
                        index = after + 1
                        continue
                    }
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

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
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
