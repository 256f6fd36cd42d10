import Testing

@testable import MarkdownCore

@Suite struct FlowchartPropertyTests {
    /// A small deterministic generator (SplitMix64), so that a failure names its seed.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((value ^ (value >> 31)) % UInt64(max(1, bound)))
        }
    }

    static let words = [
        "build", "deploy", "数据库", "用户", "🚀 launch", "テスト", "check", "cache ✅", "queue", "a", "long step name",
    ]
    static let links = ["-->", "---", "-.->", "==>", "--o", "--x", "<-->", "--->", "-.-", "==="]
    static let shapes = [
        ("[", "]"), ("(", ")"), ("([", "])"), ("[[", "]]"), ("[(", ")]"), ("((", "))"), ("{", "}"), ("{{", "}}"),
        (">", "]"), ("[/", "/]"),
    ]

    /// A random flowchart's source: up to 30 nodes with CJK and emoji in their labels, random edges.
    static func randomSource(seed: UInt64) -> String {
        var random = Generator(state: seed)
        let direction = ["TD", "LR", "BT", "RL"][random.next(4)]
        let count = 1 + random.next(30)
        var lines = ["flowchart \(direction)"]
        for node in 0..<count {
            let shape = shapes[random.next(shapes.count)]
            lines.append("  n\(node)\(shape.0)\"\(words[random.next(words.count)]) \(node)\"\(shape.1)")
        }
        for _ in 0..<random.next(count * 2) {
            let from = random.next(count)
            var to = random.next(count)
            if to == from { to = (to + 1) % count }
            guard to != from else { continue }
            let label = random.next(3) == 0 ? "|\(words[random.next(words.count)])|" : ""
            lines.append("  n\(from) \(links[random.next(links.count)])\(label) n\(to)")
        }
        return lines.joined(separator: "\n")
    }

    @Test func randomFlowchartsReadBackOrFallBack() {
        var drawn = 0
        var total = 0
        for seed in UInt64(1)...60 {
            let source = Self.randomSource(seed: seed)
            for width in [60, 80, 120, 200] {
                total += 1
                if ReadBack.checkFlowchart(source, width: width) { drawn += 1 }
            }
        }
        // Most random charts fit somewhere; the rest are declared fallbacks.
        #expect(drawn * 3 >= total, "\(drawn) of \(total) drawn")
    }

    @Test func theCorpusReadsBackAtEveryWidth() {
        var drawn = 0
        for (name, source) in DiagramCorpus.flowcharts {
            for width in [60, 80, 120, 200] where ReadBack.checkFlowchart(source, width: width) { drawn += 1 }
            #expect(ReadBack.checkFlowchart(source, width: 200), "\(name) is not drawn at 200 columns")
        }
        #expect(drawn >= DiagramCorpus.flowcharts.count * 3)
    }

    @Test func fallbacksAreDeclared() {
        for (name, source) in DiagramCorpus.fallbacks {
            guard case .failure = MermaidDiagram.draw(source, width: 80) else {
                Issue.record("\(name) was drawn")
                continue
            }
        }
    }
}
