import Testing

@testable import MarkdownCore

@Suite struct ClassDiagramTests {
    /// A node as the read-back gives it: its name, then each compartment's rows, squeezed.
    static func describe(_ label: String, _ compartments: [[String]]) -> String {
        ([label] + compartments.map { $0.joined(separator: ",") }).map(FlowchartReader.squeezed).joined(separator: "|")
    }

    /// The boxes of a drawing as `describe` gives them, keyed by the box's whole label squeezed.
    static func boxes(_ lines: [String]) -> [String: (name: String, description: String)] {
        let reader = FlowchartReader(lines)
        var result: [String: (name: String, description: String)] = [:]
        for box in reader.boxes {
            var parts: [[String]] = [[]]
            for row in (box.top + 1)..<box.bottom {
                if reader.grid[row, box.left] == "├" {
                    parts.append([])
                    continue
                }
                let text = String((box.left + 1..<box.right).compactMap { reader.grid[row, $0] })
                let trimmed = text.split(separator: " ").joined(separator: " ")
                if trimmed.isEmpty { continue }
                if parts.count > 1, text.hasPrefix("   "), let last = parts[parts.count - 1].popLast() {
                    parts[parts.count - 1].append(last + " " + trimmed)  // a wrapped row's continuation
                } else {
                    parts[parts.count - 1].append(trimmed)
                }
            }
            let name = parts[0].joined(separator: " ")
            result[FlowchartReader.squeezed(box.label)] = (
                FlowchartReader.squeezed(name), describe(name, Array(parts.dropFirst()))
            )
        }
        return result
    }

    /// Draws a class (or entity-relationship) diagram at `width` and reads back its classes with their members and its
    /// relations with their ends, style and label; returns whether it was drawn.
    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let graph: FlowGraph
        do {
            graph =
                try MermaidDiagram.type(of: source) == "erDiagram"
                ? EntityDiagramParser.parse(source) : ClassDiagramParser.parse(source)
        } catch {
            Issue.record("does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
        switch MermaidDiagram.draw(source, width: width) {
        case .failure(let failure):
            switch failure {
            case .tooWide, .unsupported: return false
            default:
                Issue.record("unexpected failure \(failure)", sourceLocation: sourceLocation)
                return false
            }
        case .success(let picture):
            let lines = picture.lines
            let drawing = "\n" + lines.joined(separator: "\n")
            for line in lines where DisplayWidth.of(line) > width {
                Issue.record("a line is too wide\(drawing)", sourceLocation: sourceLocation)
            }
            let boxes = boxes(lines)
            let expectedNodes = graph.nodes.map { describe($0.label, $0.compartments) }.sorted()
            #expect(boxes.values.map(\.description).sorted() == expectedNodes, "classes\(drawing)")
            let read = ReadBack.read(lines)
            #expect(read.problems.isEmpty, "\(read.problems)\(drawing)", sourceLocation: sourceLocation)
            #expect(!read.overlaps, "boxes overlap\(drawing)", sourceLocation: sourceLocation)
            let edges = read.edges.map { edge -> FlowchartReader.Edge in
                var edge = edge
                edge.first = boxes[edge.first]?.name ?? edge.first
                edge.second = boxes[edge.second]?.name ?? edge.second
                return edge.canonical
            }.sorted()
            #expect(edges == ReadBack.expectedEdges(graph), "relations\(drawing)", sourceLocation: sourceLocation)
            return true
        }
    }

    @Test func theCorpusReadsBackAtEveryWidth() {
        #expect(ClassCorpus.diagrams.count >= 5)
        for (name, source) in ClassCorpus.diagrams {
            var drawn = 0
            for width in [60, 80, 120, 200] where Self.check(source, width: width) { drawn += 1 }
            #expect(drawn >= 3, "\(name) drawn at \(drawn) of 4 widths")
            #expect(Self.check(source, width: 200), "\(name) is not drawn at 200 columns")
        }
    }

    @Test func membersAnnotationsGenericsAndRelationKindsAreRead() throws {
        let graph = try ClassDiagramParser.parse(
            """
            classDiagram
                class Animal { <<interface>>; +String name; +eat() void }
                Animal <|-- Dog
                Zoo "1" *-- "*" Animal : houses
                Pond o-- Dog
                Dog --> Bone
                Dog ..> Vet : visits
                Dog ..|> Pet
                Dog -- Owner
                Dog .. Walker
                Dog : +List~Bone~ bones
                class Box~T~
            """)
        #expect(
            graph.nodes.map(\.label) == [
                "<<interface>>\nAnimal", "Dog", "Zoo", "Pond", "Bone", "Vet", "Pet", "Owner", "Walker", "Box<T>",
            ])
        #expect(graph.nodes[0].compartments == [["+String name"], ["+eat() void"]])
        #expect(graph.nodes[1].compartments == [["+List<Bone> bones"], []])
        let kinds = graph.edges.map { "\($0.startMarker) \($0.style) \($0.endMarker) \($0.label)" }
        #expect(
            kinds == [
                "triangle solid none ", "filledDiamond solid none 1 houses *", "hollowDiamond solid none ",
                "none solid arrow ", "none dotted arrow visits", "triangle dotted none ", "none solid none ",
                "none dotted none ",
            ])
        // The parent of `Dog ..|> Pet` is ranked first.
        #expect(graph.edges[5].from == 6)
    }

    @Test func namespacesAndNotesFallBack() {
        for source in [
            "classDiagram\n  namespace Shapes {\n    class Square\n  }",
            "classDiagram\n  class A\n  note for A \"a note\"",
            "classDiagram\n  A --> A",
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

    @Test func tooManyMembersFallBack() {
        let members = (0...ClassDiagramParser.maximumMembers).map { "  A : +int field\($0)" }
        let source = (["classDiagram"] + members).joined(separator: "\n")
        #expect(MermaidDiagram.draw(source, width: 200) == .failure(.tooLarge("more than 40 members in a class")))
    }

    @Test func unclosedBodyIsASyntaxError() {
        guard case .failure(.syntax) = MermaidDiagram.draw("classDiagram\n  A<|--B", width: 80) else {
            Issue.record("a relation without spaces is not a syntax error")
            return
        }
        guard case .failure(.syntax) = MermaidDiagram.draw("classDiagram\n  class A {\n  +int x", width: 80) else {
            Issue.record("not a syntax error")
            return
        }
    }
}
