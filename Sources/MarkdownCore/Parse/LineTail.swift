/// The end of a line too long to parse with no place to cut it, shown as plain text: what bounds the
/// parse of a line that `PlainParagraphRun` cannot cut (2 MB of `*a*b*a*…` on one line costs cmark
/// hundreds of megabytes at once; nothing in it says where a cut would be exact).
///
/// Once a stretch of a line without a cut weighs more than `MarkdownSections` allows
/// (`SectionWeight`), the rest of the line is taken out of what cmark parses and one marker character
/// stands in its place (`marker(_:)`): the lines after it are parsed in the same section, in the same
/// containers, as they would be in the whole. The parse puts the marker where the rest of the line
/// belongs, in a paragraph's text, a table cell, a code block or an HTML block, and the rest of the line
/// replaces it there as it is written (`LineTailRestorer`): no character is lost, only the inline
/// markup of the rest of the line is not read (in a code or HTML block, nothing changes at all).
struct LineTail {
    /// What is taken out of the parse: from the cut to the end of the line, in the body.
    var range: Range<String.Index>
    /// The line's number in the body, from 1.
    var line: Int
    /// The line's length and the part of it that is parsed, in bytes.
    var lineBytes: Int
    var parsedBytes: Int

    /// The most a stretch of a line without a cut may weigh (`SectionWeight`): a section and a quarter,
    /// since the cuts inside a line (`PlainParagraphRun.cutsInside`) fall at the first place allowed a
    /// section apart (in text, a few bytes later), and at least 64 KB, so that the small sections tests
    /// cut their documents into leave every ordinary line whole. cmark's tree of the stretch parsed
    /// before a tail is then about that of a section.
    static func stretchLimit(_ sectionSize: Int) -> Int {
        Swift.max(sectionSize + sectionSize / 4, 1 << 16)
    }

    /// Lines shorter than this (in bytes) keep no tail whatever they weigh: a body under the size at
    /// which sections begin is parsed whole, lines and all, and the small sections the tests and the fuzz
    /// target cut documents into must show such a line as the whole parse does. cmark's tree of a line
    /// this long is at most tens of megabytes.
    static let minimumLineBytes = 1 << 16

    /// Markers are private-use characters of plane 15, one per tail, so that each tail finds its place.
    static let firstMarker: UInt32 = 0xF_0000
    /// At most this many tails (plane 15's private-use characters); a line past them is parsed whole.
    static let maximumCount = 0xFFFE

    /// The marker of the tail numbered `index`.
    static func marker(_ index: Int) -> Unicode.Scalar {
        Unicode.Scalar(firstMarker + UInt32(index))!
    }

    /// Whether `text` holds a character of plane 15 (a marker could not be told from it).
    static func holdsMarkerPlane(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == 0xF3 && (0xB0...0xBF).contains(byte) { return true }
            previous = byte
        }
        return false
    }

    /// Where a line must be cut for a plain tail: past the first stretch between two of its cuts
    /// (`cuts`, or its start and end) that weighs more than `limit`, at the first character that does
    /// not follow white space (the parsed part must not end with white space, which the parse would
    /// drop) and starts a character; nil when no stretch is too heavy.
    struct Cut {
        /// Where the tail starts.
        var index: String.Index
        /// How many of `cuts` come before it.
        var keptCuts: Int
        /// The weight of the line before it.
        var weightBefore: Int
    }

    static func cut(in line: Substring, after cuts: [PlainParagraphRun.InsideCut], limit: Int) -> Cut? {
        let bytes = line.utf8
        var stretch = 0
        var total = 0
        var nextCut = 0
        var over = false
        var previous: UInt8 = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if nextCut < cuts.count, index == cuts[nextCut].start {
                stretch = 0
                nextCut += 1
            }
            let byte = bytes[index]
            if over, byte & 0xC0 != 0x80, previous != 0x20, previous != 0x09 {
                return Cut(index: index, keptCuts: nextCut, weightBefore: total)
            }
            let weight = PlainParagraphRun.kind(ofByte: byte) == .delimiters ? SectionWeight.markupByte : 1
            stretch += weight
            total += weight
            over = over || stretch > limit
            previous = byte
            index = bytes.index(after: index)
        }
        return nil
    }
}
