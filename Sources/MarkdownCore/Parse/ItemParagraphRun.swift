/// Follows the paragraphs inside the items of a top-level list that `ListItemRun` follows, so that
/// `MarkdownSections` may cut a long item between two lines of one of its paragraphs (an item of
/// megabytes is otherwise parsed whole: cmark's tree of it takes many times its size).
///
/// A paragraph of an item is read as `PlainParagraphRun` reads a top-level one, on the text after the
/// item's marker or after its content indentation: a cut before one of its lines is exact when the
/// line is indented exactly as far as the item's text and starts with a letter, and every line of the
/// paragraph up to its end does too (a line the paragraph cannot hold, or a lazy continuation that does
/// not start with a letter, hands back how many of its cuts to undo). The section after such a cut is
/// parsed behind the item's marker (`head`) instead of the line's indentation, so that it starts with
/// the same item; `DocumentParts.join` then makes the two halves of the item one, its paragraphs joined
/// with a soft break. Once an item holds a line that may open a block whose lines are literal (a fence,
/// HTML, math), nothing more of that item is cut.
struct ItemParagraphRun {
    /// The paragraph being read, without the item's marker and indentation.
    private var paragraph = PlainParagraphRun()
    /// Whether the previous line inside the item was blank (a paragraph starts after it).
    private var previousInnerBlank = true
    /// Whether the current item holds a line that may open a literal block.
    private var literal = false
    /// The current item's first line up to its text: what a section cut inside the item is parsed behind.
    private(set) var head: Substring = ""
    /// Whether a cut before the line just read is exact, as far as the lines up to it go.
    private(set) var mayCutBefore = false
    /// Whether that cut is exact only if no delimiter before it is left open (`ParagraphCutProbe`).
    private(set) var needsProbe = false

    /// The number of the current paragraph, told apart from other paragraphs' by the probe's container.
    var runNumber: Int { paragraph.runNumber }

    /// Reads the next line, which is `role` to the list run; returns how many of the item paragraph's
    /// cuts to undo (the most recent ones).
    mutating func read(_ line: Substring, role: ListItemRun.LineRole, contentIndent: Int) -> Int {
        mayCutBefore = false
        needsProbe = false
        switch role {
        case .blank:
            previousInnerBlank = true
            return paragraph.read("", previousBlank: true, outside: true)
        case .item(let indent):
            // A new item ends the paragraph before it without changing it.
            _ = paragraph.read("", previousBlank: true, outside: true)
            head = line.prefix(indent)
            let text = line.dropFirst(indent)
            literal = Self.mayOpenLiteralBlock(text)
            previousInnerBlank = false
            return paragraph.read(text, previousBlank: true, outside: !literal)
        case .inside:
            let text = line.dropFirst(contentIndent)
            if Self.mayOpenLiteralBlock(text) { literal = true }
            let undone = paragraph.read(text, previousBlank: previousInnerBlank, outside: !literal)
            mayCutBefore = !previousInnerBlank && !literal && paragraph.mayCutBefore
            needsProbe = mayCutBefore && paragraph.needsProbe
            previousInnerBlank = false
            return undone
        case .outside:
            // A lazy continuation of the paragraph (never cut before), or a line that ends the list.
            let undone = paragraph.read(line, previousBlank: previousInnerBlank, outside: false)
            previousInnerBlank = false
            return undone
        }
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        paragraph.cut()
    }

    /// Whether `text`, a line of an item without its indentation, may open a fenced code block, an HTML
    /// block or a math block, whose lines are not a paragraph's.
    private static func mayOpenLiteralBlock(_ text: Substring) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first == UInt8(ascii: "`") || first == UInt8(ascii: "~") || first == UInt8(ascii: "<")
            || first == UInt8(ascii: "$")
    }
}
