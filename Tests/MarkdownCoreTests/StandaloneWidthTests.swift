import Testing

@testable import MarkdownCore

/// The wrapper measures text made of code points that stand alone without decoding it into grapheme
/// clusters; these tests hold that shortcut to the cluster-by-cluster measure.
@Suite struct StandaloneWidthTests {
    private static let ranges: [ClosedRange<UInt32>] = [
        0x00A0...0x02FF, 0x0370...0x0482, 0x048A...0x052F, 0x1D00...0x1DBF, 0x2010...0x2027, 0x2030...0x205E,
        0x2070...0x209F, 0x20A0...0x20CF, 0x2100...0x218F, 0x2190...0x23FF, 0x2460...0x24FF,
        0x2500...0x25FF, 0x27C0...0x27FF, 0x2900...0x2AFF, 0x2C60...0x2C7F, 0x3000...0x3029, 0x3030...0x303F,
        0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60,
        0x1D400...0x1D7FF,
    ]

    private func width(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { DisplayWidth.standaloneWidth($0)?.width }
    }

    @Test func everyStandaloneCodePointIsAClusterOfItsOwnBetweenNeighbours() {
        let neighbours: [Unicode.Scalar] = ["a", "\u{A0}", "α", "→", "∑", "中", "가", "𝑥", "ｘ", "ᵢ", "─"]
        var checked = 0
        for range in Self.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let before = neighbours[checked % neighbours.count]
                let after = neighbours[(checked / neighbours.count) % neighbours.count]
                let text = String(String.UnicodeScalarView([before, scalar, after]))
                #expect(text.count == 3, "U+\(String(value, radix: 16)) joins a neighbour")
                #expect(width(text) == DisplayWidth.of(text), "U+\(String(value, radix: 16))")
                checked += 1
            }
        }
        #expect(checked > 30_000)
    }

    @Test func textWithAJoiningCodePointIsLeftToClusterMeasurement() {
        #expect(width("e\u{301}") == nil)
        #expect(width("👍🏽") == nil)
        #expect(width("a\u{200D}b") == nil)
        #expect(width("\u{1100}\u{1161}") == nil)
        #expect(width("x\u{FE0F}") == nil)
        #expect(width("") == nil)
    }

    @Test func typesetMathIsMeasuredByItsCodePoints() {
        #expect(
            width("x²\u{A0}+\u{A0}y₁\u{A0}≤\u{A0}∑ᵢ\u{A0}𝔼[X]")
                == DisplayWidth.of("x²\u{A0}+\u{A0}y₁\u{A0}≤\u{A0}∑ᵢ\u{A0}𝔼[X]"))
        #expect(width("中文 αβ") == 7)
    }

    @Test func aWordAcrossRunsJoinsACombiningMarkToTheRunBefore() {
        // "é" as e + U+0301 split over two runs is one column; the standalone shortcut must not count
        // the mark's run on its own.
        let runs = [Span("ab α", style: .plain), Span("\u{301}βγ", style: .plain)]
        let lines = TextWrapper(width: 4).wrap(runs)
        #expect(lines.map { $0.map(\.text).joined() } == ["ab", "α\u{301}βγ"])
    }
}
