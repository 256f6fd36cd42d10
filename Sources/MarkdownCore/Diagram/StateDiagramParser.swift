/// Reads a Mermaid state diagram (`stateDiagram-v2`, `stateDiagram`) into the flowchart's `FlowGraph`,
/// so that the layered layout draws it: states are rounded boxes, `[*]` is one start (`●`) and one end
/// (`◉`) node (one pair per composite state inside it), `<<choice>>` a diamond, `<<fork>>` and
/// `<<join>>` a bar, transitions labelled edges. A composite state (`state X { … }`, nested) is a
/// subgraph, framed and titled, and a transition to or from it ends at its frame. A note (`note left
/// of S : text`, or running to `end note`) is a node of its own beside its state. `direction`, `hide`,
/// `classDef` and `class` are accepted; concurrency (`--`) is shown as its source.
struct StateDiagramParser {
    /// The start and end nodes' labels.
    static let startLabel = "●"
    static let endLabel = "◉"
    /// A fork's or join's bar.
    static let barLabel = "▬▬▬▬"

    private(set) var graph = FlowGraph(direction: .topDown)
    private var nodeIndex: [String: Int] = [:]
    /// The composite states' names, read before the statements so that a transition may name one
    /// whose block comes later.
    private var compositeNames: Set<String> = []
    /// The open composite states, by subgraph index, innermost last.
    private var openComposites: [Int] = []
    private var subgraphOfNode: [Int: Int] = [:]
    /// Transitions with an end at a composite state: edge index and the state's name at each end.
    private var frameEnds: [FrameEnds.Named] = []
    /// The note being read up to `end note`: its state and side, and its lines so far.
    private var openNote: (target: Substring, before: Bool, line: Int, lines: [String])?
    private static let ignoredKeywords: Set<Substring> = ["classDef", "class", "hide", "scale", "title", "accTitle"]

