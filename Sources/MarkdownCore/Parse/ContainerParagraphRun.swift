/// Follows the paragraphs inside block quotes and list items, nested in any order up to
/// `maximumDepth` deep, so that `MarkdownSections` may cut a long one between two of its lines (a quote
/// or an item of megabytes is otherwise parsed whole: cmark's tree of it takes many times its size).
///
/// The containers open at each line are followed as cmark opens and closes them, for lines of a plain
/// shape: a quote's marker `>` (and one space) and a list item's marker with one to four spaces, each
/// where the containers around it leave off, and an item's lines indented exactly as far as its text.
/// A paragraph inside them is read as `PlainParagraphRun` reads a top-level one, on the text after
/// the containers' markers. A cut before one of its lines is exact when the line has every container's
/// marker or indentation (it is not a lazy continuation), its text starts with a letter, and so does
/// every line of the paragraph up to its end (a line the paragraph cannot hold hands back how many of
/// its cuts to undo). The section after such a cut is parsed behind the markers that open the same
/// containers (`head`) in place of the line's own (`prefixLength`), so that it starts inside them;
/// `DocumentParts.join` then makes each container's halves one, down to the paragraph, whose halves join
/// with a soft break.
///
/// A line of any other shape (a fence, HTML, a heading, indented code or text inside a container, a
/// marker after spaces) stops the following until the containers are certainly closed: a line in the
/// first column after a blank line.
struct ContainerParagraphRun {
    /// A container the lines may be in.
    enum Container: Equatable {
        case quote
        /// A list item: the marker and spaces that opened it, as many as its text is indented.
        case item(opener: Substring)

        var kind: ContainerKind {
            switch self {
            case .quote: .quote
            case .item: .item
            }
        }
    }

    /// Containers nested deeper than this are not followed: the document is cut elsewhere.
    static let maximumDepth = 8

    /// The containers open at the line just read, outermost first.
    private var open: [Container] = []
    /// Whether `open` is known: false after a line of a shape not followed, until a line in the first
    /// column after a blank line.
    private var following = true
    /// Whether a paragraph is open in the innermost container.
    private var paragraphOpen = false
    /// The paragraph being read, without the containers' markers.
    private var paragraph = PlainParagraphRun()
    /// Whether a cut before the line just read is exact, as far as the lines up to it go.
    private(set) var mayCutBefore = false
    /// Whether that cut is exact only if no delimiter before it is left open (`ParagraphCutProbe`).
    private(set) var needsProbe = false
    /// How many bytes of the line just read are its containers' markers and indentation.
    private(set) var prefixLength = 0

    /// The number of the current paragraph, told apart from other runs' by its container.
    var runNumber: Int { paragraph.runNumber }

    /// The kinds of the containers open at the line just read, outermost first.
    var path: [ContainerKind] { open.map(\.kind) }

    /// The markers that open the containers of the line just read, as a line starting inside them has.
    var head: String {
        open.map {
            switch $0 {
            case .quote: "> "
            case .item(let opener): String(opener)
            }
        }.joined()
    }

