import FoundationEssentials
import MarkdownCore
import MarkdownFuzzing
import TestSupport
import Testing

/// Every input that once broke an invariant of the fuzz target (`make fuzz`) is kept in `Inputs/` and
/// replayed here through the same harness: none may break one again.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")

    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    static let harness = FuzzHarness()
    static let streamHarness = StreamFuzzHarness(oneShot: harness)

    @Test func regressionInputsExist() {
        #expect(Self.inputs.count >= 9)
    }

    @Test(arguments: inputs)
    func inputKeepsEveryInvariant(name: String) throws {
        let bytes = try FileReader.read(path: Self.directory.appendingPathComponent(name).path)
        let violations = Self.harness.violations(FuzzCase(bytes: bytes))
        #expect(violations.isEmpty, "\(name): \(violations)")
    }

    /// Every input, whichever target found it, also streams in pieces within the invariants.
    @Test(arguments: inputs)
    func inputStreamedInPiecesKeepsEveryInvariant(name: String) throws {
        let bytes = try FileReader.read(path: Self.directory.appendingPathComponent(name).path)
        let violations = Self.streamHarness.violations(FuzzCase(bytes: bytes))
        #expect(violations.isEmpty, "\(name): \(violations)")
    }
}

/// The stream target's own parts: how it cuts an input, and where it expects exactness.
@Suite struct StreamFuzzHarnessTests {
    @Test func thePlanCoversEveryByteInIncreasingPieces() {
        let bytes = Array(String(repeating: "word *emph* `code`\n", count: 1000).utf8)
        let plan = StreamFuzzHarness.plan(for: bytes)
        let sizes = zip([0] + plan.pieceEnds, plan.pieceEnds).map { $1 - $0 }
        #expect(plan.pieceEnds.last == bytes.count)
        #expect(sizes.allSatisfy { (1...4096).contains($0) })
        #expect(sizes.contains(1) && sizes.count > 10)
        #expect(plan.pieceEnds.count == plan.provisional.count)
    }

    @Test func thePlanDependsOnlyOnTheInput() {
        let bytes = Array("# Title\n\ntext\n".utf8)
        #expect(StreamFuzzHarness.plan(for: bytes) == StreamFuzzHarness.plan(for: bytes))
        #expect(StreamFuzzHarness.plan(for: bytes) != StreamFuzzHarness.plan(for: bytes + [0x0A]))
    }

    @Test func aLinkReferenceDefinitionIsTheDocumentedException() {
        #expect(!StreamExactness.isGuaranteed(for: "[a]\n\n[a]: https://x.org\n", options: ParseOptions()))
        #expect(StreamExactness.isGuaranteed(for: "a[^1]\n\n[^1]: note\n", options: ParseOptions()))
        #expect(StreamExactness.isGuaranteed(for: "plain *text*\n", options: ParseOptions()))
    }

    @Test func htmlEnclosingMarkdownBlocksIsCheckedForExactness() {
        let markdown = "<details>\n<summary>More</summary>\n\n- one\n\n</details>\n\nafter\n"
        #expect(StreamExactness.isGuaranteed(for: markdown, options: ParseOptions()))
        let fuzzCase = FuzzCase(width: 30, colorDepth: .trueColor, hyperlinks: true, markdown: markdown)
        #expect(FuzzRegressionTests.streamHarness.violations(fuzzCase).isEmpty)
    }

    @Test func aStreamOfAPlainDocumentKeepsEveryInvariant() {
        let fuzzCase = FuzzCase(
            width: 30, colorDepth: .trueColor, hyperlinks: true,
            markdown: "# T\n\n- a\n- b\n\n```swift\nlet x = 1\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(FuzzRegressionTests.streamHarness.violations(fuzzCase).isEmpty)
    }
}

/// The checks themselves can fail: each catches the defect it is for.
@Suite struct RenderInvariantsTests {
    @Test func tabInTextIsAViolation() {
        let found = RenderInvariants.violations(in: Array("a\tb\n".utf8), width: 80, colour: false)
        #expect(found.contains(.controlByte(line: 1, byte: 0x09, text: "a\tb")))
    }

    @Test func overlongLineIsAViolation() {
        let found = RenderInvariants.violations(in: Array("3\u{FE0F}\u{20E3}abc\n".utf8), width: 4, colour: false)
        #expect(found == [.lineTooWide(line: 1, width: 5, limit: 4, text: "3\u{FE0F}\u{20E3}abc")])
    }

    @Test func foreignEscapeIsAViolationWithColour() {
        let found = RenderInvariants.violations(
            in: Array("\u{1B}[1mok\u{1B}[0m \u{1B}]52;c;x\u{07}\n".utf8), width: 80, colour: true)
        #expect(found.contains { if case .controlByte(_, 0x1B, _) = $0 { true } else { false } })
    }

    @Test func ownSequencesAreNotViolations() {
        let output = "\u{1B}[38;2;1;2;3mred\u{1B}[0m \u{1B}]8;;https://x.org/a%20b\u{1B}\\link\u{1B}]8;;\u{1B}\\\n"
        #expect(RenderInvariants.violations(in: Array(output.utf8), width: 8, colour: true).isEmpty)
    }

    @Test func anyEscapeWithoutColourIsAViolation() {
        let found = RenderInvariants.violations(in: Array("\u{1B}[0mx\n".utf8), width: 80, colour: false)
        #expect(found.first == .escapeWithoutColour(offset: 0))
    }

    @Test func caseBytesRoundTrip() {
        for width in [4, 7, 11, 40, 80, 200] {
            let fuzzCase = FuzzCase(width: width, colorDepth: .palette256, hyperlinks: true, markdown: "# x")
            let decoded = FuzzCase(bytes: fuzzCase.bytes)
            #expect(decoded.markdown == "# x" && decoded.colorDepth == .palette256 && decoded.hyperlinks)
            #expect(abs(decoded.width - width) <= 1)
        }
    }
}

/// Every query text that once broke the query target's invariants (and the hostile seeds it starts from)
/// is kept in `QueryInputs/` and replayed here: each is read and used to highlight JSON within bounds.
@Suite struct QueryFuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("QueryInputs")

    static let inputs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test func queryInputsExist() {
        #expect(Self.inputs.count >= 8)
    }

    @Test(arguments: inputs)
    func queryInputKeepsEveryInvariant(name: String) throws {
        let harness: QueryFuzzHarness
        do {
            harness = try QueryFuzzHarness()
        } catch {
            Issue.record("the JSON grammar is not installed (run scripts/install-grammars.sh): \(error)")
            return
        }
        let bytes = try FileReader.read(path: Self.directory.appendingPathComponent(name).path)
        let violations = harness.violations(bytes)
        #expect(violations.isEmpty, "\(name): \(violations)")
    }
}
