import Testing

@testable import MarkdownCore

/// The wrapper measures text made of code points that stand alone without decoding it into grapheme
/// clusters; these tests hold that shortcut to the cluster-by-cluster measure.
@Suite struct StandaloneWidthTests {
    private func width(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { DisplayWidth.standaloneWidth($0)?.width }
    }

    @Test func everyStandaloneCodePointIsAClusterOfItsOwnBetweenNeighbours() {
        let neighbours: [Unicode.Scalar] = ["a", "\u{A0}", "α", "→", "∑", "中", "가", "𝑥", "ｘ", "ᵢ", "─"]
        var checked = 0
        for range in DisplayWidth.standaloneRanges {
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

    @Test func theOneColumnShortcutHoldsExactlyTheStandaloneCodePointsOneColumnWide() {
        var mismatches: [UInt32] = []
        var narrow = 0
        for value in UInt32(0x300)...0x1D7FF {
            let listed = DisplayWidth.contains(bounds: DisplayWidth.narrowStandaloneBounds, value)
            let expected = Unicode.Scalar(value).map { DisplayWidth.standsAlone(value) && DisplayWidth.of($0) == 1 }
            if listed != (expected ?? false) { mismatches.append(value) }
            if listed { narrow += 1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { String($0, radix: 16) })")
        #expect(narrow > 3_000)
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
