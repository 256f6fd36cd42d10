import Testing

@testable import MarkdownCore

@Suite struct SequenceReadBackTests {
    /// What the source says, in the read-back's terms.
    static func expected(
        _ diagram: SequenceDiagram
    ) -> (participants: [String], messages: [SequenceReader.Message], activations: [String]) {
        let names = diagram.participants.map { FlowchartReader.squeezed($0.label) }
        let participants = diagram.participants.map {
            ($0.isActor ? "actor " : "") + FlowchartReader.squeezed($0.label)
        }
        let messages = diagram.messages.map { message in
            SequenceReader.Message(
                from: names[message.from], to: names[message.to], style: "\(message.style)", head: "\(message.head)",
                text: FlowchartReader.squeezed(message.text))
        }
        // Overlapping activations of one participant are one heavy stretch of its lifeline.
        var activations: [String] = []
        for participant in diagram.participants.indices {
            var merged: [(Int, Int)] = []
            for span in diagram.activations.filter({ $0.participant == participant }).sorted(by: { $0.first < $1.first }
            ) {
                if let last = merged.last, span.first <= last.1 {
                    merged[merged.count - 1].1 = max(last.1, span.last)
                } else {
                    merged.append((span.first, span.last))
                }
            }
            activations += merged.map { "\(names[participant]) \($0.0)…\($0.1)" }
        }
        return (participants, messages, activations)
    }

