/// Reads a Mermaid state diagram (`stateDiagram-v2`, `stateDiagram`) into the flowchart's `FlowGraph`,
/// so that the layered layout draws it: states are rounded boxes, `[*]` is one start (`●`) and one end
/// (`◉`) node, `<<choice>>` a diamond, `<<fork>>` and `<<join>>` a bar, transitions labelled edges.
/// Notes, `direction`, `hide`, `classDef` and `class` are accepted; notes are not drawn. Composite
/// states (`state X { … }`) and concurrency (`--`) are shown as their source.
struct StateDiagramParser {
    /// The start and end nodes' labels.
    static let startLabel = "●"
    static let endLabel = "◉"
    /// A fork's or join's bar.
    static let barLabel = "▬▬▬▬"

    private(set) var graph = FlowGraph(direction: .topDown)
    private var nodeIndex: [String: Int] = [:]
    private var insideNote = false
    private static let ignoredKeywords: Set<Substring> = ["classDef", "class", "hide", "scale", "title", "accTitle"]

    /// The graph `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> FlowGraph {
        var parser = StateDiagramParser()
        let statements = MermaidText.statements(source)
        guard statements.first != nil else { throw .empty }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        guard !parser.graph.nodes.isEmpty else { throw .empty }
        return parser.graph
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        let firstWord = statement.prefix { $0 != " " && $0 != "\t" }
        if insideNote {
            if statement.lowercased() == "end note" { insideNote = false }
            return
        }
        if Self.ignoredKeywords.contains(firstWord) { return }
        switch firstWord {
        case "direction":
            graph.direction = try .named(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "note", "Note":
            // `note right of A : text` is one line; without a colon the note runs to `end note`.
            if !statement.contains(":") { insideNote = true }
        case "state": try declare(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "--": throw .unsupported("concurrent regions")
        case "}": throw .unsupported("a composite state")
        default:
            if let arrow = statement.firstRange(of: "-->") {
                try transition(from: statement[..<arrow.lowerBound], rest: statement[arrow.upperBound...], line: line)
            } else if let colon = statement.firstIndex(of: ":") {
                let index = try node(MermaidText.trimmed(statement[..<colon]), line: line)
                let description = MermaidText.label(statement[statement.index(after: colon)...])
                graph.nodes[index].label += description.isEmpty ? "" : "\n" + description
            } else {
                try node(MermaidText.trimmed(statement), line: line)
            }
        }
    }

    /// `state "Long name" as L`, `state L <<choice>>`, `state X {` (not drawn).
    private mutating func declare(_ rest: Substring, line: Int) throws(DiagramFailure) {
        if rest.hasSuffix("{") { throw .unsupported("a composite state") }
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
        let source = try node(MermaidText.trimmed(from), line: line, star: Self.startLabel)
        let destination = try node(MermaidText.trimmed(target), line: line, star: Self.endLabel)
        guard graph.edges.count < FlowchartParser.maximumEdges else {
            throw .tooLarge("more than \(FlowchartParser.maximumEdges) transitions")
        }
        graph.edges.append(.init(from: source, to: destination, label: label))
    }

    /// The node for a state name, made on first use; `[*]` is the start or the end node by `star`.
    @discardableResult
    private mutating func node(_ name: Substring, line: Int, star: String = startLabel) throws(DiagramFailure) -> Int {
        var name = name
        if let classes = name.firstRange(of: ":::") { name = MermaidText.trimmed(name[..<classes.lowerBound]) }
        guard !name.isEmpty, !name.contains(" ") || name.first == "\"" else {
            throw .syntax(line: line, reason: name.isEmpty ? "a state is missing" : "unexpected '\(name)'")
        }
        let key = name == "[*]" ? star : String(name)
        if let index = nodeIndex[key] { return index }
        guard graph.nodes.count < FlowchartParser.maximumNodes else {
            throw .tooLarge("more than \(FlowchartParser.maximumNodes) states")
        }
        nodeIndex[key] = graph.nodes.count
        graph.nodes.append(.init(id: key, label: name == "[*]" ? star : MermaidText.label(name), shape: .round))
        return graph.nodes.count - 1
    }
}
