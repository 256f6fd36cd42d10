import Testing

@testable import MarkdownCore

@Suite struct StateDiagramTests {
    /// Draws a state diagram at `width` and reads it back as the flowchart it is drawn as.
    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        do {
            let graph = try StateDiagramParser.parse(source)
            return ReadBack.check(graph, source: source, width: width, sourceLocation: sourceLocation)
        } catch {
            Issue.record("does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
    }

    @Test func theCorpusReadsBackAtEveryWidth() {
        #expect(StateCorpus.diagrams.count >= 6)
        for (name, source) in StateCorpus.diagrams {
            var drawn = 0
            for width in [60, 80, 120, 200] where Self.check(source, width: width) { drawn += 1 }
            #expect(drawn == 4, "\(name) drawn at \(drawn) of 4 widths")
            #expect(Self.check(source, width: 200), "\(name) is not drawn at 200 columns")
        }
    }

    @Test func startAndEndAreOneNodeEachAndShapesFollowTheStereotype() throws {
        let graph = try StateDiagramParser.parse(
            """
            stateDiagram-v2
                [*] --> A
                state "Long name" as B
                state c <<choice>>
                state f <<fork>>
                A --> c : go
                c --> B
                c --> f
                B --> [*]
                f --> [*]
                [*] --> B
            """)
        #expect(graph.nodes.map(\.label) == ["●", "A", "Long name", "", "▬▬▬▬", "◉"])
        #expect(graph.nodes.map(\.shape) == [.round, .round, .round, .diamond, .rectangle, .round])
        #expect(graph.edges.count == 7)
        #expect(graph.edges.first { $0.label == "go" }.map { [$0.from, $0.to] } == [1, 3])
    }

    @Test func compositeStatesAndSelfTransitionsFallBack() {
        for source in [
            "stateDiagram-v2\n  state Active {\n    [*] --> On\n  }",
            "stateDiagram-v2\n  A --> A : tick",
            "stateDiagram\n  A --> B\n  --\n  C --> D",
        ] {
            guard case .failure(let failure) = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("drawn: \(source)")
                continue
            }
            guard case .unsupported = failure else {
                Issue.record("\(failure) for \(source)")
                continue
            }
        }
    }

    @Test func notesAndStylingAreAccepted() throws {
        let graph = try StateDiagramParser.parse(
            """
            stateDiagram
                direction LR
                classDef hot fill:#f00
                A --> B
                note right of A : a note
                note left of B
                    several lines
                end note
                class A hot
                B:::hot --> C
            """)
        #expect(graph.direction == .leftRight)
        #expect(graph.nodes.map(\.label) == ["A", "B", "C"])
    }
}
