import Testing

@testable import MarkdownCore

/// Flowchart subgraphs drawn as titled double-line frames round their nodes, nested ones inside.
@Suite struct SubgraphTests {
    static let charts: [(name: String, source: String)] = [
        (
            "pipeline stages",
            """
            flowchart TD
                subgraph CI [Continuous integration]
                    lint[Lint] --> test[Test]
                    test --> build[Build]
                end
                subgraph CD [Delivery]
                    stage[Staging] --> prod[Production]
                end
                push[Push] --> lint
                build --> stage
                prod --> done([Done])
            """
        ),
        (
            "nested",
            """
            flowchart TD
                subgraph cloud [Cloud]
                    lb[Load balancer]
                    subgraph app [App tier]
                        api1[API 1]
                        api2[API 2]
                    end
                    db[(Database)]
                end
                user((User)) --> lb
                lb --> api1 & api2
                api1 --> db
                api2 --> db
            """
        ),
        (
            "labelled edges inside",
            """
            flowchart TD
                start([Start]) --> check
                subgraph review [Code review 🔍]
                    check{Approved?} -->|yes| merge[Merge]
                    check -->|no| fix[Fix]
                end
                merge --> ship[Ship]
            """
        ),
        (
            "cjk titles",
            """
            flowchart TD
                subgraph 前端
                    页面 --> 组件
                end
                subgraph 后端
                    接口 --> 数据库[(数据库)]
                end
                组件 --> 接口
            """
        ),
        (
            "bottom up",
            """
            flowchart BT
                subgraph base [Base layer]
                    os[OS] --> runtime[Runtime]
                end
                runtime --> app[App]
            """
        ),
    ]

    @Test func subgraphsReadBackWithTheirMembers() {
        for (name, source) in Self.charts {
            var drawn = 0
            for width in [60, 80, 120, 200] where ReadBack.checkFlowchart(source, width: width) { drawn += 1 }
            #expect(ReadBack.checkFlowchart(source, width: 200), "\(name) is not drawn at 200 columns")
            #expect(drawn >= 2, "\(name) drawn at \(drawn) of 4 widths")
        }
    }

    @Test func aFrameIsTitledAndHoldsItsNodes() {
        guard case .success(let picture) = MermaidDiagram.draw(Self.charts[0].source, width: 80) else {
            Issue.record("not drawn")
            return
        }
        let text = picture.lines.joined(separator: "\n")
        #expect(text.contains(" Continuous integration ═"))
        #expect(text.contains("╔") && text.contains("╝"))
    }

    @Test func aLeftRightChartWithSubgraphsIsDrawnTopDown() {
        let source = "flowchart LR\n  subgraph a [Build]\n    x --> y\n  end\n  y --> z"
        #expect(ReadBack.checkFlowchart(source, width: 80))
        guard case .success(let picture) = MermaidDiagram.draw(source, width: 80) else { return }
        #expect(picture.lines.contains { $0.contains("▼") })
    }

    static let frameEdges: [(name: String, source: String)] = [
        (
            "into and out of a frame",
            """
            flowchart TD
                push[Push] --> ci
                subgraph ci [CI]
                    lint[Lint] --> test[Test]
                end
                ci -->|green| deploy([Deploy])
            """
        ),
        (
            "frame to frame, declared after use",
            """
            flowchart LR
                c1 --> one
                one --> two
                two -.- c2
                subgraph one
                    a1 --> a2
                end
                subgraph two [Stage two]
                    b1 --> b2
                end
            """
        ),
        (
            "into a nested frame",
            """
            flowchart BT
                user((User)) ==> app
                subgraph cloud [Cloud]
                    subgraph app [App tier]
                        api[API] --> worker[Worker]
                    end
                    db[(DB)]
                end
                worker --> db
            """
        ),
    ]

    @Test func edgesToASubgraphAreDrawnToItsFrame() {
        for (name, source) in Self.frameEdges {
            #expect(ReadBack.checkFlowchart(source, width: 80), "\(name) is not drawn at 80 columns")
            for width in [60, 120, 200] { ReadBack.checkFlowchart(source, width: width) }
        }
        guard case .success(let picture) = MermaidDiagram.draw(Self.frameEdges[0].source, width: 80) else { return }
        let text = picture.lines.joined(separator: "\n")
        #expect(text.contains("▼\n") && text.contains("╚") && !text.contains("┴"))
    }

    @Test func edgesIntoTheirOwnFrameAndEmptySubgraphsFallBack() {
        for source in [
            "flowchart TD\n  subgraph a\n    x --> y\n  end\n  x --> a",
            "flowchart TD\n  subgraph empty\n  end\n  x --> empty",
            "flowchart TD\n  subgraph empty\n  end\n  x --> y",
        ] {
            guard case .failure(.unsupported) = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("not a declared fallback: \(source)")
                continue
            }
        }
    }

    @Test func randomChartsWithEdgesToASubgraphReadBackOrFallBack() {
        var drawn = 0
        var total = 0
        for seed in UInt64(1)...40 {
            var lines = FlowchartPropertyTests.randomSource(seed: seed).split(separator: "\n").map(String.init)
            lines[0] = seed % 2 == 0 ? "flowchart TD" : "flowchart BT"
            let declared = lines.dropFirst().prefix { !$0.contains("-") && !$0.contains("=") }.count
            let members = 1 + Int(seed % UInt64(max(1, declared)))
            lines.insert("  end", at: 1 + members)
            lines.insert("  subgraph group [Group \(seed)]", at: 1)
            // An edge between the group and the last node declared (inside it, a declared fallback).
            let name = "n\(declared - 1)"
            lines.append(seed % 3 == 0 ? "  group -.-> \(name)" : "  \(name) -->|in| group")
            lines.append("  group ==> outside_\(seed)[Out]")
            let source = lines.joined(separator: "\n")
            // An edge between the group and a node inside it is refused while reading: a declared fallback.
            if (try? FlowchartParser.parse(source)) == nil {
                guard case .failure(.unsupported) = MermaidDiagram.draw(source, width: 80) else {
                    Issue.record("not a declared fallback: \(source)")
                    continue
                }
                total += 2
                continue
            }
            for width in [80, 200] {
                total += 1
                if ReadBack.checkFlowchart(source, width: width) { drawn += 1 }
            }
        }
        #expect(drawn * 20 >= total, "\(drawn) of \(total) drawn")
    }

    @Test func randomChartsWithASubgraphReadBackOrFallBack() {
        var drawn = 0
        var total = 0
        for seed in UInt64(1)...40 {
            var lines = FlowchartPropertyTests.randomSource(seed: seed).split(separator: "\n").map(String.init)
            lines[0] = seed % 2 == 0 ? "flowchart TD" : "flowchart BT"
            let declared = lines.dropFirst().prefix { !$0.contains("-") && !$0.contains("=") }.count
            let members = 1 + Int(seed % UInt64(max(1, declared)))
            lines.insert("  end", at: 1 + members)
            lines.insert("  subgraph group [Group \(seed) 🚀]", at: 1)
            if members > 2 {
                lines.insert("    end", at: 3)
                lines.insert("    subgraph inner [内层]", at: 2)
            }
            let source = lines.joined(separator: "\n")
            for width in [80, 200] {
                total += 1
                if ReadBack.checkFlowchart(source, width: width) { drawn += 1 }
            }
        }
        // Random members scattered over a random chart rarely leave room for a frame holding only them:
        // most are declared fallbacks, and every one drawn reads back.
        #expect(drawn * 20 >= total, "\(drawn) of \(total) drawn")
    }
}
