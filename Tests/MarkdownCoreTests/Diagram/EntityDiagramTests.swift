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
        #expect(graph.edges.map(\.label) == ["1 places 0..n", "1..n billed to 1", "0..1 0..1"])
        #expect(graph.edges.map(\.style) == [.solid, .dotted, .solid])
        #expect(graph.edges.allSatisfy { $0.startMarker == .none && $0.endMarker == .none })
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
