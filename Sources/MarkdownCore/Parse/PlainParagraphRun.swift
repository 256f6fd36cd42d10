/// Follows a run of lines that is one top-level paragraph of plain text, so that `MarkdownSections` may
/// cut a long paragraph too (a 20 MB paragraph is otherwise parsed whole: cmark's tree of it takes more
/// than ten times its size). A cut inside a paragraph is exact when its two halves parse to blocks whose
/// inlines, joined with a soft break, are the whole paragraph's: every line of the run, up to the next
/// blank line, starts with a letter (so nothing interrupts the paragraph, and it cannot become a setext
/// heading or a table), and the text before the cut holds no character that may open or close an inline
/// construct across lines (code, links, HTML, math, escapes) nor a hard line break.
///
/// Emphasis and strikethrough delimiters (`*`, `_`, `~`) are allowed before a cut on one condition,
/// which the lines alone cannot tell: no delimiter before the cut is left open for one after it to
/// close. Such a cut is marked `needsProbe`, and `DocumentParts` keeps it only if a line of closers
/// after the text before it closes nothing (`ParagraphCutProbe`).
///
/// A run that turns out not to be one plain paragraph (a line that does not start with a letter before
/// the next blank line) hands back how many of its cuts to undo.
struct PlainParagraphRun {
    /// What a line holds that decides whether a section may end after it.
    enum LineKind {
        /// No character that may take part in an inline construct spanning lines.
        case plain
        /// Emphasis or strikethrough delimiters, and otherwise nothing that may span lines.
        case delimiters
        /// Anything else that may span lines, or a hard line break at its end.
        case other
    }

    /// Whether the lines read form a run that started after a blank line with a letter.
    private var inRun = false
    /// Whether every line of the run so far may end a section, with a probe or without.
    private var plain = false
    /// Whether a line of the run so far holds emphasis or strikethrough delimiters.
    private var delimited = false
    /// Cuts made in this run so far.
    private var cuts = 0
    /// Runs started so far: the number of the current one, so that cuts are told apart by paragraph.
    private(set) var runNumber = 0
    /// Whether a cut before the line just read is exact, as far as the lines up to it go.
    private(set) var mayCutBefore = false
    /// Whether that cut is exact only if no delimiter before it is left open (`ParagraphCutProbe`).
    private(set) var needsProbe = false

    /// Reads the next line; returns how many of the run's cuts to undo (the most recent ones).
    mutating func read(_ line: Substring, previousBlank: Bool, outside: Bool) -> Int {
        let blank = line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        let letter = Self.startsWithLetter(line)
        mayCutBefore = false
        needsProbe = false
        var undone = 0
        if blank {
            inRun = false
            cuts = 0
        } else if previousBlank {
            inRun = outside && letter
            plain = true
            delimited = false
            cuts = 0
            runNumber += 1
        } else if inRun && !letter {
            undone = cuts
            inRun = false
            cuts = 0
        } else if inRun {
            mayCutBefore = plain
            needsProbe = plain && delimited
        }
        let kind = Self.kind(of: line)
        plain = plain && inRun && kind != .other
        delimited = delimited || kind == .delimiters
        return undone
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        cuts += 1
    }

    /// Whether a section may end after `line` without a probe, as far as it goes.
    static func mayEndSection(_ line: Substring) -> Bool {
        kind(of: line) == .plain
    }

    /// What `line` holds that decides whether a section may end after it.
    static func kind(of line: Substring) -> LineKind {
        guard let last = line.utf8.last, last != 0x20, last != 0x09 else { return .other }
        var kind = LineKind.plain
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                kind = .delimiters
            case UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "$"), UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "!"), 0x0D:
                return .other
            default: continue
            }
        }
        return kind
    }

    /// An ASCII letter at the start of the line, with no indentation.
    static func startsWithLetter(_ line: Substring) -> Bool {
        guard let first = line.utf8.first else { return false }
        return (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    }
}
