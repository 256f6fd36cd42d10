import Testing

@testable import MarkdownCore

/// Mermaid fences in documents: drawn when closed, code while open (streaming), as code with
/// `--diagrams source`, and as code with a note (and a diagnostic) when they cannot be drawn.
@Suite struct DiagramDocumentTests {
    static let document = "Intro.\n\n```mermaid\nflowchart LR\n  A[Build] --> B[Test] --> C[Ship]\n```\n\nAfter.\n"

    static func renderer(width: Int = 60, mode: DiagramOptions.Mode = .render, sink: DiagnosticCollector? = nil)
        -> MarkdownRenderer
    {
        var renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: width, colorDepth: .none))
        renderer.diagrams = DiagramOptions(mode: mode, diagnostics: sink)
        return renderer
    }

    static func text(_ lines: [StyledLine]) -> String { lines.map(\.plainText).joined(separator: "\n") }

    @Test func aClosedMermaidFenceIsDrawn() {
        let text = Self.text(Self.renderer().lines(for: Self.document))
        #expect(text.contains("│ Build │──▶│ Test │──▶│ Ship │"))
        #expect(!text.contains("flowchart LR"))
    }

    @Test func anOpenMermaidFenceIsShownAsCode() {
        let text = Self.text(Self.renderer().lines(for: "```mermaid\nflowchart LR\n  A --> B\n"))
        #expect(text.contains("flowchart LR"))
        #expect(!text.contains("▶"))
    }

    @Test func sourceModeShowsTheFenceAsCode() {
        let text = Self.text(Self.renderer(mode: .source).lines(for: Self.document))
        #expect(text.contains("  A[Build] --> B[Test] --> C[Ship]"))
        #expect(!text.contains("▶"))
    }

    @Test func aStreamedDiagramEndsAsTheOneShotRender() {
        let bytes = Array(Self.document.utf8)
        let oneShot = MarkdownStreamTests.oneShot(bytes)
        #expect(Self.text(oneShot).contains("▶"))
        for size in [1, 2, 3, 7, 16, bytes.count] {
            #expect(MarkdownStreamTests.streamed(bytes, pieces: size) == oneShot, "in pieces of \(size)")
        }
    }

    @Test func aDiagramTooWideIsShownAsSourceWithANoteAndADiagnostic() {
        let sink = DiagnosticCollector()
        let wide = "```mermaid\nflowchart TD\n  A --> B & C & D & E & F & G\n```\n"
        let lines = Self.renderer(width: 30, sink: sink).lines(for: wide)
        #expect(lines.allSatisfy { DisplayWidth.of($0.plainText) <= 30 })
        let text = Self.text(lines)
        #expect(text.contains("flowchart TD"))
        #expect(text.replacing("\n", with: " ").contains("columns too wide; shown as source"))
        #expect(sink.diagnostics.contains { if case .diagramShownAsSource = $0 { true } else { false } })
    }

    @Test func labelsAreSanitised() {
        let source = "flowchart TD\n  A[\"bell\u{7}\u{1B}[31m\"] --> B"
        guard case .success(let picture) = MermaidDiagram.draw(source, width: 60) else {
            Issue.record("not drawn")
            return
        }
        #expect(!picture.lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    static let otherTypes = """
        ```mermaid
        sequenceDiagram
          Alice->>Bob: Hello
          Bob-->>Alice: Hi
        ```

        ```mermaid
        stateDiagram-v2
          [*] --> Idle
          Idle --> Busy : job
        ```

        ```mermaid
        pie title Pets
          "Dogs" : 3
          "Cats" : 1
        ```

        """

    @Test func sequenceStateAndPieFencesAreDrawnAndStreamAsTheOneShotRender() {
        let text = Self.text(Self.renderer(width: 60).lines(for: Self.otherTypes))
        #expect(text.contains("│ Hello  │\n    │───────▶│"))
        #expect(text.contains("│ ● │"))
        #expect(text.contains("Dogs ██"))
        #expect(text.contains("75.0%"))
        #expect(!text.contains("sequenceDiagram") && !text.contains("stateDiagram") && !text.contains("pie title"))
        let bytes = Array(Self.otherTypes.utf8)
        let oneShot = MarkdownStreamTests.oneShot(bytes)
        for size in [1, 5, 13, bytes.count] {
            #expect(MarkdownStreamTests.streamed(bytes, pieces: size) == oneShot, "in pieces of \(size)")
        }
    }
}
