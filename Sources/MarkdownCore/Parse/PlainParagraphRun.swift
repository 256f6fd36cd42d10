/// Follows a run of lines that is one top-level paragraph of plain text, so that `MarkdownSections` may
/// cut a long paragraph too (a 20 MB paragraph is otherwise parsed whole: cmark's tree of it takes more
/// than ten times its size). A cut inside a paragraph is exact when its two halves parse to blocks whose
/// inlines, joined with a soft break, are the whole paragraph's: every line of the run, up to the next
/// blank line, starts with a letter (so nothing interrupts the paragraph, and it cannot become a setext
/// heading or a table), and the text before the cut holds no character that may open or close an inline
/// construct across lines (emphasis, code, links, HTML, math, escapes) nor a hard line break.
///
/// A run that turns out not to be one plain paragraph (a line that does not start with a letter before
/// the next blank line) hands back how many of its cuts to undo.
struct PlainParagraphRun {
    /// Whether the lines read form a run that started after a blank line with a letter.
    private var inRun = false
    /// Whether every line of the run so far may end a section (`mayEndSection`).
    private var plain = false
    /// Cuts made in this run so far.
    private var cuts = 0
    /// Whether a cut before the line just read is exact, as far as the lines up to it go.
    private(set) var mayCutBefore = false

    /// Reads the next line; returns how many of the run's cuts to undo (the most recent ones).
    mutating func read(_ line: Substring, previousBlank: Bool, outside: Bool) -> Int {
        let blank = line.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        let letter = Self.startsWithLetter(line)
        mayCutBefore = false
        var undone = 0
        if blank {
            inRun = false
            cuts = 0
        } else if previousBlank {
            inRun = outside && letter
            plain = true
            cuts = 0
        } else if inRun && !letter {
            undone = cuts
            inRun = false
            cuts = 0
        } else if inRun {
            mayCutBefore = plain
        }
        plain = plain && inRun && Self.mayEndSection(line)
        return undone
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        cuts += 1
    }

    /// Whether a section may end after `line`, as far as it goes: no character that may take part in an
    /// inline construct spanning lines, no hard line break at its end.
    static func mayEndSection(_ line: Substring) -> Bool {
        guard let last = line.utf8.last, last != 0x20, last != 0x09 else { return false }
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "$"), UInt8(ascii: "\\"),
                UInt8(ascii: "|"), UInt8(ascii: "!"), 0x0D:
                return false
            default: continue
            }
        }
        return true
    }

    /// An ASCII letter at the start of the line, with no indentation.
    static func startsWithLetter(_ line: Substring) -> Bool {
        guard let first = line.utf8.first else { return false }
        return (first | 0x20) >= UInt8(ascii: "a") && (first | 0x20) <= UInt8(ascii: "z")
    }
}
