import Testing

@testable import MarkdownCore

@Suite struct MindmapTests {
    static let corpus: [(name: String, source: String)] = [
        (
            "mermaid's example",
            """
            mindmap
              root((mindmap))
                Origins
                  Long history
                  ::icon(fa fa-book)
                  Popularisation
                    British popular psychology author Tony Buzan
                Research
                  On effectiveness<br/>and features
                  On Automatic creation
                    Uses
                        Creative techniques
                        Strategic planning
                Tools
                  Pen and paper
                  Mermaid
            """
        ),
        ("root only", "mindmap\n  Plans"),
        (
            "shapes",
            """
            mindmap
                id1[Release]
                    id2(Build)
                    id3((Test))
                        id4))Unit((
                        id5{{Integration}}
                    id6)Ship(
            """
        ),
        (
            "tabs and wide text",
            "mindmap\n\tProject 计划 🚀\n\t\tDesign\n\t\t\tWireframes for every screen of the application\n\t\tBuild\n"
        ),
        (
            "deep chain",
            "mindmap\n"
                + (0..<10).map { String(repeating: "  ", count: $0 + 1) + "level \($0)" }.joined(separator: "\n")
        ),
    ]

    /// A drawn tree read back: each node's depth (from the column of its `├─`/`└─`) and its label
    /// (continuation rows joined), with a problem wherever a `├─` has no later sibling or a `└─` has one.
    static func read(_ lines: [String]) -> (nodes: [String], problems: [String]) {
        var nodes: [(depth: Int, label: String, last: Bool)] = []
        for line in lines {
            let characters = Array(line)
            if let column = characters.indices.first(where: { characters[$0] == "├" || characters[$0] == "└" }),
                column % 3 == 0, column + 2 < characters.count, characters[column + 1] == "─"
            {
                let label = String(characters[(column + 3)...])
                nodes.append((column / 3 + 1, label, characters[column] == "└"))
            } else if nodes.isEmpty {
                nodes.append((0, line, true))
            } else {
                nodes[nodes.count - 1].label += " " + MermaidText.trimmed(Substring(line.filter { $0 != "│" }))
            }
        }
        var problems: [String] = []
        for (index, node) in nodes.enumerated() where node.depth > 0 {
            let later = nodes[(index + 1)...].prefix { $0.depth >= node.depth }.contains { $0.depth == node.depth }
            if later == node.last { problems.append("\(node.label): wrong branch") }
        }
        return (nodes.map { "\($0.depth) \(FlowchartReader.squeezed($0.label))" }, problems)
    }

    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let map = try? Mindmap.parse(source) else {
            Issue.record("does not parse", sourceLocation: sourceLocation)
            return false
        }
        guard case .success(let picture) = MermaidDiagram.draw(source, width: width) else { return false }
        let lines = picture.lines
        let drawing = "\n" + lines.joined(separator: "\n")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "too wide\(drawing)", sourceLocation: sourceLocation)
        let read = read(lines)
        #expect(read.problems.isEmpty, "\(read.problems)\(drawing)", sourceLocation: sourceLocation)
        #expect(
            read.nodes == map.nodes.map { "\($0.depth) \(FlowchartReader.squeezed($0.label))" }, "nodes\(drawing)",
            sourceLocation: sourceLocation)
        return true
    }

    @Test func theCorpusReadsBackAtEveryWidth() {
        for (name, source) in Self.corpus {
            var drawn = 0
            for width in [60, 80, 120, 200] where Self.check(source, width: width) { drawn += 1 }
            #expect(drawn == 4, "\(name) drawn at \(drawn) of 4 widths")
        }
    }

    @Test func shapesAreDroppedAndIconsIgnored() throws {
        let map = try Mindmap.parse(Self.corpus[2].source)
        #expect(map.nodes.map(\.label) == ["Release", "Build", "Test", "Unit", "Integration", "Ship"])
        #expect(map.nodes.map(\.depth) == [0, 1, 1, 2, 2, 1])
        #expect(try Mindmap.parse(Self.corpus[0].source).nodes.count == 14)
    }

    @Test func twoRootsTooDeepAndTooNarrowFallBack() {
        guard case .failure(.syntax) = MermaidDiagram.draw("mindmap\n  A\n  B", width: 80) else {
            Issue.record("two roots drawn")
            return
        }
        let deep =
            "mindmap\n" + (0...18).map { String(repeating: " ", count: $0 + 1) + "n\($0)" }.joined(separator: "\n")
        #expect(MermaidDiagram.draw(deep, width: 200) == .failure(.tooLarge("more than 16 levels")))
        guard case .failure(.tooWide) = MermaidDiagram.draw(Self.corpus[4].source, width: 30) else {
            Issue.record("a deep chain drawn in 30 columns")
            return
        }
    }
}
