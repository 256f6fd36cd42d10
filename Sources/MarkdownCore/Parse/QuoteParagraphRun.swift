/// Follows a paragraph inside a top-level block quote, so that `MarkdownSections` may cut a long quote
/// between two of its lines (a quote of megabytes is otherwise parsed whole: cmark's tree of it takes
/// many times its size). Every line of the quote starts with `>` in the first column, and the text
/// after the marker (and one space) is read as `PlainParagraphRun` reads a paragraph's lines; a line
/// without the marker is read as a lazy continuation of the paragraph. A cut before a line with the
/// marker is exact where the paragraph's would be: the section after it is a quote too, whose first
/// paragraph `DocumentParts.join` joins to the last of the quote before the cut with a soft break.
///
/// A blank line ends the quote; a line the paragraph cannot hold (one that does not start with a letter
/// after its marker) hands back how many of the quote's cuts to undo, as `PlainParagraphRun` does.
struct QuoteParagraphRun {
    /// The paragraph inside the quote, read line by line without the quote's markers.
    private var paragraph = PlainParagraphRun()
    /// Whether the lines read so far are a top-level quote.
    private var inQuote = false
    /// Whether the previous line's text inside the quote was blank.
    private var previousInnerBlank = true
    /// Whether a cut before the line just read is exact, as far as the lines up to it go.
    private(set) var mayCutBefore = false
    /// Whether that cut is exact only if no delimiter before it is left open (`ParagraphCutProbe`).
    private(set) var needsProbe = false

    /// The number of the current paragraph, told apart from `PlainParagraphRun`'s by its sign.
    var runNumber: Int { -paragraph.runNumber }

    /// Reads the next line, which follows a blank line when `previousBlank`; returns how many of the
    /// quote's cuts to undo (the most recent ones).
    mutating func read(_ line: Substring, previousBlank: Bool, outside: Bool) -> Int {
        mayCutBefore = false
        needsProbe = false
        let blank = line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard outside, !blank else {
            inQuote = false
            return paragraph.read("", previousBlank: true, outside: true)
        }
        if let text = Self.quotedText(line) {
            let starts = !inQuote || previousBlank
            inQuote = true
            let innerBlank = text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            let undone = paragraph.read(text, previousBlank: starts || previousInnerBlank, outside: true)
            previousInnerBlank = innerBlank
            mayCutBefore = !starts && paragraph.mayCutBefore
            needsProbe = mayCutBefore && paragraph.needsProbe
            return undone
        }
        guard inQuote else { return 0 }
        // A lazy continuation of the paragraph, or the end of the quote: either way a line that does not
        // start with a letter undoes the paragraph's cuts.
        let undone = paragraph.read(line, previousBlank: previousInnerBlank, outside: true)
        if !PlainParagraphRun.startsWithLetter(line) || previousInnerBlank { inQuote = false }
        return undone
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        paragraph.cut()
    }

    /// The text of a line after a quote marker in the first column and the one space after it, if any;
    /// nil for any other line (a tab after the marker is left out too: it counts as spaces).
    static func quotedText(_ line: Substring) -> Substring? {
        guard line.utf8.first == UInt8(ascii: ">") else { return nil }
        let rest = line.dropFirst()
        guard rest.utf8.first != 0x09 else { return nil }
        return rest.utf8.first == 0x20 ? rest.dropFirst() : rest
    }
}
