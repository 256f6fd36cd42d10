import Testing

@testable import MarkdownCore

@Suite struct EntityDiagramTests {
    @Test func theCorpusReadsBackAtEveryWidth() {
        #expect(EntityCorpus.diagrams.count >= 5)
        for (name, source) in EntityCorpus.diagrams {
            var drawn = 0
            for width in [60, 80, 120, 200] where ClassDiagramTests.check(source, width: width) { drawn += 1 }
            #expect(drawn >= 3, "\(name) drawn at \(drawn) of 4 widths")
            #expect(ClassDiagramTests.check(source, width: 200), "\(name) is not drawn at 200 columns")
        }
    }

    @Test func attributesCardinalitiesAndStylesAreRead() throws {
        let graph = try EntityDiagramParser.parse(
            """
            erDiagram
                CUSTOMER ||--o{ ORDER : places
                CUSTOMER {
                    string name
                    string id PK "unique"
                }
                ORDER }|..|| CUSTOMER : "billed to"
                ORDER |o--o| INVOICE
                p[Person]
            """)
        #expect(graph.nodes.map(\.label) == ["CUSTOMER", "ORDER", "INVOICE", "Person"])
        #expect(graph.nodes[0].compartments == [["string name", "string id   PK unique"]])
        #expect(graph.edges.map(\.label) == ["places", "billed to", ""])
        #expect(graph.edges.map(\.style) == [.solid, .dotted, .solid])
        #expect(graph.edges.map(\.startMarker) == [.exactlyOne, .oneOrMore, .zeroOrOne])
        #expect(graph.edges.map(\.endMarker) == [.zeroOrMore, .exactlyOne, .zeroOrOne])
    }

    @Test func everyCardinalityIsDrawnAsCrowsFeetAndReadBackInEveryDirection() {
        let left = ["||", "|o", "}|", "}o"]
        let right = ["||", "o|", "|{", "o{"]
        for direction in ["TB", "BT", "LR", "RL"] {
            var lines = ["erDiagram", "    direction \(direction)"]
            for (index, start) in left.enumerated() {
                lines.append("    E\(index) \(start)--\(right[index]) F\(index) : has")
                lines.append("    F\(index) \(start)..\(right[(index + 1) % 4]) G\(index)")
            }
            let source = lines.joined(separator: "\n")
            #expect(ClassDiagramTests.check(source, width: 200), "\(direction) is not drawn")
            guard case .success(let picture) = MermaidDiagram.draw(source, width: 200) else { continue }
            let text = picture.lines.joined()
            #expect(["○", "╪", "╫"].contains { text.contains($0) } && !text.contains("0..n"))
        }
    }

    @Test func badSyntaxAndTooManyAttributesFallBack() {
        guard case .failure(.syntax) = MermaidDiagram.draw("erDiagram\n  A ||-->> B : x", width: 80) else {
            Issue.record("not a syntax error")
            return
        }
        let rows = (0...EntityDiagramParser.maximumAttributes).map { "    int field\($0)" }
        let source = (["erDiagram", "  A {"] + rows + ["  }"]).joined(separator: "\n")
        #expect(MermaidDiagram.draw(source, width: 200) == .failure(.tooLarge("more than 40 attributes in an entity")))
    }
}
