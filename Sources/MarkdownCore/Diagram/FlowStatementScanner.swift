/// Reads one flowchart statement, a character at a time: node references with their shapes and links
/// (`-->`, `-.->`, `==>`, `--o`, `<-->`, `-- text -->`, `-->|text|`).
struct FlowStatementScanner {
    /// A node as a statement names it: its id, and its shape and label when the statement gives them.
    struct NodeReference {
        var id: String
        var shape: NodeShape?
        var label: String?
    }

    /// A link between two node groups; `~~~` (an invisible link) has no `visible`.
    struct Link {
        struct Visible {
            var style: FlowGraph.LineStyle
            var start: FlowGraph.EndMarker
            var end: FlowGraph.EndMarker
            var label: String
        }
        var visible: Visible?
    }

    private let characters: [Character]
    private var position = 0
    private let line: Int

    init(_ characters: [Character], line: Int) {
        self.characters = characters
        self.line = line
    }

    /// Whether only blanks are left.
    mutating func isAtEnd() -> Bool {
        skipBlanks()
        return position >= characters.count
    }

    private mutating func skipBlanks() {
        while position < characters.count, characters[position] == " " || characters[position] == "\t" {
            position += 1
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        position + offset < characters.count ? characters[position + offset] : nil
    }

    private func fail(_ reason: String) -> DiagramFailure { .syntax(line: line, reason: reason) }

    /// `A`, `A & B[text] & C`.
    mutating func nodeGroup() throws(DiagramFailure) -> [NodeReference] {
        var nodes = [try node()]
        while true {
            skipBlanks()
            guard peek() == "&" else { break }
            position += 1
            nodes.append(try node())
        }
        return nodes
    }

    private static func isIdentifier(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$" || character == "/"
            || character == "'" || character == "+" || character == "#" || character == "*" || character == "@"
    }

    private mutating func node() throws(DiagramFailure) -> NodeReference {
        skipBlanks()
        let start = position
        while let character = peek() {
            if Self.isIdentifier(character) {
                position += 1
            } else if character == "-" || character == ".", let next = peek(1), next.isLetter || next.isNumber {
                position += 1
            } else {
                break
            }
        }
        guard position > start else {
            throw fail(peek().map { "unexpected '\($0)'" } ?? "a node is missing at the end")
        }
        var reference = NodeReference(id: String(characters[start..<position]))
        if let (shape, label) = try shapeAndLabel() {
            reference.shape = shape
            reference.label = label
        }
        if peek() == ":", peek(1) == ":", peek(2) == ":" {
            position += 3
            while let character = peek(), Self.isIdentifier(character) || character == "-" { position += 1 }
        }
        return reference
    }

    private static let openers: [(open: String, shape: NodeShape, closers: [(String, NodeShape)])] = [
        ("(((", .circle, [(")))", .circle)]),
        ("((", .circle, [("))", .circle)]),
        ("([", .stadium, [("])", .stadium)]),
        ("(", .round, [(")", .round)]),
        ("[[", .subroutine, [("]]", .subroutine)]),
        ("[(", .database, [(")]", .database)]),
        ("[/", .parallelogram, [("/]", .parallelogram), ("\\]", .trapezoid)]),
        ("[\\", .parallelogramAlt, [("\\]", .parallelogramAlt), ("/]", .trapezoidAlt)]),
        ("[", .rectangle, [("]", .rectangle)]),
        ("{{", .hexagon, [("}}", .hexagon)]),
        ("{", .diamond, [("}", .diamond)]),
        (">", .flag, [("]", .flag)]),
    ]

    private func matches(_ text: String, at index: Int) -> Bool {
        var cursor = index
        for character in text {
            guard cursor < characters.count, characters[cursor] == character else { return false }
            cursor += 1
        }
        return true
    }

    private mutating func shapeAndLabel() throws(DiagramFailure) -> (NodeShape, String)? {
        guard let opener = Self.openers.first(where: { matches($0.open, at: position) }) else { return nil }
        position += opener.open.count
        let textStart = position
        var searchFrom = position
        if peek() == "\"" {
            guard let close = characters[(position + 1)...].firstIndex(of: "\"") else {
                throw fail("a quoted label is not closed")
            }
            searchFrom = close + 1
        }
        var index = searchFrom
        while index < characters.count {
            for (closer, shape) in opener.closers where matches(closer, at: index) {
                let label = MermaidText.label(String(characters[textStart..<index]))
                position = index + closer.count
                return (shape, label)
            }
            index += 1
        }
        throw fail("'\(opener.open)' is not closed")
    }

    /// The link at the cursor, or nil when there is none.
    mutating func link() throws(DiagramFailure) -> Link? {
        skipBlanks()
        let start = position
        var startMarker = FlowGraph.EndMarker.none
        if peek() == "<" {
            startMarker = .arrow
            position += 1
        } else if let first = peek(), first == "o" || first == "x", let next = peek(1), "-=.".contains(next),
            let after = peek(2), "-=.".contains(after)
        {
            startMarker = first == "o" ? .circle : .cross
            position += 1
        }
        if peek() == "~" {
            while peek() == "~" { position += 1 }
            return position - start >= 3 ? Link(visible: nil) : nil
        }
        let bodyStart = position
        while let character = peek(), "-=.".contains(character) { position += 1 }
        let body = String(characters[bodyStart..<position])
        guard body.count >= 2 else {
            position = start
            return nil
        }
        var label = ""
        var endMarker = try endMarker(after: body)
        if endMarker == nil, ["--", "==", "-."].contains(body), peek() == " " {
            // `-- text -->`: the text runs to the link's second half.
            let (text, closing) = try labelledHalf(opening: body)
            label = text
            endMarker = try self.endMarker(after: closing) ?? FlowGraph.EndMarker.none
        }
        skipBlanks()
        if peek() == "|" {
            guard let close = characters[(position + 1)...].firstIndex(of: "|") else {
                throw fail("an edge label's '|' is not closed")
            }
            label = MermaidText.label(String(characters[(position + 1)..<close]))
            position = close + 1
        }
        let style: FlowGraph.LineStyle = body.contains("=") ? .thick : body.contains(".") ? .dotted : .solid
        return Link(visible: .init(style: style, start: startMarker, end: endMarker ?? .none, label: label))
    }

    /// The marker ending a link body, consumed; nil when the body ends the link without one.
    private mutating func endMarker(after body: String) throws(DiagramFailure) -> FlowGraph.EndMarker? {
        switch peek() {
        case ">":
            position += 1
            return .arrow
        case "o", "x":
            let following = peek(1)
            guard following == nil || following == " " || following == "\t" || following == "|" else {
                return body.count >= 3 ? FlowGraph.EndMarker.none : nil
            }
            let marker: FlowGraph.EndMarker = peek() == "o" ? .circle : .cross
            position += 1
            return marker
        default:
            return body.count >= 3 ? FlowGraph.EndMarker.none : nil
        }
    }

    /// The label of `-- text -->` and the closing half's body.
    private mutating func labelledHalf(opening: String) throws(DiagramFailure) -> (String, String) {
        let textStart = position
        var index = position
        let closing: Set<Character> = opening == "==" ? ["="] : ["-", "."]
        while index + 1 < characters.count {
            if closing.contains(characters[index]), index > textStart, characters[index - 1] == " ",
                closing.contains(characters[index + 1]) || characters[index + 1] == "-"
            {
                let text = MermaidText.label(String(characters[textStart..<index]))
                position = index
                while let character = peek(), "-=.".contains(character) { position += 1 }
                return (text, String(characters[index..<position]))
            }
            index += 1
        }
        throw fail("an edge label's link is not closed")
    }
}
