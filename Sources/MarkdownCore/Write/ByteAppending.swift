extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `text` in one copy: `append(contentsOf: text.utf8)` goes through the
    /// generic sequence path, byte by byte, which costs several times more for the short runs of text
    /// a styled line is made of.
    mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
