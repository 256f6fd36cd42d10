/// Reads a Mermaid class diagram (`classDiagram`) into the flowchart's `FlowGraph`, so that the layered
/// layout draws it: a class is a box with its name (under its `<<annotation>>`), then a rule and its
/// attributes, then a rule and its methods; a relation is an edge whose ends show its kind —
/// inheritance and realisation `△`, composition `◆`, aggregation `◇`, association and dependency `▶`,
/// dashed for `..` — labelled with its cardinalities around its label (`1 owns *`). Generics
/// (`List~int~`) are shown as `List<int>`. `click`, `link`, `callback`, `style`, `classDef` and
/// `cssClass` are accepted and not drawn; namespaces and notes are shown as their source.
struct ClassDiagramParser {
    /// The most members one class may have.
    static let maximumMembers = 40

    private(set) var graph = FlowGraph(direction: .topDown)
    private var classIndex: [String: Int] = [:]
    private var attributes: [[String]] = []
    private var methods: [[String]] = []
    private var annotations: [String?] = []
    /// The class whose `{ … }` body is being read.
    private var body: Int?
    private static let ignoredKeywords: Set<Substring> = [
        "click", "link", "callback", "style", "classDef", "cssClass", "accTitle", "accDescr", "title",
    ]

    /// The graph `source` describes; its first statement is the header.
    static func parse(_ source: String) throws(DiagramFailure) -> FlowGraph {
        var parser = ClassDiagramParser()
        let statements = MermaidText.statements(source)
        guard statements.first != nil else { throw .empty }
        for statement in statements.dropFirst() {
            try parser.read(statement.text, line: statement.line)
        }
        if parser.body != nil { throw .syntax(line: statements.last?.line ?? 1, reason: "a class body is not closed") }
        guard !parser.graph.nodes.isEmpty else { throw .empty }
        parser.finish()
        return parser.graph
    }

    /// Puts each class's annotation above its name and its members in compartments.
    private mutating func finish() {
        for index in graph.nodes.indices {
            if let annotation = annotations[index] {
                graph.nodes[index].label = annotation + "\n" + graph.nodes[index].label
            }
            if !attributes[index].isEmpty || !methods[index].isEmpty {
                graph.nodes[index].compartments = [attributes[index], methods[index]]
            }
        }
    }

