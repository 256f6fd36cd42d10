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

    /// What holds the paragraph cut: where the line of closers goes.
    enum Container: Hashable {
        /// Nothing: a top-level paragraph.
        case document
        /// Quotes and list items (`ContainerParagraphRun`), outermost first, the paragraph the last block
        /// of each; `prefix` keeps them all open on the closers' line.
        case nested(prefix: String, path: [ContainerKind])
    }

    /// Whether `section`, which ends with the line before the cut (or the text before a cut inside a
    /// line), leaves no delimiter open at its end; the closers go into the paragraph in `container`.
    func leavesNothingOpen(_ section: Substring, in container: Container = .document) -> Bool {
        guard let closerInlines, let last = section.utf8.last else { return false }
        let lineEnd = last == UInt8(ascii: "\n") ? "" : "\n"
        var block: Block?
        switch container {
        case .document:
            block = parse(section + lineEnd + Self.closers + "\n").last
        case .nested(let prefix, let path):
            block = parse(section + lineEnd + prefix + Self.closers + "\n").last
            for kind in path {
                switch (kind, block) {
                case (.quote, .blockQuote(let quoted)?): block = quoted.last
                case (.item, .list(let list)?): block = list.items.last?.blocks.last
                default: return false
                }
            }
        }
        guard case .paragraph(let inlines)? = block else { return false }
        let expected = [Inline.softBreak] + closerInlines
        return inlines.count > expected.count && inlines.suffix(expected.count).elementsEqual(expected)
    }
}
