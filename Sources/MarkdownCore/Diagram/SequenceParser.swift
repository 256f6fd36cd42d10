/// Reads a Mermaid `sequenceDiagram` into a `SequenceDiagram`: participants and actors (declared, or
/// implied by first use), messages with their line, head and text, notes, frames (`loop`, `alt`/`else`,
/// `opt`, `par`/`and`, `critical`/`option`, `break`, `rect`), `autonumber`, `title` and activations:
/// `A->>+B` activates B from this message, `B-->>-A` ends B's latest activation at it, and
/// `activate B` and `deactivate B` do the same at the message before them (Mermaid's reading).
struct SequenceParser {
    /// Bounds past which the diagram is shown as its source.
    static let maximumParticipants = 30
    static let maximumMessages = 500
    static let maximumFrameDepth = 16

    private(set) var diagram = SequenceDiagram()
    private var participantIndex: [String: Int] = [:]
    private var openFrames: [SequenceDiagram.FrameKind] = []
    /// The next `autonumber` number, nil while numbering is off.
    private var nextNumber: Int?
    private var numberStep = 1
    /// Each participant's open activations, by the message they start at, innermost last.
    private var openActivations: [Int: [Int]] = [:]

    /// The arrows, longest first so that `-->>` is not read as `-->` followed by `>`.
    private static let arrows: [(token: String, style: FlowGraph.LineStyle, head: SequenceDiagram.Head)] = [
        ("-->>", .dotted, .arrow), ("->>", .solid, .arrow), ("--x", .dotted, .cross), ("-x", .solid, .cross),
        ("--)", .dotted, .open), ("-)", .solid, .open), ("-->", .dotted, .none), ("->", .solid, .none),
    ]
    private static let ignored: Set<String> = ["destroy", "links", "link"]
    private static let sections: [String: SequenceDiagram.FrameKind] = ["else": .alt, "and": .par, "option": .critical]

