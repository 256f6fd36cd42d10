/// Follows a top-level list whose lines are all its own, so that `MarkdownSections` may cut a long list
/// between two items (a 20 MB list is otherwise parsed whole: cmark's tree of it takes about 18 times its
/// size). A cut is exact when the two halves parse to lists whose items, one after the other, are the
/// whole list's, and whose tightness together is the whole's: the run starts with an item in the first
/// column after a blank line, and every line since is an item in the first column with the same marker
/// (the same bullet, or the same delimiter after a number), a line indented at least as far as the item's
/// text (so inside the item), or a blank line. The cut falls before an item that follows a line that is
/// not blank, so no blank line between items is lost from either half. Any other line ends the run: a
/// line that may be a paragraph's lazy continuation or end the list, a thematic break, a tab.
///
/// `DocumentParts.join` puts the halves back together, the list waiting for its last half like a cut
/// paragraph.
struct ListItemRun {
    /// The marker of the run's items: the bullet, or the delimiter of a number (`.` or `)`), with
    /// whether it is ordered; nil outside a run.
    private var marker: (byte: UInt8, ordered: Bool)?
    /// Where the text of the latest item starts: lines indented this far are inside it.
    private var contentIndent = 0
    /// Whether a cut before the line just read is exact.
    private(set) var mayCutBefore = false

    /// Reads the next line, which follows a blank line when `previousBlank`.
    mutating func read(_ line: Substring, previousBlank: Bool) {
        mayCutBefore = false
        let bytes = line.utf8
        let indent = bytes.prefix { $0 == 0x20 }.count
        if indent == bytes.count || bytes.dropFirst(indent).allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            return
        }
        if let item = Self.item(line) {
            if let current = marker, current == item.marker {
                mayCutBefore = !previousBlank
                contentIndent = item.contentIndent
            } else if previousBlank {
                marker = item.marker
                contentIndent = item.contentIndent
            } else {
                marker = nil
            }
            return
        }
        let indented = indent >= contentIndent && !bytes.prefix(contentIndent + 1).contains(0x09)
        if marker != nil, indent > 0, indented { return }
        marker = nil
    }

    /// The list item `line` starts in the first column: its marker and where its text starts; nil for
    /// any other line, a thematic break (`- - -`, `* * *`) and an item without text.
    static func item(_ line: Substring) -> (marker: (byte: UInt8, ordered: Bool), contentIndent: Int)? {
        var bytes = line.utf8[...]
        if let last = bytes.last, last == 0x0D { bytes = bytes.dropLast() }
        guard let first = bytes.first else { return nil }
        let marker: (byte: UInt8, ordered: Bool)
        var markerWidth: Int
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            marker = (first, false)
            markerWidth = 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            guard digits <= 9, let delimiter = bytes.dropFirst(digits).first,
                delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")")
            else { return nil }
            marker = (delimiter, true)
            markerWidth = digits + 1
        default:
            return nil
        }
        let rest = bytes.dropFirst(markerWidth)
        let spaces = rest.prefix { $0 == 0x20 }.count
        guard spaces > 0, let text = rest.dropFirst(spaces).first, text != 0x09 else { return nil }
        if !marker.ordered, isThematicBreak(bytes) { return nil }
        return (marker, markerWidth + (spaces <= 4 ? spaces : 1))
    }

    /// Three or more of one of `-`, `*`, `_` and nothing else but spaces and tabs.
    private static func isThematicBreak(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        guard let first = bytes.first else { return false }
        var count = 0
        for byte in bytes {
            if byte == first {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }
}