    private mutating func read(_ statement: Substring, line: Int) throws(DiagramFailure) {
        if let open = body {
            var text = statement
            let closes = text.hasSuffix("}")
            if closes { text = MermaidText.trimmed(text.dropLast()) }
            if !text.isEmpty { try member(text, of: open, line: line) }
            if closes { body = nil }
            return
        }
        let firstWord = statement.prefix { $0 != " " && $0 != "\t" }
        if Self.ignoredKeywords.contains(firstWord) { return }
        switch firstWord {
        case "direction":
            graph.direction = try .named(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        case "namespace": throw .unsupported("a namespace")
        case "note": throw .unsupported("a note")
        case "class": try declare(MermaidText.trimmed(statement.dropFirst(firstWord.count)), line: line)
        default:
            if statement.hasPrefix("<<"), let close = statement.firstRange(of: ">>") {
                let index = try node(MermaidText.trimmed(statement[close.upperBound...]), line: line)
                annotations[index] = MermaidText.label(Self.generics(statement[..<close.upperBound]))
            } else if try relation(statement, line: line) {
                return
            } else if let colon = statement.firstIndex(of: ":") {
                let index = try node(MermaidText.trimmed(statement[..<colon]), line: line)
                try member(MermaidText.trimmed(statement[statement.index(after: colon)...]), of: index, line: line)
            } else {
                try node(statement, line: line)
            }
        }
    }

    /// `class Name`, `class Name["Label"]`, `class Name { …`, `class Name { a; b }`.
    private mutating func declare(_ rest: Substring, line: Int) throws(DiagramFailure) {
        var name = rest
        var opened: Substring?
        if let brace = rest.firstIndex(of: "{") {
            name = MermaidText.trimmed(rest[..<brace])
            opened = MermaidText.trimmed(rest[rest.index(after: brace)...])
        }
        var label: String?
        if let bracket = name.firstIndex(of: "["), name.hasSuffix("]") {
            label = MermaidText.label(
                Self.generics(name[name.index(after: bracket)..<name.index(before: name.endIndex)]))
            name = MermaidText.trimmed(name[..<bracket])
        }
        let index = try node(name, line: line)
        if let label, !label.isEmpty { graph.nodes[index].label = label }
        guard let opened else { return }
        body = index
        if !opened.isEmpty { try read(opened, line: line) }
    }

    /// A member as written (`+String name`, `+eat() void`): a method when it has parentheses.
    private mutating func member(_ text: Substring, of index: Int, line: Int) throws(DiagramFailure) {
        if text.hasPrefix("<<"), text.hasSuffix(">>") {
            annotations[index] = MermaidText.label(Self.generics(text))
            return
        }
        guard attributes[index].count + methods[index].count < Self.maximumMembers else {
            throw .tooLarge("more than \(Self.maximumMembers) members in a class")
        }
        let shown = MermaidText.label(Self.generics(text)).replacing("\n", with: " ")
        guard !shown.isEmpty else { return }
        if text.contains("(") { methods[index].append(shown) } else { attributes[index].append(shown) }
    }

    /// The two ends and the line of a relation token (`<|--`, `*--`, `..>`, `--`): nil if it is not one.
    static func relationKind(_ token: Substring) -> (FlowGraph.EndMarker, FlowGraph.LineStyle, FlowGraph.EndMarker)? {
        let style: FlowGraph.LineStyle
        let line: Range<Substring.Index>
        if let dashes = token.firstRange(of: "--") {
            style = .solid
            line = dashes
        } else if let dots = token.firstRange(of: "..") {
            style = .dotted
            line = dots
        } else {
            return nil
        }
        let starts: [Substring: FlowGraph.EndMarker] = [
            "": .none, "<|": .triangle, "*": .filledDiamond, "o": .hollowDiamond, "<": .arrow,
        ]
        let ends: [Substring: FlowGraph.EndMarker] = [
            "": .none, "|>": .triangle, "*": .filledDiamond, "o": .hollowDiamond, ">": .arrow,
        ]
        guard let start = starts[token[..<line.lowerBound]], let end = ends[token[line.upperBound...]] else {
            return nil
        }
        return (start, style, end)
    }

    /// `A "1" --> "*" B : label`: false when the statement holds no relation token.
    private mutating func relation(_ statement: Substring, line: Int) throws(DiagramFailure) -> Bool {
        var head = statement
        var label = ""
        if let colon = Self.colonOutsideQuotes(statement) {
            head = statement[..<colon]
            label = MermaidText.label(Self.generics(statement[statement.index(after: colon)...]))
        }
        let tokens = Self.tokens(head)
        guard let position = tokens.firstIndex(where: { Self.relationKind($0) != nil }),
            let (start, style, end) = Self.relationKind(tokens[position])
        else { return false }
        var left = tokens[..<position]
        var right = tokens[(position + 1)...]
        var startCardinality = ""
        var endCardinality = ""
        if let last = left.last, last.first == "\"" {
            startCardinality = MermaidText.label(last)
            left = left.dropLast()
        }
        if let first = right.first, first.first == "\"" {
            endCardinality = MermaidText.label(first)
            right = right.dropFirst()
        }
        guard left.count == 1, right.count == 1, let from = left.first, let to = right.first else {
            throw .syntax(line: line, reason: "a relation needs one class at each end")
        }
        let source = try node(from, line: line)
        let destination = try node(to, line: line)
        guard graph.edges.count < FlowchartParser.maximumEdges else {
            throw .tooLarge("more than \(FlowchartParser.maximumEdges) relations")
        }
        let text = [startCardinality, label, endCardinality].filter { !$0.isEmpty }.joined(separator: " ")
        // The parent or the whole is ranked first, as `A <|-- B` puts it, whichever way it is written.
        let wholeAtEnd = start == .none && [.triangle, .filledDiamond, .hollowDiamond].contains(end)
        graph.edges.append(
            wholeAtEnd
                ? .init(
                    from: destination, to: source,
                    label: [endCardinality, label, startCardinality].filter {
                        !$0.isEmpty
                    }.joined(separator: " "), style: style, startMarker: end, endMarker: start)
                : .init(from: source, to: destination, label: text, style: style, startMarker: start, endMarker: end))
        return true
    }

    private static func colonOutsideQuotes(_ text: Substring) -> Substring.Index? {
        var inQuote = false
        for index in text.indices {
            if text[index] == "\"" { inQuote.toggle() }
            if !inQuote, text[index] == ":" { return index }
        }
        return nil
    }

    /// Words split at spaces, a quoted string one word.
    private static func tokens(_ text: Substring) -> [Substring] {
        var tokens: [Substring] = []
        var start: Substring.Index?
        var inQuote = false
        for index in text.indices {
            let character = text[index]
            if character == "\"" { inQuote.toggle() }
            if !inQuote, character == " " || character == "\t" {
                if let begun = start { tokens.append(text[begun..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { tokens.append(text[begun...]) }
        return tokens
    }

    /// `~` around a type parameter shown as `<` and `>`: one followed by a name character opens.
    static func generics<S: StringProtocol>(_ text: S) -> String {
        var result = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            guard character == "~" else {
                result.append(character)
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            result.append(next.isLetter || next.isNumber || next == "_" ? "<" : ">")
        }
        return result
    }

    /// The node for a class name, made on first use.
    @discardableResult
    private mutating func node(_ name: Substring, line: Int) throws(DiagramFailure) -> Int {
        var name = name
        if let classes = name.firstRange(of: ":::") { name = MermaidText.trimmed(name[..<classes.lowerBound]) }
        // A relation written without spaces (`A<|--B`) is not read as one class's name.
        guard !name.isEmpty, !name.contains(" "), !name.contains("\""), !name.contains("--"), !name.contains("..")
        else {
            throw .syntax(line: line, reason: name.isEmpty ? "a class is missing" : "unexpected '\(name)'")
        }
        let key = String(name)
        if let index = classIndex[key] { return index }
        guard graph.nodes.count < FlowchartParser.maximumNodes else {
            throw .tooLarge("more than \(FlowchartParser.maximumNodes) classes")
        }
        classIndex[key] = graph.nodes.count
        graph.nodes.append(.init(id: key, label: MermaidText.label(Self.generics(name))))
        attributes.append([])
        methods.append([])
        annotations.append(nil)
        return graph.nodes.count - 1
    }
}
