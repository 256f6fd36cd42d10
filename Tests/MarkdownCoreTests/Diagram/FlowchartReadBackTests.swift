import Testing

@testable import MarkdownCore

@Suite struct FlowchartReadBackTests {
    @Test func aDrawnFlowchartReadsBackAsItsSource() {
        let source = """
            flowchart TD
                A[Start] --> B{Is it working?}
                B -->|Yes| C([Ship it])
                B -->|No| D[(Debug logs)]
                D --> E((Fix))
                E --> B
                C -.-> F>Celebrate]
                A ==> G{{Hexagon}}
                G --o H[/Para/]
                H --x C
                A <--> H
            """
        for width in [60, 80, 120, 200] { #expect(ReadBack.checkFlowchart(source, width: width)) }
    }

    @Test func everyShapeIsDrawnDistinctly() {
        let source = """
            graph LR
              a[rect] --> b(round) --> c([stadium]) --> d[[subroutine]] --> e[(database)] --> f((circle))
              g{diamond} --> h{{hexagon}} --> i>flag] --> j[/para/] --> k[\\alt\\] --> l[/trap\\] --> m[\\trapalt/]
            """
        #expect(ReadBack.checkFlowchart(source, width: 200))
        #expect(ReadBack.checkFlowchart(source, width: 60))
    }

    @Test func eachDirectionReadsBack() {
        for direction in ["TD", "TB", "BT", "LR", "RL"] {
            let source = "flowchart \(direction)\n  A --> B -- go --> C\n  A -.-> C\n  C ==> D\n  D --> A"
            for width in [40, 80] { #expect(ReadBack.checkFlowchart(source, width: width), "\(direction)") }
        }
    }

    /// Graphviz's dot, given the same nodes, labelled edges and clusters, draws 2 crossings over the
    /// corpus, both also in the order its ranks give (`scripts/compare-crossings.py`); mdview's own
    /// layout must draw no more.
    @Test func theCorpusIsDrawnWithNoMoreCrossingsThanGraphvizGives() {
        var crossings = 0
        for (_, source) in DiagramCorpus.flowcharts {
            guard case .success(let picture) = MermaidDiagram.draw(source, width: 120) else { continue }
            crossings += picture.lines.joined().filter { "┼╋╂┿".contains($0) }.count
        }
        #expect(crossings <= 2)
    }

    @Test func neighboursTurningTheSameWayDoNotCrossAndABackEdgeGoesRoundTheSide() {
        for source in [
            "flowchart TD\n  hub{Router} --> r1[Route one] & r2[Route two] & r3[Route three] & r4[Route four]",
            "flowchart TD\n  A --> B\n  A --- C\n  A -.-> D\n  A ==> E\n  B --o F\n  C --x F\n  D <--> F\n  E ---> F",
            "flowchart TD\n  s[Send] --> ok{Success?}\n  ok -->|no| w[Wait]\n  w --> s\n  ok -->|yes| f[Return]",
        ] {
            guard case .success(let picture) = MermaidDiagram.draw(source, width: 120) else {
                Issue.record("not drawn: \(source)")
                continue
            }
            #expect(
                !picture.lines.joined().contains { "┼╋╂┿".contains($0) }, "\(picture.lines.joined(separator: "\n"))")
            #expect(ReadBack.checkFlowchart(source, width: 120))
        }
    }
}