    /// The graph `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> FlowGraph {
        var parser = StateDiagramParser()
        let statements = MermaidText.statements(source)
        guard statements.first != nil else { throw .empty }
        for statement in statements.dropFirst()
        where statement.text.hasPrefix("state ") && statement.text.hasSuffix("{") {
            let declaration = MermaidText.trimmed(statement.text.dropFirst("state ".count).dropLast())
            parser.compositeNames.insert(String(Self.composite(declaration).name))
        }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        if parser.openNote != nil || !parser.openComposites.isEmpty {
            throw .syntax(line: statements.last?.line ?? 1, reason: "a note or a composite state is not closed")
        }
        guard !parser.graph.nodes.isEmpty else { throw .empty }
        try parser.finish()
        return parser.graph
    }

    /// `"Long name" as X` or `X`: a composite state's name and title.
    private static func composite(_ declaration: Substring) -> (name: Substring, title: String?) {
        guard declaration.first == "\"", let range = declaration.firstRange(of: "\" as ") else {
            return (declaration, nil)
        }
        let title = MermaidText.label(declaration[declaration.index(after: declaration.startIndex)..<range.lowerBound])
        return (MermaidText.trimmed(declaration[range.upperBound...]), title)
    }

    /// Members to their composite states, notes beside their states, and transitions to composite
    /// states to the nodes they are ranked by.
    private mutating func finish() throws(DiagramFailure) {
        for (node, subgraph) in subgraphOfNode.sorted(by: { $0.key < $1.key }) {
            graph.subgraphs[subgraph].nodes.append(node)
        }
        for note in graph.notes {
            guard let subgraph = subgraphOfNode[note.target] else { continue }
            graph.subgraphs[subgraph].nodes.append(note.node)
        }
        try FrameEnds.resolve(&graph, named: frameEnds)
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        let firstWord = statement.prefix { $0 != " " && $0 != "\t" }
        if var note = openNote {
            if statement.lowercased() == "end note" {
                openNote = nil
                try addNote(note.target, before: note.before, text: note.lines.joined(separator: "\n"), line: note.line)
            } else {
                note.lines.append(MermaidText.label(statement))
                openNote = note
            }
            return
        }
        if Self.ignoredKeywords.contains(firstWord) { return }
        switch firstWord {
        case "direction":
            // A composite state's own direction is not kept: frames are drawn in the chart's.
            guard openComposites.isEmpty else { return }
            graph.direction = try .named(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "note", "Note": try note(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "state" where statement.hasSuffix("{"):
            try openComposite(MermaidText.trimmed(statement.dropFirst(firstWord.count).dropLast()), line: line)
        case "state": try declare(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "--": throw .unsupported("concurrent regions")
        case "}":
            guard openComposites.popLast() != nil else { throw .syntax(line: line, reason: "'}' without a state") }
        default:
            if let arrow = statement.firstRange(of: "-->") {
                try transition(from: statement[..<arrow.lowerBound], rest: statement[arrow.upperBound...], line: line)
            } else if let colon = statement.firstIndex(of: ":") {
                let name = MermaidText.trimmed(statement[..<colon])
                if compositeNames.contains(String(name)) { return }
                let index = try node(name, line: line)
                let description = MermaidText.label(statement[statement.index(after: colon)...])
                graph.nodes[index].label += description.isEmpty ? "" : "\n" + description
            } else {
                try node(MermaidText.trimmed(statement), line: line)
            }
        }
    }

    /// `state X {`, `state "Long name" as X {`: a composite state opens, a subgraph of the one open.
    private mutating func openComposite(_ declaration: Substring, line: Int) throws(DiagramFailure) {
        let (name, title) = Self.composite(declaration)
        guard !name.isEmpty, !name.contains(" ") else { throw .syntax(line: line, reason: "a composite state's name") }
        guard graph.subgraphs.count < 50 else { throw .tooLarge("more than 50 composite states") }
        if graph.subgraphs.contains(where: { $0.id == name }) { throw .unsupported("a composite state opened twice") }
        graph.subgraphs.append(
            .init(id: String(name), title: title ?? MermaidText.label(name), parent: openComposites.last))
        openComposites.append(graph.subgraphs.count - 1)
    }

    /// `left of S : text` on one line, or `right of S` with lines up to `end note`.
    private mutating func note(_ rest: Substring, line: Int) throws(DiagramFailure) {
        var head = rest
        var text: String?
        if let colon = rest.firstIndex(of: ":") {
            head = MermaidText.trimmed(rest[..<colon])
            text = MermaidText.label(rest[rest.index(after: colon)...])
        }
        let words = head.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 3, ["left", "right"].contains(words[0].lowercased()), words[1] == "of" else {
            throw .unsupported("a note that is not left or right of a state")
        }
        let before = words[0].lowercased() == "left"
        if let text {
            try addNote(words[2], before: before, text: text, line: line)
        } else {
            openNote = (words[2], before, line, [])
        }
    }

    private mutating func addNote(_ target: Substring, before: Bool, text: String, line: Int) throws(DiagramFailure) {
        guard !compositeNames.contains(String(target)) else { throw .unsupported("a note on a composite state") }
        let state = try node(target, line: line)
        guard graph.nodes.count < FlowchartParser.maximumNodes else {
            throw .tooLarge("more than \(FlowchartParser.maximumNodes) states")
        }
        graph.nodes.append(.init(id: "note \(graph.notes.count)", label: text, shape: .note))
        graph.notes.append(.init(node: graph.nodes.count - 1, target: state, before: before))
    }

    /// `state "Long name" as L`, `state L <<choice>>`.
    private mutating func declare(_ rest: Substring, line: Int) throws(DiagramFailure) {
        var rest = rest
        var stereotype: Substring?
        if let open = rest.firstRange(of: "<<"), let close = rest.firstRange(of: ">>"),
            open.upperBound <= close.lowerBound
        {
            stereotype = rest[open.upperBound..<close.lowerBound]
            rest = MermaidText.trimmed(rest[..<open.lowerBound])
        }
        var label: String?
        if rest.first == "\"", let range = rest.firstRange(of: "\" as ") {
            label = MermaidText.label(rest[rest.index(after: rest.startIndex)..<range.lowerBound])
            rest = MermaidText.trimmed(rest[range.upperBound...])
        } else if let colon = rest.firstIndex(of: ":") {
            label = MermaidText.label(rest[rest.index(after: colon)...])
            rest = MermaidText.trimmed(rest[..<colon])
        }
        let index = try node(rest, line: line)
        if let label { graph.nodes[index].label = label }
        switch stereotype {
        case nil: break
        case "choice"?:
            graph.nodes[index].shape = .diamond
            graph.nodes[index].label = ""
        case "fork"?, "join"?:
            graph.nodes[index].shape = .rectangle
            graph.nodes[index].label = Self.barLabel
        case let other?: throw .unsupported("a <<\(other)>> state")
        }
    }

    private mutating func transition(from: Substring, rest: Substring, line: Int) throws(DiagramFailure) {
        var target = rest
        var label = ""
        if let colon = rest.firstIndex(of: ":") {
            label = MermaidText.label(rest[rest.index(after: colon)...])
            target = rest[..<colon]
        }
        let (start, end) = (MermaidText.trimmed(from), MermaidText.trimmed(target))
        let fromFrame = compositeNames.contains(String(start)) ? String(start) : nil
        let toFrame = compositeNames.contains(String(end)) ? String(end) : nil
        let source = try fromFrame == nil ? node(start, line: line, star: Self.startLabel) : -1
        let destination = try toFrame == nil ? node(end, line: line, star: Self.endLabel) : -1
        guard graph.edges.count < FlowchartParser.maximumEdges else {
            throw .tooLarge("more than \(FlowchartParser.maximumEdges) transitions")
        }
        if fromFrame != nil || toFrame != nil { frameEnds.append((graph.edges.count, fromFrame, toFrame)) }
        graph.edges.append(.init(from: source, to: destination, label: label))
    }

    /// The node for a state name, made on first use; `[*]` is the start or the end node by `star`, of
    /// the composite state it is written in. A state first named inside a composite state belongs to it.
    @discardableResult
    private mutating func node(_ name: Substring, line: Int, star: String = startLabel) throws(DiagramFailure) -> Int {
        var name = name
        if let classes = name.firstRange(of: ":::") { name = MermaidText.trimmed(name[..<classes.lowerBound]) }
        guard !name.isEmpty, !name.contains(" ") || name.first == "\"" else {
            throw .syntax(line: line, reason: name.isEmpty ? "a state is missing" : "unexpected '\(name)'")
        }
        let scope = openComposites.last.map { graph.subgraphs[$0].id + "/" } ?? ""
        let key = name == "[*]" ? scope + star : String(name)
        let index: Int
        if let known = nodeIndex[key] {
            index = known
        } else {
            guard graph.nodes.count < FlowchartParser.maximumNodes else {
                throw .tooLarge("more than \(FlowchartParser.maximumNodes) states")
            }
            index = graph.nodes.count
            nodeIndex[key] = index
            graph.nodes.append(.init(id: key, label: name == "[*]" ? star : MermaidText.label(name), shape: .round))
        }
        if let composite = openComposites.last, subgraphOfNode[index] == nil { subgraphOfNode[index] = composite }
        return index
    }
}
