import FoundationEssentials
import Testing

@testable import MarkdownCore

@Suite struct ParallelLayoutTests {
    /// A document large enough to be laid out in parallel, with every kind of block and footnotes.
    static let large: String = {
        var text = "---\ntitle: big\n---\n"
        for i in 0..<400 {
            text +=
                "## Section \(i)\n\nParagraph \(i) with a footnote[^n\(i % 7)] and *text* that wraps around the line.\n\n"
            text +=
                "- item \(i)\n  - nested\n\n> quote \(i)\n\n```swift\nlet x = \(i)\n```\n\n| a | b |\n|---|---|\n| \(i) | x |\n\n"
        }
        for n in 0..<7 { text += "[^n\(n)]: Note \(n).\n" }
        return text
    }()

    @Test func parallelRenderingEqualsSequentialLayout() {
        for depth in [ColorDepth.none, .trueColor] {
            let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 70, colorDepth: depth))
            var bytes: [UInt8] = []
            renderer.render(Self.large) { bytes += $0 }
            var sequential: [UInt8] = []
            TerminalWriter(colorDepth: depth, hyperlinks: false).write(
                renderer.lines(for: Self.large), into: &sequential)
            #expect(bytes == sequential)
        }
    }

    @Test func aLargeDocumentIsLaidOutInSeveralPiecesOnlyWhenThereAreSeveralCores() {
        let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 70, colorDepth: .trueColor))
        #expect(DocumentConverter().document(from: Self.large).blocks.count >= MarkdownRenderer.parallelLayoutThreshold)
        let pieces = renderer.render(Self.large) { _ in }.timings.pieces
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(pieces > 1)
        } else {
            #expect(pieces == 1)
        }
    }

    @Test func aSmallDocumentIsLaidOutInOnePiece() {
        let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 70, colorDepth: .trueColor))
        #expect(renderer.render("# Title\n\ntext\n") { _ in }.timings.pieces == 1)
    }

    @Test func longSingleBlockOutputIsWrittenInSlicesThatJoinToTheSameBytes() {
        let code = (0..<800).map { "line \($0) of code" }.joined(separator: "\n")
        let markdown = "# Title\n\n```\n\(code)\n```\n"
        let renderer = MarkdownRenderer(capabilities: TerminalCapabilities(width: 60, colorDepth: .trueColor))
        var bytes: [UInt8] = []
        #expect(renderer.render(markdown) { bytes += $0 }.timings.pieces == 1)
        var sequential: [UInt8] = []
        TerminalWriter(colorDepth: .trueColor, hyperlinks: false).write(
            renderer.lines(for: markdown), into: &sequential)
        #expect(bytes == sequential)
    }

    @Test func longOutputIsCutIntoSeveralWriteSlicesOnlyWhenThereAreSeveralCores() {
        let pieces = [(0..<800).map { StyledLine([Span("line \($0)")]) }]
        let slices = MarkdownRenderer.writeChunks(pieces).count
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(slices > 1)
        } else {
            #expect(slices == 1)
        }
    }

    @Test func writeChunksCoverEveryLineOnceInOrder() {
        let pieces: [[StyledLine]] = [
            (0..<300).map { StyledLine([Span("a\($0)", style: .plain)]) }, [.blank],
            (0..<5).map { StyledLine([Span("b\($0)", style: .plain)]) },
        ]
        let joined = MarkdownRenderer.writeChunks(pieces).flatMap { Array($0) }
        #expect(joined == pieces.flatMap { $0 })
    }
}
