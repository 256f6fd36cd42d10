/// A Mermaid `mindmap` read by its indentation, drawn as an indented tree: the root on the first row,
/// each child under its parent after `├─ ` (`└─ ` for the last), with `│` joining siblings. A node's
/// shape brackets (`[…]`, `(…)`, `((…))`, `{{…}}`, `))…((`) are dropped; `::icon(…)` and `:::class` lines
/// are accepted and not drawn.
struct Mindmap: Equatable {
    /// The deepest level drawn (the root is 0); deeper is shown as the source.
    static let maximumDepth = 16

    /// The nodes in the order written, each with its depth (the root 0).
    var nodes: [(label: String, depth: Int)] = []

    static func == (lhs: Mindmap, rhs: Mindmap) -> Bool {
        lhs.nodes.map(\.label) == rhs.nodes.map(\.label) && lhs.nodes.map(\.depth) == rhs.nodes.map(\.depth)
    }

    static func parse(_ source: String) throws(DiagramFailure) -> Mindmap {
        var map = Mindmap()
        var indents: [Int] = []  // the indentation of the open node at each depth
        var sawHeader = false
        for (number, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let text = MermaidText.trimmed(line)
            if text.isEmpty || text.hasPrefix("%%") { continue }
            if !sawHeader {
                sawHeader = true
                continue
            }
            if text.hasPrefix("::icon(") || text.hasPrefix(":::") { continue }
            let indent = line.prefix { $0 == " " || $0 == "\t" }.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
            while let last = indents.last, last >= indent { indents.removeLast() }
            if indents.isEmpty, !map.nodes.isEmpty {
                throw .syntax(line: number + 1, reason: "a mindmap has one root")
            }
            guard indents.count <= maximumDepth else { throw .tooLarge("more than \(maximumDepth) levels") }
            guard map.nodes.count < FlowchartParser.maximumNodes else {
                throw .tooLarge("more than \(FlowchartParser.maximumNodes) nodes")
            }
            var label = text
            if let classes = label.firstRange(of: ":::") { label = MermaidText.trimmed(label[..<classes.lowerBound]) }
            let shown = MermaidText.label(Self.unbracketed(label)).replacing("\n", with: " ")
            map.nodes.append((shown.isEmpty ? " " : shown, indents.count))
            indents.append(indent)
        }
        guard !map.nodes.isEmpty else { throw .empty }
        return map
    }

    /// `id((text))` → `text`; text without brackets is kept whole.
    static func unbracketed(_ text: Substring) -> Substring {
        let pairs: [(String, String)] = [("((", "))"), ("))", "(("), ("{{", "}}"), ("[", "]"), ("(", ")"), (")", "(")]
        for (open, close) in pairs {
            guard let start = text.firstRange(of: open), text.hasSuffix(close),
                start.upperBound <= text.index(text.endIndex, offsetBy: -close.count)
            else { continue }
            return text[start.upperBound..<text.index(text.endIndex, offsetBy: -close.count)]
        }
        return text
    }
}

/// Draws a `Mindmap` as an indented tree, labels wrapped to the room their row leaves.
enum MindmapDrawing {
    /// The narrowest room a label may have.
    static let minimumLabel = 8

    static func draw(_ map: Mindmap, width: Int) throws(DiagramFailure) -> DiagramPicture {
        let deepest = map.nodes.map(\.depth).max() ?? 0
        let room = width - 3 * deepest
        guard room >= minimumLabel else { throw .tooWide(columns: minimumLabel - room) }
        var rows: [[DiagramPicture.Run]] = []
        // Whether the open node at each depth has a later sibling: its column keeps a `│`.
        var continues: [Bool] = []
        for (index, node) in map.nodes.enumerated() {
            let later = map.nodes[(index + 1)...].prefix { $0.depth >= node.depth }.contains { $0.depth == node.depth }
            continues = Array(continues.prefix(node.depth)) + [later]
            let rails = (1..<max(1, node.depth)).map { continues[$0] ? "│  " : "   " }.joined()
            let branch = node.depth == 0 ? "" : rails + (later ? "├─ " : "└─ ")
            let under = node.depth == 0 ? "" : rails + (later ? "│  " : "   ")
            let lines = LabelWrapper.lines(node.label, width: width - DisplayWidth.of(branch))
            for (number, line) in lines.enumerated() {
                let prefix = number == 0 ? branch : under
                var runs: [DiagramPicture.Run] = []
                if !prefix.isEmpty { runs.append(.init(text: prefix, role: .edge)) }
                runs.append(.init(text: line, role: node.depth == 0 ? .border : .text))
                rows.append(runs)
            }
        }
        let drawn = rows.map { $0.reduce(0) { $0 + DisplayWidth.of($1.text) } }.max() ?? 0
        return DiagramPicture(rows: rows, width: drawn)
    }
}