    /// Draws a sequence diagram at `width` and checks the drawing against its source; returns whether it
    /// was drawn (false: a declared fallback).
    @discardableResult
    static func check(_ source: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let diagram: SequenceDiagram
        do {
            diagram = try SequenceParser.parse(source)
        } catch {
            Issue.record("does not parse: \(error)", sourceLocation: sourceLocation)
            return false
        }
        switch MermaidDiagram.draw(source, width: width) {
        case .failure(let failure):
            guard case .tooWide = failure else {
                Issue.record("unexpected failure \(failure)", sourceLocation: sourceLocation)
                return false
            }
            return false
        case .success(let picture):
            let lines = picture.lines
            let drawing = "\n" + lines.joined(separator: "\n")
            for line in lines where DisplayWidth.of(line) > width {
                Issue.record(
                    "a line is \(DisplayWidth.of(line)) columns at width \(width)\(drawing)",
                    sourceLocation: sourceLocation)
            }
            let reader = SequenceReader(lines)
            let expected = expected(diagram)
            #expect(reader.problems.isEmpty, "\(reader.problems)\(drawing)", sourceLocation: sourceLocation)
            #expect(
                FlowchartReader.squeezed(reader.title) == FlowchartReader.squeezed(diagram.title), "title\(drawing)",
                sourceLocation: sourceLocation)
            #expect(
                reader.participants == expected.participants, "participants\(drawing)", sourceLocation: sourceLocation)
            #expect(reader.messages == expected.messages, "messages\(drawing)", sourceLocation: sourceLocation)
            #expect(
                reader.activations == expected.activations, "activations\(drawing)", sourceLocation: sourceLocation)
            return true
        }
    }

    @Test func theCorpusReadsBackAtEveryWidth() {
        #expect(SequenceCorpus.diagrams.count >= 10)
        for (name, source) in SequenceCorpus.diagrams {
            var drawn = 0
            for width in [60, 80, 120, 200] where Self.check(source, width: width) { drawn += 1 }
            #expect(drawn == 4, "\(name) drawn at \(drawn) of 4 widths")
        }
    }

    @Test func fallbacksAreDeclared() {
        for (name, source) in SequenceCorpus.fallbacks {
            guard case .failure(let failure) = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("\(name) was drawn")
                continue
            }
            #expect(!failure.note.isEmpty)
        }
    }

    @Test func participantsComeInOrderOfDeclarationThenFirstUse() throws {
        let diagram = try SequenceParser.parse(
            "sequenceDiagram\n  participant C as Carol\n  actor B\n  A->>B: hi\n  B->>D: yo")
        #expect(diagram.participants.map(\.label) == ["Carol", "B", "A", "D"])
        #expect(diagram.participants.map(\.isActor) == [false, true, false, false])
    }

    @Test func namesMayHoldDashesAndTwoWayArrowsFallBack() throws {
        let diagram = try SequenceParser.parse(
            "sequenceDiagram\n  web-server->>data-base: query\n  data-base-->>web-server")
        #expect(diagram.participants.map(\.label) == ["web-server", "data-base"])
        #expect(diagram.messages.map(\.head) == [.arrow, .arrow])
        guard case .failure(.unsupported) = MermaidDiagram.draw("sequenceDiagram\n  A<<->>B: both", width: 80) else {
            Issue.record("a two-way arrow was drawn")
            return
        }
    }

    @Test func everyArrowHasItsLineAndHead() throws {
        let arrows: [(String, FlowGraph.LineStyle, SequenceDiagram.Head)] = [
            ("->>", .solid, .arrow), ("-->>", .dotted, .arrow), ("->", .solid, .none), ("-->", .dotted, .none),
            ("-x", .solid, .cross), ("--x", .dotted, .cross), ("-)", .solid, .open), ("--)", .dotted, .open),
        ]
        for (token, style, head) in arrows {
            let diagram = try SequenceParser.parse("sequenceDiagram\n  A\(token)+B: m\n  B\(token)-A: n")
            #expect(diagram.messages.map(\.style) == [style, style], "\(token)")
            #expect(diagram.messages.map(\.head) == [head, head], "\(token)")
            for width in [40, 80] {
                #expect(Self.check("sequenceDiagram\n  A\(token)B: m\n  B\(token)A: n\n  A\(token)A: o", width: width))
            }
        }
    }

    @Test func activationsAreHeavyLifelinesFromArrowToArrow() throws {
        let source = """
            sequenceDiagram
                Alice->>+John: Hello
                John->>+Bob: Ask
                Bob-->>-John: Answer
                John-->>Alice: Hi
                activate Alice
                Alice->>Bob: Later
                deactivate Alice
                Alice-->Bob: Unseen
                John-->>-Alice: Bye
            """
        let diagram = try SequenceParser.parse(source)
        #expect(
            diagram.activations == [
                .init(participant: 2, first: 1, last: 2), .init(participant: 0, first: 3, last: 4),
                .init(participant: 1, first: 0, last: 6),
            ])
        for width in [40, 60, 80] { #expect(Self.check(source, width: width)) }
        guard case .success(let picture) = MermaidDiagram.draw(source, width: 80) else { return }
        #expect(picture.lines.contains { $0.contains("┃") })
        #expect(picture.lines.contains { $0.contains("╂") || $0.contains("┨") || $0.contains("┠") })
    }

    @Test func framesAndNotesAreDrawnAsBoxes() {
        guard case .success(let picture) = MermaidDiagram.draw(SequenceCorpus.diagrams[1].source, width: 80) else {
            Issue.record("not drawn")
            return
        }
        let text = picture.lines.joined(separator: "\n")
        #expect(text.contains("┌ alt [valid] "))
        #expect(text.contains("├ else [invalid] ┄"))
        #expect(picture.lines.contains { $0.contains("└") && $0.contains("┘") && $0.contains("┼") })
    }

    @Test func aLongDiagramNamesItsParticipantsAgainUnderTheLifelines() {
        let long = "sequenceDiagram\n" + String(repeating: "  Alice->>Bob: ping\n  Bob-->>Alice: pong\n", count: 6)
        let short = "sequenceDiagram\n  Alice->>Bob: ping\n  Bob-->>Alice: pong"
        guard case .success(let longPicture) = MermaidDiagram.draw(long, width: 60),
            case .success(let shortPicture) = MermaidDiagram.draw(short, width: 60)
        else {
            Issue.record("not drawn")
            return
        }
        #expect(longPicture.lines.filter { $0.contains("Alice") && $0.contains("Bob") }.count == 2)
        #expect(longPicture.lines.last?.contains("┘") == true)
        #expect(longPicture.lines.contains { $0.contains("┴") })
        #expect(shortPicture.lines.filter { $0.contains("Alice") && $0.contains("Bob") }.count == 1)
    }

    @Test func everyTextIsSanitised() {
        let bell = "x\u{7}\u{1B}[31m\u{9B}y"
        let sources = [
            "sequenceDiagram\n  title \(bell)\n  participant A as \(bell)\n  A->>B: \(bell)\n  Note over A,B: \(bell)\n  loop \(bell)\n  B->>A\n  end",
            "pie title \(bell)\n  \"\(bell)\" : 3",
            "stateDiagram-v2\n  state \"\(bell)\" as A\n  A --> B : \(bell)",
        ]
        for source in sources {
            guard case .success(let picture) = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("not drawn: \(source)")
                continue
            }
            let scalars = picture.lines.joined().unicodeScalars
            #expect(!scalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(source)")
        }
    }
}
