/// The lines of UTF-8 text as byte ranges without their line breaks (`\n`, and a `\r` before it).
enum LineSplit {
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
            result.append(start..<end)
            start = index + 1
        }
        if start < bytes.count { result.append(start..<bytes.count) }
        return result
    }
}
