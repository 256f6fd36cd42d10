/// The JSX elements still open at the end of a growing JavaScript or TSX block, read for `OpenBrackets`:
/// their end tags (and the `}` of an expression open inside one) close the block for the parse.
///
/// Why: a component streamed while its JSX is open (`return (` `<ul>` `<li>…</li>` …) reads as an error
/// at every line, which defeats the cut of the element's earlier children (`NestedCheckpoint`), so each
/// line reparsed and matched the whole block (2,000 lines: 33 highlights of it). Closed by the end tags
/// to come, it parses as the complete element it will be.
///
/// The bracket scan hands over bytes here from a `<` that may start an element (not after a name or a
/// number, where it compares) until the outermost element ends; inside an element, its text is not code
/// (a `'` in it opens nothing), and `{` hands back to the bracket scan until its `}`. Like the bracket
/// scan, a guess checked by parsing: a TypeScript generic read as a tag costs a refused parse.
struct OpenJSX: Equatable, Sendable {
    /// Codes on the bracket scan's stack of closers (after the closing words' and C's `};`).
    /// An element open: its end tag, `</` and its name (`names`) and `>`.
    static let element: UInt8 = 0x1A
    /// A start tag whose attribute expression is open: closed by `/>` after the expression's `}`.
    static let startTag: UInt8 = 0x1B
    /// An expression open in an element's text (`{` … `}`): the scan returns to the text after it.
    static let expressionInText: UInt8 = 0x1C
    /// An expression open in a start tag (`key={` … `}`): the scan returns to the tag after it.
    static let expressionInTag: UInt8 = 0x1D

    /// The names of the elements and start tags open, the innermost last (a fragment's is empty).
    private(set) var names: [[UInt8]] = []
    private(set) var state = State.text
    /// The name of the tag being read.
    private var name: [UInt8] = []

    enum State: Equatable, Sendable {
        /// In an element's text.
        case text
        /// After a `<`: in an element's text, or in code, where it may still be a comparison.
        case tagOpen(inText: Bool)
        /// Reading a tag's name.
        case tagName(closing: Bool)
        /// In an end tag after its name.
        case endTagRest
        /// In a start tag after its name; `last` is the last byte read in it.
        case attributes(last: UInt8)
        /// In a quoted attribute value.
        case quoted(UInt8)
    }

    /// What reading a byte here gave.
    enum Outcome: Equatable {
        /// Read here; the next byte is too.
        case stays
        /// The next bytes are code: an expression opened, or the outermost element ended.
        case code
        /// The `<` was not a tag: this byte is code, to be read as such.
        case notATag
        /// A tag that does not fit what is open: the scan lost track.
        case lost
    }

    /// Whether a `<` read as code after `before` (the last byte read as code that is not white space;
    /// 0 at the start) may start an element: where an expression starts, not after a name, a number, a
    /// closing bracket or another `<` (`a << b`), where it compares, shifts or opens a TypeScript type's
    /// arguments. `afterExpressionWord`: the name before is a word after which an expression starts
    /// (`return`).
    static func mayStartElement(after before: UInt8, afterExpressionWord: Bool) -> Bool {
        if BlockKeywords.isWordByte(before) || before == UInt8(ascii: "$") { return afterExpressionWord }
        return !")]}\"'`.<".utf8.contains(before)
    }

    /// The words after which an expression starts, so that a `<` after them starts an element.
    static let expressionWords: Set<[UInt8]> = Set(
        ["return", "yield", "await", "default", "case", "else", "do", "in", "of"].map { Array($0.utf8) })

    /// Starts reading a `<` read as code that may start an element.
    mutating func openTag() {
        state = .tagOpen(inText: false)
    }

    /// Goes back to reading after the `}` of an expression opened here (`closer`: the code it had on the
    /// stack of closers).
    mutating func endExpression(_ closer: UInt8) {
        state = closer == Self.expressionInText ? .text : .attributes(last: UInt8(ascii: "}"))
    }

    /// What closes what `code` (one of this type's codes on the stack of closers) stands for: the end tag
    /// of the element `depth` elements and start tags in from the innermost, `/>`, or `}`.
    func closers(for code: UInt8, at depth: Int) -> [UInt8] {
        switch code {
        case Self.element: Array("</".utf8) + names[names.count - 1 - depth] + [UInt8(ascii: ">")]
        case Self.startTag: Array("/>".utf8)
        default: [UInt8(ascii: "}")]
        }
    }

    /// Whether the text read so far may be followed by end tags: it is in an element's text or in code.
    var allowsClosers: Bool { state == .text }

    mutating func read(_ byte: UInt8, closers: inout [UInt8]) -> Outcome {
        switch state {
        case .text:
            if byte == UInt8(ascii: "<") {
                state = .tagOpen(inText: true)
            } else if byte == UInt8(ascii: "{") {
                closers.append(Self.expressionInText)
                return .code
            }
        case .tagOpen(let inText):
            if inText, byte == UInt8(ascii: "/") {
                state = .tagName(closing: true)
                name.removeAll(keepingCapacity: true)
            } else if Self.startsName(byte) {
                state = .tagName(closing: false)
                name = [byte]
            } else if byte == UInt8(ascii: ">") {
                // A fragment, `<>`.
                names.append([])
                closers.append(Self.element)
                state = .text
            } else if inText {
                state = .text
            } else {
                return .notATag
            }
        case .tagName(let closing):
            if Self.continuesName(byte) {
                name.append(byte)
            } else if closing {
                if byte == UInt8(ascii: ">") { return endElement(closers: &closers) }
                guard byte == UInt8(ascii: " ") else { return .lost }
                state = .endTagRest
            } else {
                names.append(name)
                closers.append(Self.startTag)
                state = .attributes(last: 0)
                return read(byte, closers: &closers)
            }
        case .endTagRest:
            if byte == UInt8(ascii: ">") { return endElement(closers: &closers) }
            guard byte == UInt8(ascii: " ") else { return .lost }
        case .attributes(let last):
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                state = .quoted(byte)
            case UInt8(ascii: "{"):
                closers.append(Self.expressionInTag)
                return .code
            case UInt8(ascii: ">") where last == UInt8(ascii: "/"):
                guard closers.last == Self.startTag else { return .lost }
                closers.removeLast()
                names.removeLast()
                return afterElement(closers)
            case UInt8(ascii: ">"):
                guard closers.last == Self.startTag else { return .lost }
                closers[closers.count - 1] = Self.element
                state = .text
            default:
                state = .attributes(last: byte)
            }
        case .quoted(let quote):
            if byte == quote { state = .attributes(last: byte) }
        }
        return .stays
    }

    /// The `>` of an end tag: it closes the innermost element, which must be of its name.
    private mutating func endElement(closers: inout [UInt8]) -> Outcome {
        guard closers.last == Self.element, names.last == name else { return .lost }
        closers.removeLast()
        names.removeLast()
        return afterElement(closers)
    }

    /// Where the scan goes once an element ended: the text of the element around it, or code.
    private mutating func afterElement(_ closers: [UInt8]) -> Outcome {
        guard closers.last == Self.element else { return .code }
        state = .text
        return .stays
    }

    private static func startsName(_ byte: UInt8) -> Bool {
        (BlockKeywords.isWordByte(byte) && !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")))
            || byte == UInt8(ascii: "$")
    }

    private static func continuesName(_ byte: UInt8) -> Bool {
        BlockKeywords.isWordByte(byte) || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }
}
