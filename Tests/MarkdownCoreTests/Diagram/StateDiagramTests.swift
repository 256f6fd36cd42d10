import Testing

@testable import MarkdownCore

@Suite struct StateDiagramTests {
    /// Draws a state diagram at `width` and reads it back as the flowchart it is drawn as.
    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        do {
            let graph = try StateDiagramParser.parse(source)
            guard ReadBack.check(graph, source: source, width: width, sourceLocation: sourceLocation) else {
                return false
            }
            if case .success(let picture) = MermaidDiagram.draw(source, width: width) {
                #expect(
                    notesBeside(picture.lines) == expectedNotes(graph),
                    "notes\n\(picture.lines.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
            }
            return true
        } catch {
            Issue.record("does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
    }

    /// Each note as `text left|right of state`, what the source says.
    static func expectedNotes(_ graph: FlowGraph) -> [String] {
        graph.notes.map { note in
            FlowchartReader.squeezed(graph.nodes[note.node].label) + (note.before ? " left of " : " right of ")
                + FlowchartReader.squeezed(graph.nodes[note.target].label)
        }.sorted()
    }

    /// Each note box read with the box nearest beside it in the same rows (above or below it when the
    /// chart runs left to right), in the form of `expectedNotes`.
    static func notesBeside(_ lines: [String]) -> [String] {
        let frames = SubgraphFrameReader(lines)
        let boxes = FlowchartReader(frames.lines).boxes
        return boxes.filter { $0.shape == .note }.compactMap { note -> String? in
            let across = boxes.filter { $0.shape != .note && $0.top <= note.bottom && $0.bottom >= note.top }
            let along = boxes.filter { $0.shape != .note && $0.left <= note.right && $0.right >= note.left }
            let sameRank = across.isEmpty ? along : across
            guard
                let nearest = sameRank.min(by: {
                    abs($0.left + $0.top - note.left - note.top) < abs($1.left + $1.top - note.left - note.top)
                })
            else { return nil }
            let before = across.isEmpty ? note.bottom < nearest.top : note.right < nearest.left
            return FlowchartReader.squeezed(note.label) + (before ? " left of " : " right of ")
                + FlowchartReader.squeezed(nearest.label)
        }.sorted()
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

    @Test func compositeStatesAreFramedWithTheirOwnStartAndTransitionsEndAtTheFrame() throws {
        let source = StateCorpus.diagrams.first { $0.name == "composite with its own start and end" }?.source ?? ""
        let graph = try StateDiagramParser.parse(source)
        #expect(graph.subgraphs.map(\.title) == ["Active"])
        #expect(graph.nodes.filter { $0.label == "●" }.count == 2)
        #expect(graph.edges.filter { $0.toSubgraph == 0 }.map(\.label) == ["start"])
        #expect(graph.edges.filter { $0.fromSubgraph == 0 }.map(\.label) == ["stop"])
        guard case .success(let picture) = MermaidDiagram.draw(source, width: 80) else {
            Issue.record("not drawn")
            return
        }
        #expect(picture.lines.contains { $0.contains("╔═ Active ═") })
    }

    @Test func selfTransitionsAndConcurrencyFallBack() {
        for source in [
            "stateDiagram-v2\n  state Active {\n    [*] --> On\n  }\n  Active --> On",
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
        #expect(graph.nodes.map(\.label) == ["A", "B", "a note", "several lines", "C"])
        #expect(graph.notes == [.init(node: 2, target: 0, before: false), .init(node: 3, target: 1, before: true)])
        #expect(graph.nodes[2].shape == .note)
    }
}
