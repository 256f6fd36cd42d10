/// The text of a stream from the start of its first unfinished top-level block: what the next parse
/// reads. Lines end as cmark ends them (LF, CR LF or a lone CR), so line numbers match cmark's.
struct StreamSource: Sendable {
    /// Valid UTF-8 (it is only ever appended from decoded text).
    private(set) var bytes: [UInt8] = []
    /// Counts the changes other than appending: what was scanned of an older generation is stale.
    private(set) var generation = 0

    var isEmpty: Bool { bytes.isEmpty }
    var count: Int { bytes.count }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func removeFirst(_ count: Int) {
        bytes.removeFirst(count)
        generation += 1
    }

    mutating func replace(with text: String) {
        bytes = Array(text.utf8)
        generation += 1
    }

    /// The text of the first `length` bytes (a line boundary, so never inside a character).
    func text(upTo length: Int) -> String {
        String(decoding: bytes[..<length], as: UTF8.self)
    }

    /// How many bytes the complete lines take. A CR at the very end may be the first half of CR LF, so
    /// its line counts as complete only at the end of input.
    func completeLength(atEnd: Bool) -> Int {
        if atEnd { return bytes.count }
        var index = bytes.count - 1
        if index >= 0 && bytes[index] == Self.carriageReturn { index -= 1 }
        while index >= 0 {
            let byte = bytes[index]
            if byte == Self.lineFeed || byte == Self.carriageReturn { return index + 1 }
            index -= 1
        }
        return 0
    }

    /// Whether the line starting at `offset` has a letter (or any non-ASCII character) as its first
    /// character after spaces: such a line can start no block but a paragraph.
    func startsWithLetter(from offset: Int) -> Bool {
        var index = offset
        while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count else { return false }
        let byte = bytes[index]
        return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte >= 0xC2
    }

    /// The offset at which 1-based line `line` starts (the end when there are fewer lines).
    func offset(ofLine line: Int) -> Int {
        Self.offset(ofLine: line, in: bytes[...])
    }

    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    static func offset(ofLine line: Int, in bytes: ArraySlice<UInt8>) -> Int {
        var remaining = line - 1
        var index = bytes.startIndex
        while remaining > 0 && index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == lineFeed {
                remaining -= 1
            } else if byte == carriageReturn {
                if index < bytes.endIndex && bytes[index] == lineFeed { index += 1 }
                remaining -= 1
            }
        }
        return index - bytes.startIndex
    }

    /// The number of line endings in `text`, counted as cmark counts them.
    static func lineEndings(in text: String) -> Int {
        var count = 0
        var afterCarriageReturn = false
        for byte in text.utf8 {
            if byte == lineFeed {
                if !afterCarriageReturn { count += 1 }
                afterCarriageReturn = false
            } else if byte == carriageReturn {
                count += 1
                afterCarriageReturn = true
            } else {
                afterCarriageReturn = false
            }
        }
        return count
    }
}
