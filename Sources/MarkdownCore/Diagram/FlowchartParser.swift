/// Reads a Mermaid flowchart (`flowchart TD`, `graph LR`) into a `FlowGraph`: nodes with their shapes,
/// edges with their labels, styles and ends, chains and `&` lists, subgraphs, and edges to a subgraph
/// by its id (drawn to its frame). Styling statements (`classDef`, `class`, `style`, `linkStyle`,
/// `click`) are accepted and ignored.
struct FlowchartParser {
    /// At most this many nodes and edges are drawn; a larger chart is shown as its source.
    static let maximumNodes = 300
    static let maximumEdges = 400

    private(set) var graph = FlowGraph()
    private var nodeIndex: [String: Int] = [:]
    /// Where each subgraph's nodes are collected, innermost last.
    private var openSubgraphs: [Int] = [FlowchartParser.topLevel]
    private var subgraphOfNode: [Int: Int] = [:]
    /// Every subgraph's id, read before the statements so that an edge may name one declared later.
    private var subgraphIDs: Set<String> = []
    /// Edges with an end at a subgraph, by edge index: the subgraph ids at their start and end.
    private var frameEnds: [FrameEnds.Named] = []
    private static let topLevel = -1
    private static let ignoredKeywords: Set<Substring> = [
        "classDef", "class", "style", "linkStyle", "click", "direction",
    ]

    /// The graph `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> FlowGraph {
        var parser = FlowchartParser()
        let statements = MermaidText.statements(source)
        guard let header = statements.first else { throw .empty }
        let words = header.text.split(separator: " ")
        parser.graph.direction = try .named(words.count > 1 ? words[1] : "TD", line: header.line)
        for statement in statements.dropFirst() where statement.text.hasPrefix("subgraph ") {
            parser.subgraphIDs.insert(String(Self.subgraphName(statement.text.dropFirst("subgraph ".count)).id))
        }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        if parser.openSubgraphs.count > 1 {
            throw .syntax(line: statements.last?.line ?? 1, reason: "subgraph not ended")
        }
        parser.assignSubgraphMembers()
        try parser.resolveFrameEnds()
        return parser.graph
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        let firstWord = statement.prefix { $0 != " " && $0 != "\t" }
        if Self.ignoredKeywords.contains(firstWord) { return }
        if firstWord == "end" && statement == "end" {
            guard openSubgraphs.count > 1 else { throw .syntax(line: line, reason: "'end' without a subgraph") }
            openSubgraphs.removeLast()
            return
        }
        if firstWord == "subgraph" {
            try openSubgraph(MermaidText.trimmed(statement.dropFirst("subgraph".count)), line: line)
            return
        }
        var scanner = FlowStatementScanner(Array(statement), line: line)
        var previous = try scanner.nodeGroup()
        for node in previous { try declare(node, line: line) }
        while !scanner.isAtEnd() {
            guard let link = try scanner.link() else {
                throw .syntax(line: line, reason: "expected an edge after '\(previous.last?.id ?? "")'")
            }
            let next = try scanner.nodeGroup()
            for node in next { try declare(node, line: line) }
            if let link = link.visible {
                for source in previous {
                    for target in next { try connect(source.id, target.id, link, line: line) }
                }
            }
            previous = next
        }
    }

    /// A subgraph statement's id and title: `id [title]`, or one name for both.
    private static func subgraphName(_ rest: Substring) -> (id: Substring, title: Substring) {
        let rest = MermaidText.trimmed(rest)
        var id = rest
        var title = rest
        if let open = rest.firstIndex(of: "["), rest.last == "]" {
            id = MermaidText.trimmed(rest[..<open])
            title = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        }
        if id.isEmpty { id = title }
        return (id, title)
    }

    private mutating func openSubgraph(_ rest: Substring, line: Int) throws(DiagramFailure) {
        let (id, title) = Self.subgraphName(rest)
        guard !id.isEmpty else { throw .syntax(line: line, reason: "subgraph without a name") }
        guard graph.subgraphs.count < 50 else { throw .tooLarge("more than 50 subgraphs") }
        let parent = openSubgraphs.last == Self.topLevel ? nil : openSubgraphs.last
        graph.subgraphs.append(.init(id: String(id), title: MermaidText.label(title), parent: parent))
        openSubgraphs.append(graph.subgraphs.count - 1)
    }

    private mutating func declare(_ node: FlowStatementScanner.NodeReference, line: Int) throws(DiagramFailure) {
        if subgraphIDs.contains(node.id) { return }
        let index: Int
        if let known = nodeIndex[node.id] {
            index = known
            if let shape = node.shape {
                graph.nodes[index].shape = shape
                graph.nodes[index].label = node.label ?? node.id
            }
        } else {
            guard graph.nodes.count < Self.maximumNodes else { throw .tooLarge("more than \(Self.maximumNodes) nodes") }
            index = graph.nodes.count
            nodeIndex[node.id] = index
            let label = node.label ?? MermaidText.label(node.id)
            graph.nodes.append(.init(id: node.id, label: label, shape: node.shape ?? .rectangle))
        }
        if let innermost = openSubgraphs.last, innermost != Self.topLevel, subgraphOfNode[index] == nil {
            subgraphOfNode[index] = innermost
        }
    }

    private mutating func connect(
        _ from: String, _ to: String, _ link: FlowStatementScanner.Link.Visible, line: Int
    ) throws(DiagramFailure) {
        guard graph.edges.count < Self.maximumEdges else { throw .tooLarge("more than \(Self.maximumEdges) edges") }
        let (fromFrame, toFrame) = (subgraphIDs.contains(from), subgraphIDs.contains(to))
        guard let source = fromFrame ? -1 : nodeIndex[from], let target = toFrame ? -1 : nodeIndex[to] else { return }
        if fromFrame || toFrame { frameEnds.append((graph.edges.count, fromFrame ? from : nil, toFrame ? to : nil)) }
        graph.edges.append(
            .init(
                from: source, to: target, label: link.label, style: link.style, startMarker: link.start,
                endMarker: link.end))
    }

    /// Names each frame end's subgraph by index, then has `FrameEnds` pick the node it is ranked by.
    private mutating func resolveFrameEnds() throws(DiagramFailure) {
        try FrameEnds.resolve(&graph, named: frameEnds)
    }

    private mutating func assignSubgraphMembers() {
        for (node, subgraph) in subgraphOfNode.sorted(by: { $0.key < $1.key }) {
            graph.subgraphs[subgraph].nodes.append(node)
        }
    }
}