    /// Reads the next line, which follows a blank line when `previousBlank`; `outside`: it is outside
    /// top-level literal blocks. Returns how many of the paragraph's cuts to undo (the most recent ones).
    mutating func read(_ line: Substring, previousBlank: Bool, outside: Bool) -> Int {
        mayCutBefore = false
        needsProbe = false
        guard outside else {
            open = []
            following = false
            return endParagraph()
        }
        if Self.isBlank(line) {
            // A blank line closes every quote (and what is inside it); list items stay open.
            if let quote = open.firstIndex(of: .quote) { open.removeSubrange(quote...) }
            return endParagraph()
        }
        if previousBlank, let first = line.utf8.first, first != 0x20, first != 0x09 {
            following = true
            open = []
        }
        guard following else { return endParagraph() }
        var rest = line[...]
        var matched = 0
        for container in open {
            guard let after = Self.continuation(of: container, in: rest) else { break }
            rest = after
            matched += 1
        }
        if Self.isBlank(rest) {
            // Blank inside the containers matched: the paragraph ends, the quotes not matched close.
            if let quote = open[matched...].firstIndex(of: .quote) { open.removeSubrange(quote...) }
            return endParagraph()
        }
        let allMatched = matched == open.count
        let openers = Self.openers(in: rest, interruptingParagraph: allMatched && paragraphOpen)
        if openers.containers.isEmpty {
            guard PlainParagraphRun.startsWithLetter(rest) else { return stopFollowing(rest) }
            if !allMatched {
                // A lazy continuation line: the paragraph goes on, the containers stay open.
                guard paragraphOpen else { return stopFollowing(rest) }
                return paragraph.read(rest, previousBlank: false, outside: true)
            }
            let continues = paragraphOpen
            let undone = paragraph.read(rest, previousBlank: !continues, outside: !open.isEmpty)
            paragraphOpen = true
            prefixLength = line.utf8.count - rest.utf8.count
            mayCutBefore = continues && !open.isEmpty && paragraph.mayCutBefore
            needsProbe = mayCutBefore && paragraph.needsProbe
            return undone
        }
        if openers.interruptsWrongly { return stopFollowing(rest) }
        // New containers: those not matched are closed, the paragraph before ends unchanged.
        let undone = endParagraph()
        open.removeSubrange(matched...)
        open += openers.containers
        guard open.count <= Self.maximumDepth else { return undone + stopFollowing(rest) }
        let text = openers.text
        guard PlainParagraphRun.startsWithLetter(text) else { return undone + stopFollowing(text) }
        paragraphOpen = true
        return undone + paragraph.read(text, previousBlank: true, outside: true)
    }

    /// Notes a cut before the line just read.
    mutating func cut() {
        paragraph.cut()
    }

    /// Ends the open paragraph, if any; returns the cuts to undo (none: a paragraph that ends this way
    /// is unchanged).
    private mutating func endParagraph() -> Int {
        paragraphOpen = false
        return paragraph.read("", previousBlank: true, outside: true)
    }

    /// Stops following the containers after a line of a shape not followed, whose text after the
    /// markers matched is `text`; returns the paragraph's cuts to undo.
    private mutating func stopFollowing(_ text: Substring) -> Int {
        following = false
        let undone = paragraphOpen ? paragraph.read(text.isEmpty ? "-" : text, previousBlank: false, outside: true) : 0
        paragraphOpen = false
        _ = paragraph.read("", previousBlank: true, outside: true)
        return undone
    }

    /// `rest` after the marker or indentation that keeps `container` open, nil when it has neither.
    private static func continuation(of container: Container, in rest: Substring) -> Substring? {
        switch container {
        case .quote:
            guard rest.utf8.first == UInt8(ascii: ">") else { return nil }
            let after = rest.dropFirst()
            return after.utf8.first == 0x20 ? after.dropFirst() : after
        case .item(let opener):
            let width = opener.utf8.count
            guard rest.utf8.count >= width, rest.utf8.prefix(width).allSatisfy({ $0 == 0x20 }) else { return nil }
            return rest.dropFirst(width)
        }
    }

    /// The containers `rest` opens at its start, one after the other, and the text after their markers;
    /// `interruptsWrongly` when one of them would interrupt a paragraph, which only a quote, a bullet or
    /// an item numbered 1 may do (the line is then the paragraph's text, a shape not followed).
    private static func openers(
        in rest: Substring, interruptingParagraph: Bool
    ) -> (containers: [Container], text: Substring, interruptsWrongly: Bool) {
        var containers: [Container] = []
        var text = rest
        var interruptsWrongly = false
        while let first = text.utf8.first {
            if first == UInt8(ascii: ">") {
                let after = text.dropFirst()
                guard after.utf8.first != 0x09 else { break }
                containers.append(.quote)
                text = after.utf8.first == 0x20 ? after.dropFirst() : after
            } else if let item = ListItemRun.item(text) {
                if interruptingParagraph && containers.isEmpty && item.marker.ordered {
                    interruptsWrongly = !text.hasPrefix("1.") && !text.hasPrefix("1)")
                }
                containers.append(.item(opener: text.prefix(item.contentIndent)))
                text = text.dropFirst(item.contentIndent)
            } else {
                break
            }
        }
        return (containers, text, interruptsWrongly)
    }

    private static func isBlank(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

/// The kind of a container a paragraph cut into sections is in (`ContainerParagraphRun`), outermost
/// first in a path: what `DocumentParts.join` goes down through to join the halves.
enum ContainerKind: Hashable {
    case quote
    case item
}
