import Testing

@testable import MarkdownCore

@Suite struct SequencePropertyTests {
    static let words = ["login", "数据库", "用户", "🚀 launch", "テスト", "ok", "cache ✅", "retry later", "a", "GET /api/v1"]
    static let arrows = ["->>", "-->>", "->", "-->", "-x", "--x", "-)", "--)"]

    /// A random sequence diagram: up to 8 participants and 30 messages, with CJK and emoji in names and
    /// texts, self-messages, notes, nested frames and activations (`+` on a message with text, so that
    /// one activation's end and the next one's start are never on neighbouring rows; `-` anywhere).
    static func randomSource(seed: UInt64) -> String {
        var random = FlowchartPropertyTests.Generator(state: seed)
        // Activations come from a stream of their own, so the rest of each seed's diagram stays as it was.
        var marks = FlowchartPropertyTests.Generator(state: seed &* 31 &+ 7)
        let count = 1 + random.next(8)
        var lines = ["sequenceDiagram"]
        if random.next(3) == 0 { lines.append("autonumber") }
        if random.next(4) == 0 { lines.append("  title \(words[random.next(words.count)]) chart") }
        for index in 0..<count where random.next(2) == 0 {
            let keyword = random.next(4) == 0 ? "actor" : "participant"
            lines.append("  \(keyword) p\(index) as \(words[random.next(words.count)]) \(index)")
        }
        var depth = 0
        for _ in 0..<random.next(31) {
            switch random.next(10) {
            case 0 where depth < 4:
                lines.append(
                    "  \(["loop", "alt", "opt", "par", "critical", "break"][random.next(6)]) \(words[random.next(words.count)])"
                )
                depth += 1
            case 1 where depth > 0:
                lines.append("  end")
                depth -= 1
            case 2:
                let a = random.next(count)
                let placement = ["left of p\(a)", "right of p\(a)", "over p\(a)", "over p\(a),p\(random.next(count))"][
                    random.next(4)]
                lines.append("  Note \(placement): \(words[random.next(words.count)])")
            default:
                let text = random.next(4) == 0 ? "" : ": \(words[random.next(words.count)]) \(random.next(100))"
                let mark = ["", "", "+", "-"][marks.next(4)]
                let activation = mark == "+" && text.isEmpty ? "" : mark
                lines.append(
                    "  p\(random.next(count))\(arrows[random.next(arrows.count)])\(activation)p\(random.next(count))\(text)"
                )
            }
        }
        lines += Array(repeating: "  end", count: depth)
        return lines.joined(separator: "\n")
    }

    @Test func randomSequencesReadBackOrFallBack() {
        var drawn = 0
        var total = 0
        for seed in UInt64(1)...80 {
            let source = Self.randomSource(seed: seed)
            for width in [60, 80, 120, 200] {
                total += 1
                if SequenceReadBackTests.check(source, width: width) { drawn += 1 }
            }
        }
        #expect(drawn * 2 >= total, "\(drawn) of \(total) drawn")
    }

    @Test func noLineIsWiderThanTheWidthEvenWhenNarrow() {
        for seed in UInt64(100)...130 {
            let source = Self.randomSource(seed: seed)
            for width in [20, 30, 40] {
                guard case .success(let picture) = MermaidDiagram.draw(source, width: width) else { continue }
                #expect(picture.lines.allSatisfy { DisplayWidth.of($0) <= width }, "seed \(seed) at \(width)")
            }
        }
    }
}
