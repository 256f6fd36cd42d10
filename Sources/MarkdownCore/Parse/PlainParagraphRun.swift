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
/// A line longer than a section may be cut too, at a space between a character that is not white space
/// and an ASCII letter (`cutsInside`): the halves then join with a space instead of a soft break, and
/// the rules are the same (the text before the cut decides, and the half after it starts with a letter).
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
    /// Whether the line just read may be cut inside (`cutsInside`): it belongs to the run, and no line
    /// of the run before it holds anything that may span lines.
    private(set) var mayCutInside = false
    /// Whether a line of the run before the one just read holds emphasis or strikethrough delimiters.
    private var delimitedBefore = false

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
        mayCutInside = plain && inRun
        delimitedBefore = delimited
        plain = plain && inRun && kind != .other
        delimited = delimited || kind == .delimiters
        return undone
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        cuts += 1
    }

    /// Forgets the last `count` cuts inside the line just read, which were not made after all.
    mutating func dropCuts(_ count: Int) {
        cuts -= count
    }

    /// A cut inside the line just read: where the first half ends, where the second starts (one space
    /// later), and whether it needs a probe.
    struct InsideCut {
        var end: Substring.UTF8View.Index
        var start: Substring.UTF8View.Index
        var needsProbe: Bool
        /// The weight (`SectionWeight`) of the line before `start`.
        var weightBefore: Int
    }

    /// Where the line just read may be cut, when `mayCutInside`: at the first space after each `spacing`
    /// of weight (`SectionWeight`; `firstSpacing` for the first) that follows a character other than
    /// white space and comes before an ASCII letter, up to the first character that may take part in a
    /// construct spanning the cut (`LineKind.other`). Each cut is noted (`cut()`).
    mutating func cutsInside(_ line: Substring, firstSpacing: Int, spacing: Int) -> [InsideCut] {
        guard mayCutInside else { return [] }
        let bytes = line.utf8
        var cuts: [InsideCut] = []
        var delimited = delimitedBefore
        var due = firstSpacing
        var previous: UInt8 = 0
        var index = bytes.startIndex
        var offset = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch Self.kind(ofByte: byte) {
            case .other: return cuts
            case .delimiters:
                delimited = true
                offset += SectionWeight.markupByte - 1
            case .plain:
                let next = bytes.index(after: index)
                if byte == 0x20, offset >= due, previous != 0x20, previous != 0x09, next < bytes.endIndex,
                    Self.isASCIILetter(bytes[next])
                {
                    cuts.append(InsideCut(end: index, start: next, needsProbe: delimited, weightBefore: offset + 1))
                    self.cut()
                    due = offset + spacing
                }
            }
            previous = byte
            index = bytes.index(after: index)
            offset += 1
        }
        return cuts
    }

    /// Whether a section may end after `line` without a probe, as far as it goes.
    static func mayEndSection(_ line: Substring) -> Bool {
        kind(of: line) == .plain
    }

    /// What `line` holds that decides whether a section may end after it.
    static func kind(of line: Substring) -> LineKind {
        // One space at the end goes with the soft break after the line, which cmark strips as it strips
        // a paragraph's last spaces; two or more make a hard line break, and a tab is kept out of caution.
        var bytes = line.utf8[...]
        if bytes.last == 0x20 { bytes = bytes.dropLast() }
        guard let last = bytes.last, last != 0x20, last != 0x09 else { return .other }
        var kind = LineKind.plain
        for byte in bytes {
            switch Self.kind(ofByte: byte) {
            case .plain: continue
            case .delimiters: kind = .delimiters
            case .other: return .other
            }
        }
        return kind
    }

    /// What a byte may take part in: emphasis or strikethrough (`.delimiters`), another construct that
    /// may span lines (`.other`: code, links, HTML, math, escapes, tables, a carriage return), or
    /// nothing (`.plain`).
    static func kind(ofByte byte: UInt8) -> LineKind {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            .delimiters
        case UInt8(ascii: "`"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "$"), UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "!"), 0x0D:
            .other
        default:
            .plain
        }
    }

    /// An ASCII letter at the start of the line, with no indentation.
    static func startsWithLetter(_ line: Substring) -> Bool {
        guard let first = line.utf8.first else { return false }
        return isASCIILetter(first)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
