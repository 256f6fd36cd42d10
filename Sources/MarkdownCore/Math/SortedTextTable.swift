/// A generated table kept as text, one entry a line, its lines sorted by their key (the first
/// `keyFields` space-separated fields, compared as bytes): looked up by binary search where it lies.
///
/// First use costs one copy and one scan for line starts. Building a dictionary of the symbol table's
/// thousands of entries instead cost a few milliseconds, paid by every document with one formula.
struct SortedTextTable: Sendable {
    private let bytes: [UInt8]
    /// Where each line starts, and one past the end of the text.
    private let lineStarts: [Int]
    private let keyFields: Int

    init(_ text: String, keyFields: Int = 1) {
        bytes = Array(text.utf8)
        var starts = [0]
        starts.reserveCapacity(bytes.count / 8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
        if starts.last != bytes.count + 1 { starts.append(bytes.count + 1) }
        lineStarts = starts
        self.keyFields = keyFields
    }

    /// The fields after the key on the line whose key is `key` (its fields joined by single spaces).
    func values(for key: String) -> [Substring]? {
        let key = Array(key.utf8)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high) / 2
            switch compare(key, line: middle) {
            case .equal: return values(line: middle)
            case .less: high = middle
            case .greater: low = middle + 1
            }
        }
        return nil
    }

    private enum Order { case less, equal, greater }

    /// How `key` orders against the key of line `line`.
    private func compare(_ key: [UInt8], line: Int) -> Order {
        var position = lineStarts[line]
        let end = lineStarts[line + 1] - 1
        var spaces = 0
        for byte in key {
            guard position < end else { return .greater }
            var lineByte = bytes[position]
            if lineByte == UInt8(ascii: " ") {
                spaces += 1
                if spaces == keyFields { lineByte = 0 }
            }
            if byte != lineByte { return byte < lineByte ? .less : .greater }
            position += 1
        }
        // The key ended: equal when the line's key ends here too.
        if position >= end { return .equal }
        if bytes[position] == UInt8(ascii: " ") && spaces + 1 == keyFields { return .equal }
        return .less
    }

    private func values(line: Int) -> [Substring] {
        let text = String(decoding: bytes[lineStarts[line]..<(lineStarts[line + 1] - 1)], as: UTF8.self)
        return Array(text.split(separator: " ", omittingEmptySubsequences: true).dropFirst(keyFields))
    }
}
