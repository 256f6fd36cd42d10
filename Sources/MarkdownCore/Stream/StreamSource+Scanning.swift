/// Byte scans the stream's checks share: they look at new lines without parsing them.
extension StreamSource {
    /// Whether `bytes` holds `first` immediately followed by `second` (`]:` of a definition, `[^` of a
    /// footnote).
    static func contains(_ first: UInt8, followedBy second: UInt8, in bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == second && previous == first { return true }
            previous = byte
        }
        return false
    }

    /// The start of the first line that starts at `from` or after it (before `to`): the rest of a line
    /// that started before `from`, and its line ending, are skipped.
    static func firstLineStart(in bytes: [UInt8], from: Int, to: Int) -> Int {
        var index = max(0, from)
        guard index > 0, bytes[index - 1] != lineFeed, bytes[index - 1] != carriageReturn else { return index }
        while index < to && bytes[index] != lineFeed && bytes[index] != carriageReturn { index += 1 }
        if index < to && bytes[index] == carriageReturn { index += 1 }
        if index < to && bytes[index] == lineFeed { index += 1 }
        return index
    }
}
