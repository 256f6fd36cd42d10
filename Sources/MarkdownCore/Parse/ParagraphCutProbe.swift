/// Tells whether a cut inside a paragraph is exact when the text before it holds emphasis or
/// strikethrough delimiters (`PlainParagraphRun`): it is when no delimiter before the cut is left open,
/// for then nothing after the cut can pair with anything before it (closers only look back, and code,
/// links, HTML and math are not allowed before such a cut).
///
/// What is open is found by a parse: the text before the cut followed by a line of closers of every
/// kind. When a delimiter before the cut is left open, the closer of its kind closes it and the
/// paragraph no longer ends with a soft break and the closers' own inlines.
struct ParagraphCutProbe {
    /// A closer of each kind, each after a letter and before a space or the end of the line, so that it
    /// can close and not open: `***` and `___` close a run of any length (a run of three is never held
    /// back by the rule of three), `~~` and `~` the two lengths of strikethrough.
    static let closers = "x*** x___ x~~ x~"

    /// The top-level blocks of a text (`DocumentConverter.parseWhole`).
    let parse: (String) -> [Block]

    /// The closers' inlines when nothing before them is open.
    private let closerInlines: [Inline]?

    init(parse: @escaping (String) -> [Block]) {
        self.parse = parse
        if case .paragraph(let inlines) = parse(Self.closers + "\n").first {
            closerInlines = inlines
        } else {
            closerInlines = nil
        }
    }

    /// Whether `section`, which ends with the line before the cut (or the text before a cut inside a
    /// line), leaves no delimiter open at its end; `quoted`: the paragraph is the last of a top-level
    /// block quote (`QuoteParagraphRun`), and the closers go into it.
    func leavesNothingOpen(_ section: Substring, quoted: Bool = false) -> Bool {
        guard let closerInlines, let last = section.utf8.last else { return false }
        let lineEnd = last == UInt8(ascii: "\n") ? "" : "\n"
        var block = parse(section + lineEnd + (quoted ? "> " : "") + Self.closers + "\n").last
        if quoted, case .blockQuote(let quotedBlocks)? = block { block = quotedBlocks.last }
        guard case .paragraph(let inlines)? = block else { return false }
        let expected = [Inline.softBreak] + closerInlines
        return inlines.count > expected.count && inlines.suffix(expected.count).elementsEqual(expected)
    }
}
