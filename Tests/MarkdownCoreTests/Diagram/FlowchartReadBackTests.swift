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
}
