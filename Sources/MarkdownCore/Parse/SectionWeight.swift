/// What a text weighs when cutting sections (`MarkdownSections`): its bytes, with every emphasis or
/// strikethrough delimiter (`*`, `_`, `~`) counting `markupByte` times. cmark-gfm's tree takes about 18
/// bytes per byte of plain text but about 450 per delimiter of text dense in emphasis (each one a text
/// node, most an emphasis node too, and a delimiter on the stack while the paragraph is parsed), so a
/// section of such text is cut that much sooner and its tree stays as small as one of plain text.
enum SectionWeight {
    /// The weight of one delimiter byte.
    static let markupByte = 24

    /// The weight of `text`.
    static func of(_ text: Substring) -> Int {
        var delimiters = 0
        for byte in text.utf8
        where byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
            delimiters += 1
        }
        return text.utf8.count + delimiters * (markupByte - 1)
    }
}
