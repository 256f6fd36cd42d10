/// Byte scans the stream's checks share: they look at new lines without parsing them.
extension StreamSource {
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