    /// The diagram `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> SequenceDiagram {
        var parser = SequenceParser()
        let statements = MermaidText.statements(source)
        guard statements.first != nil else { throw .empty }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        if !parser.openFrames.isEmpty {
            throw .syntax(line: statements.last?.line ?? 1, reason: "a frame is not ended")
        }
        guard !parser.diagram.participants.isEmpty else { throw .empty }
        parser.closeActivations()
        return parser.diagram
    }

    private static func split(_ statement: Substring) -> (keyword: String, rest: Substring) {
        let keyword = statement.prefix { $0 != " " && $0 != "\t" }
        return (String(keyword), MermaidText.trimmed(statement.dropFirst(keyword.count)))
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        let (keyword, rest) = Self.split(statement)
        switch keyword.lowercased() {
        case "participant", "actor":
            try declare(rest, isActor: keyword.lowercased() == "actor", line: line)
        case "create":
            let (inner, declaration) = Self.split(rest)
            guard ["participant", "actor"].contains(inner) else { throw .syntax(line: line, reason: "'create' alone") }
            try declare(declaration, isActor: inner == "actor", line: line)
        case "autonumber": try number(rest, line: line)
        case "title", "title:":
            diagram.title = MermaidText.label(rest.hasPrefix(":") ? MermaidText.trimmed(rest.dropFirst()) : rest)
        case "note": try note(rest, line: line)
        case "activate": activate(try participant(rest, line: line), at: max(0, diagram.messages.count - 1))
        case "deactivate": deactivate(try participant(rest, line: line), at: diagram.messages.count - 1)
        case "end":
            guard rest.isEmpty, !openFrames.isEmpty else { throw .syntax(line: line, reason: "'end' without a frame") }
            openFrames.removeLast()
            diagram.events.append(.frameEnd)
        case "box": throw .unsupported("a box around participants")
        case let word where Self.ignored.contains(word): return
        case let word where SequenceDiagram.FrameKind(rawValue: word) != nil:
            guard let kind = SequenceDiagram.FrameKind(rawValue: word) else { return }
            guard openFrames.count < Self.maximumFrameDepth else {
                throw .tooLarge("frames nested more than \(Self.maximumFrameDepth) deep")
            }
            openFrames.append(kind)
            diagram.events.append(.frameStart(kind, kind == .rect ? "" : MermaidText.label(rest)))
        case let word where Self.sections[word] != nil:
            guard let open = openFrames.last, Self.sections[word] == open else {
                throw .syntax(line: line, reason: "'\(word)' outside its frame")
            }
            diagram.events.append(.frameSection(keyword: word, MermaidText.label(rest)))
        default:
            try message(statement, line: line)
        }
    }

    @discardableResult
    private mutating func participant(_ id: Substring, line: Int) throws(DiagramFailure) -> Int {
        let id = String(MermaidText.trimmed(id))
        guard !id.isEmpty else { throw .syntax(line: line, reason: "a participant is missing") }
        if let index = participantIndex[id] { return index }
        guard diagram.participants.count < Self.maximumParticipants else {
            throw .tooLarge("more than \(Self.maximumParticipants) participants")
        }
        participantIndex[id] = diagram.participants.count
        diagram.participants.append(.init(id: id, label: MermaidText.label(id)))
        return diagram.participants.count - 1
    }

    private mutating func declare(_ declaration: Substring, isActor: Bool, line: Int) throws(DiagramFailure) {
        var id = declaration
        var label: Substring?
        if let range = declaration.firstRange(of: " as ") {
            id = declaration[..<range.lowerBound]
            label = MermaidText.trimmed(declaration[range.upperBound...])
        }
        let index = try participant(id, line: line)
        diagram.participants[index].isActor = isActor
        if let label { diagram.participants[index].label = MermaidText.label(label) }
    }

    private mutating func number(_ rest: Substring, line: Int) throws(DiagramFailure) {
        if rest == "off" {
            nextNumber = nil
            return
        }
        let words = rest.split(separator: " ")
        guard words.count <= 2, let start = words.first.map({ Int($0) }) ?? 1, start >= 0, start < 1_000_000,
            let step = words.count == 2 ? Int(words[1]) : 1, step > 0, step < 1_000_000
        else { throw .syntax(line: line, reason: "'autonumber' takes a start and a step") }
        nextNumber = start
        numberStep = step
    }

    private mutating func note(_ rest: Substring, line: Int) throws(DiagramFailure) {
        guard let colon = rest.firstIndex(of: ":") else { throw .syntax(line: line, reason: "a note without ':'") }
        let text = MermaidText.label(rest[rest.index(after: colon)...])
        let (position, target) = Self.split(rest[..<colon])
        let placement: SequenceDiagram.NotePlacement
        switch position.lowercased() {
        case "over":
            let names = target.split(separator: ",", maxSplits: 1)
            guard let first = names.first else { throw .syntax(line: line, reason: "a note over no one") }
            let a = try participant(first, line: line)
            let b = names.count > 1 ? try participant(names[1], line: line) : a
            placement = .over(first: min(a, b), last: max(a, b))
        case "left", "right":
            let (of, name) = Self.split(target)
            guard of == "of" else { throw .syntax(line: line, reason: "expected '\(position) of'") }
            let index = try participant(name, line: line)
            placement = position.lowercased() == "left" ? .leftOf(index) : .rightOf(index)
        default: throw .syntax(line: line, reason: "a note must be left of, right of or over")
        }
        diagram.events.append(.note(placement, text))
    }

    private mutating func message(_ statement: Substring, line: Int) throws(DiagramFailure) {
        // A name may hold a dash (`web-server->>db`): the arrow is at the first dash that starts one.
        var found: (dash: Substring.Index, token: String, style: FlowGraph.LineStyle, head: SequenceDiagram.Head)?
        var cursor = statement.startIndex
        while found == nil, let dash = statement[cursor...].firstIndex(of: "-") {
            if let arrow = Self.arrows.first(where: { statement[dash...].hasPrefix($0.token) }) {
                found = (dash, arrow.token, arrow.style, arrow.head)
            }
            cursor = statement.index(after: dash)
        }
        guard let arrow = found else { throw .syntax(line: line, reason: "expected a message or a statement") }
        let dash = arrow.dash
        let after = statement[dash...]
        if statement[..<dash].hasSuffix("<<") { throw .unsupported("a two-way arrow") }
        var target = after.dropFirst(arrow.token.count)
        let activation = target.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
        if activation != nil { target = target.dropFirst() }
        var text: Substring = ""
        if let colon = target.firstIndex(of: ":") {
            text = target[target.index(after: colon)...]
            target = target[..<colon]
        }
        guard diagram.messages.count < Self.maximumMessages else {
            throw .tooLarge("more than \(Self.maximumMessages) messages")
        }
        let from = try participant(statement[..<dash], line: line)
        let to = try participant(target, line: line)
        var label = MermaidText.label(text)
        if let number = nextNumber {
            label = label.isEmpty ? "\(number)." : "\(number). \(label)"
            nextNumber = number + numberStep
        }
        diagram.events.append(.message(.init(from: from, to: to, style: arrow.style, head: arrow.head, text: label)))
        let index = diagram.messages.count - 1
        if activation == "+" { activate(to, at: index) }
        if activation == "-" { deactivate(from, at: index) }
    }

    private mutating func activate(_ participant: Int, at message: Int) {
        openActivations[participant, default: []].append(message)
    }

    /// Ends the participant's latest activation at `message`; one that is not active is left alone, as
    /// is a deactivation before any message.
    private mutating func deactivate(_ participant: Int, at message: Int) {
        guard message >= 0, let first = openActivations[participant]?.popLast() else { return }
        diagram.activations.append(.init(participant: participant, first: first, last: max(first, message)))
    }

    /// Activations still open at the end run to the last message; without messages there is nothing to
    /// draw them along.
    private mutating func closeActivations() {
        let last = diagram.messages.count - 1
        for participant in openActivations.keys.sorted() {
            while let first = openActivations[participant]?.popLast(), last >= 0 {
                diagram.activations.append(.init(participant: participant, first: first, last: max(first, last)))
            }
        }
    }
}
