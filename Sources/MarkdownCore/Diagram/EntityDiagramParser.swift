/// Reads a Mermaid entity-relationship diagram (`erDiagram`) into the flowchart's `FlowGraph`, so that
/// the layered layout draws it: an entity is a box with its name, then a rule and its attribute table
/// (`type name PK "comment"`, in aligned columns); a relationship is an edge, solid when identifying
/// (`--`) and dashed when not (`..`), labelled, with the cardinality at each end as a marker drawn in
/// crow's-foot glyphs: `||` exactly one, `|o` zero or one, `}|` one or more, `}o` zero or more.
/// `style`, `classDef` and `class` are accepted and not drawn.
struct EntityDiagramParser {
    /// The most attributes one entity may have.
    static let maximumAttributes = 40

    private(set) var graph = FlowGraph(direction: .topDown)
    private var entityIndex: [String: Int] = [:]
    private var rows: [[[String]]] = []
    /// The entity whose `{ … }` attribute block is being read.
    private var body: Int?
    private static let ignoredKeywords: Set<Substring> = [
        "style", "classDef", "class", "accTitle", "accDescr", "title",
    ]

    /// The cardinality each end's two characters stand for, on the left and on the right of the line.
    private static let leftCardinalities: [Substring: FlowGraph.EndMarker] = [
        "||": .exactlyOne, "|o": .zeroOrOne, "}|": .oneOrMore, "}o": .zeroOrMore,
    ]
    private static let rightCardinalities: [Substring: FlowGraph.EndMarker] = [
        "||": .exactlyOne, "o|": .zeroOrOne, "|{": .oneOrMore, "o{": .zeroOrMore,
    ]

    /// The graph `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> FlowGraph {
        var parser = EntityDiagramParser()
        let statements = MermaidText.statements(source)
        guard statements.first != nil else { throw .empty }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        if parser.body != nil { throw .syntax(line: statements.last?.line ?? 1, reason: "an entity is not closed") }
        guard !parser.graph.nodes.isEmpty else { throw .empty }
        parser.finish()
        return parser.graph
    }

    /// Lays each entity's attributes out in aligned columns.
    private mutating func finish() {
        for index in graph.nodes.indices where !rows[index].isEmpty {
            let table = rows[index]
            let widths = (0..<4).map { column in table.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
            let lines = table.map { row in
                row.indices.filter { !row[$0].isEmpty || widths[$0] > 0 }.map { column in
                    row[column] + String(repeating: " ", count: widths[column] - DisplayWidth.of(row[column]))
                }.joined(separator: " ")
            }
            graph.nodes[index].compartments = [lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }]
        }
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        if let open = body {
            var text = statement
            let closes = text.hasSuffix("}")
            if closes { text = MermaidText.trimmed(text.dropLast()) }
            if !text.isEmpty { try attribute(text, of: open, line: line) }
            if closes { body = nil }
            return
        }
        let firstWord = statement.prefix { $0 != " " && $0 != "\t" }
        if Self.ignoredKeywords.contains(firstWord) { return }
        if firstWord == "direction" {
            graph.direction = try .named(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
            return
        }
        var head = statement
        var label = ""
        if let colon = statement.firstIndex(of: ":") {
            head = MermaidText.trimmed(statement[..<colon])
            label = MermaidText.label(MermaidText.trimmed(statement[statement.index(after: colon)...]))
        }
        if let brace = head.firstIndex(of: "{"), label.isEmpty, !Self.isRelationship(head) {
            let index = try entity(MermaidText.trimmed(head[..<brace]), line: line)
            body = index
            let rest = MermaidText.trimmed(head[head.index(after: brace)...])
            if !rest.isEmpty { try read(rest, line: line) }
            return
        }
        let words = head.split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 3, let kind = Self.relationship(words[1]) {
            let from = try entity(words[0], line: line)
            let to = try entity(words[2], line: line)
            guard graph.edges.count < FlowchartParser.maximumEdges else {
                throw .tooLarge("more than \(FlowchartParser.maximumEdges) relationships")
            }
            graph.edges.append(
                .init(
                    from: from, to: to, label: label, style: kind.style, startMarker: kind.left,
                    endMarker: kind.right))
        } else if words.count == 1 {
            try entity(words[0], line: line)
        } else {
            throw .syntax(line: line, reason: "not a relationship or an entity")
        }
    }

    private static func isRelationship(_ head: Substring) -> Bool {
        head.split(separator: " ").contains { relationship($0) != nil }
    }

    /// `||--o{`: the cardinality at each end and the line's style; nil if the word is not one.
    private static func relationship(
        _ word: Substring
    ) -> (left: FlowGraph.EndMarker, style: FlowGraph.LineStyle, right: FlowGraph.EndMarker)? {
        guard word.count == 6 else { return nil }
        let characters = Array(word)
        let line = String(characters[2...3])
        guard line == "--" || line == "..",
            let left = leftCardinalities[Substring(String(characters[0...1]))],
            let right = rightCardinalities[Substring(String(characters[4...5]))]
        else { return nil }
        return (left, line == "--" ? .solid : .dotted, right)
    }

    /// `type name PK, FK "comment"`: four cells, the keys and the comment possibly empty.
    private mutating func attribute(_ text: Substring, of index: Int, line: Int) throws(DiagramFailure) {
        guard rows[index].count < Self.maximumAttributes else {
            throw .tooLarge("more than \(Self.maximumAttributes) attributes in an entity")
        }
        var text = text
        var comment = ""
        if let quote = text.firstIndex(of: "\"") {
            comment = MermaidText.label(text[quote...]).replacing("\n", with: " ")
            text = MermaidText.trimmed(text[..<quote])
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard words.count >= 2 else { throw .syntax(line: line, reason: "an attribute needs a type and a name") }
        let keys = words.dropFirst(2).joined(separator: " ")
        rows[index].append([
            MermaidText.label(ClassDiagramParser.generics(words[0])), MermaidText.label(words[1]),
            MermaidText.label(keys), comment,
        ])
    }

    /// The node for an entity name (`CUSTOMER`, `"Line item"`, `p[Person]`), made on first use.
    @discardableResult
    private mutating func entity(_ name: Substring, line: Int) throws(DiagramFailure) -> Int {
        var name = name
        var alias: String?
        if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") {
            alias = MermaidText.label(name[name.index(after: bracket)..<name.index(before: name.endIndex)])
            name = MermaidText.trimmed(name[..<bracket])
        }
        guard !name.isEmpty, !name.contains(" ") || name.first == "\"" else {
            throw .syntax(line: line, reason: name.isEmpty ? "an entity is missing" : "unexpected '\(name)'")
        }
        let key = String(name)
        if let index = entityIndex[key] {
            if let alias, !alias.isEmpty { graph.nodes[index].label = alias }
            return index
        }
        guard graph.nodes.count < FlowchartParser.maximumNodes else {
            throw .tooLarge("more than \(FlowchartParser.maximumNodes) entities")
        }
        entityIndex[key] = graph.nodes.count
        let label = alias.flatMap { $0.isEmpty ? nil : $0 } ?? MermaidText.label(name)
        graph.nodes.append(.init(id: key, label: label))
        rows.append([])
        return graph.nodes.count - 1
    }
}
