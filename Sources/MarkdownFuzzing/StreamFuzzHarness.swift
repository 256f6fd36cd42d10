import FoundationEssentials
import MarkdownCore
import TestSupport

/// The second fuzz target: the same input fed to a `MarkdownStream` in pieces of random sizes, with or
/// without provisional redraws between them, as `mdview --stream` reads a pipe.
///
/// What it checks: every provisional tail and the final output keep `RenderInvariants`, and wherever
/// `StreamExactness` promises it, the streamed bytes equal the one-shot render byte for byte. The piece
/// sizes and redraws come from a generator seeded by the input itself, so a failing input replays
/// exactly.
public struct StreamFuzzHarness: Sendable {
    private let oneShot: FuzzHarness
    /// The stream's own highlighter: a final code block that streamed takes its last provisional tokens,
    /// and a highlighter shared with the one-shot render would hand those to it from its cache.
    private let streaming: FuzzHarness

    public init(oneShot: FuzzHarness = FuzzHarness(), streaming: FuzzHarness = FuzzHarness()) {
        self.oneShot = oneShot
        self.streaming = streaming
    }

    /// How one input is cut: the end of each piece, and whether an update with the provisional tail
    /// follows it.
    public struct Plan: Equatable, Sendable {
        public var pieceEnds: [Int]
        public var provisional: [Bool]
    }

    /// The piece sizes (mostly small, sometimes a line or a whole buffer) and redraws for `bytes`.
    public static func plan(for bytes: [UInt8]) -> Plan {
        var generator = SplitMix(seed: bytes.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        let sizes = [1, 1, 2, 3, 5, 7, 11, 16, 64, 4096]
        var plan = Plan(pieceEnds: [], provisional: [])
        var end = 0
        while end < bytes.count {
            end = min(bytes.count, end + sizes[Int(generator.next() % UInt64(sizes.count))])
            plan.pieceEnds.append(end)
            plan.provisional.append(generator.next() & 1 == 0)
        }
        return plan
    }

    /// Every invariant the streamed rendering of `fuzzCase` breaks.
    public func violations(_ fuzzCase: FuzzCase) -> [RenderInvariants.Violation] {
        let renderer = streaming.renderer(for: fuzzCase)
        let bytes = Array(fuzzCase.markdown.utf8)
        let plan = Self.plan(for: bytes)
        let colour = fuzzCase.colorDepth != .none
        var stream = MarkdownStream(renderer: renderer, baseDirectory: FuzzHarness.baseDirectory)
        var final: [StyledLine] = []
        var found: [RenderInvariants.Violation] = []
        var start = 0
        for (end, provisional) in zip(plan.pieceEnds, plan.provisional) {
            stream.feed(bytes[start..<end])
            start = end
            let update = stream.update(provisional: provisional)
            final += update.final
            if let broken = (update.final + update.provisional).first(where: Self.holdsLineBreak) {
                found.append(.lineBreakInsideLine(text: broken.plainText))
            }
            if found.isEmpty && !update.provisional.isEmpty {
                found += RenderInvariants.violations(
                    in: stream.bytes(for: update.provisional), width: fuzzCase.width, colour: colour)
            }
        }
        final += stream.finish()
        if let broken = final.first(where: Self.holdsLineBreak) {
            found.append(.lineBreakInsideLine(text: broken.plainText))
        }
        let streamed = stream.bytes(for: final)
        found += RenderInvariants.violations(in: streamed, width: fuzzCase.width, colour: colour)
        if StreamExactness.isGuaranteed(for: fuzzCase.markdown, options: renderer.parseOptions) {
            let expected = oneShot.render(fuzzCase)
            if streamed != expected {
                let offset =
                    streamed.indices.first { $0 >= expected.count || streamed[$0] != expected[$0] } ?? streamed.count
                found.append(.streamedDiffers(firstDifference: offset))
            }
        }
        return found
    }
}

extension StreamFuzzHarness {
    /// Whether a laid-out line holds a line break in its text.
    static func holdsLineBreak(_ line: StyledLine) -> Bool {
        line.spans.contains { span in span.text.utf8.contains { $0 == 0x0A || $0 == 0x0D } }
    }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
