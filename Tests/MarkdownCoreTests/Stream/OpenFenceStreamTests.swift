import Testing

@testable import MarkdownCore

/// An open fenced code block in a stream (`OpenFenceTail`): new lines that only continue it are not
/// parsed, its provisional lines look as a parse would show them, and a line that may still close it is
/// not shown as code.
@Suite struct OpenFenceStreamTests {
    static let renderer = MarkdownStreamTests.renderer

    @Test func linesThatOnlyContinueAnOpenFenceFinishNothing() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var code = "```python\n"
        stream.feed(code)
        _ = stream.update(provisional: false)
        for index in 0..<500 {
            let line = "x = \(index)  # ~ `n`\n"
            code += line
            stream.feed(line)
            #expect(stream.update(provisional: false).final.isEmpty)
        }
        stream.feed("```\n\nAfter.\n")
        #expect(stream.update(provisional: false).final == Self.renderer.lines(for: code + "```"))
    }

    @Test func anOpenFenceShownProvisionallyIsReadWithoutParsingAndLooksAsParsed() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "```swift\n"
        stream.feed(text)
        _ = stream.update()
        for index in 0..<200 {
            let piece = index % 2 == 0 ? "let x\(index) = [1, 2]\t// *no* `markdown`" : " here\n"
            text += piece
            stream.feed(piece)
            #expect(stream.update().provisional == Self.renderer.lines(for: text))
        }
    }

    @Test func anOpenFenceReadAPieceAtATimeIsCleanedAsReadWhole() {
        var stream = MarkdownStream(renderer: Self.renderer)
        var text = "```\n"
        stream.feed(text)
        _ = stream.update()
        let pieces = ["a\u{1}b", "\u{7F} é", "\u{85}\n", "日本", "\t\u{1B}[31m\n", "last"]
        for piece in pieces {
            text += piece
            // Split inside the characters too: the decoder joins them.
            for byte in piece.utf8 { stream.feed([byte][...]) }
            #expect(stream.update().provisional == Self.renderer.lines(for: text), "after \(piece.debugDescription)")
        }
    }

    /// The parser rewrites a NUL and a carriage return, so a block holding one is parsed; the bytes read
    /// the fast way at earlier redraws are not read again, but those added are.
    @Test func aNULOrCarriageReturnArrivingInALongOpenFenceIsShownAsParsed() {
        for odd in ["\u{0}", "\r\n"] {
            var stream = MarkdownStream(renderer: Self.renderer)
            var text = "```c\n"
            stream.feed(text)
            _ = stream.update()
            for index in 0..<40 {
                let line = "int x\(index) = \(index);\n"
                text += line
                stream.feed(line)
                _ = stream.update()
            }
            text += "char c = 'a';" + odd + "int y;\n"
            stream.feed("char c = 'a';" + odd + "int y;\n")
            #expect(stream.update().provisional == Self.renderer.lines(for: text), "\(odd.debugDescription)")
        }
    }

    @Test func aLastLineThatMayBecomeTheClosingFenceIsNotShownAsCode() {
        var stream = MarkdownStream(renderer: Self.renderer)
        let text = "```swift\nlet x = 1\n"
        stream.feed(text + "  ``")
        #expect(stream.update().provisional == Self.renderer.lines(for: text))
        stream.feed("`")
        #expect(stream.update().provisional == Self.renderer.lines(for: text))
    }

    @Test func aLastLineThatCannotCloseTheFenceIsShownAsCode() {
        for partial in ["``x", "~~", "    ``"] {
            var stream = MarkdownStream(renderer: Self.renderer)
            let text = "```swift\nlet x = 1\n" + partial
            stream.feed(text)
            #expect(stream.update().provisional == Self.renderer.lines(for: text), "\(partial)")
        }
    }

    // MARK: Lineage

    /// The open fence read from `source`, parsed as a fenced `python` block: its code and lineage.
    private func openBlock(
        _ source: StreamSource, reading: inout OpenFenceTail.ReadCode?, lineages: inout Int
    ) -> (code: String, lineage: Int)? {
        let parsed = [Block.codeBlock(CodeBlock(info: "python", code: "", isFenced: true))]
        guard
            case .codeBlock(let block)? = OpenFenceTail.block(
                in: source, parsedAs: parsed, reading: &reading, lineages: &lineages),
            let reading
        else { return nil }
        return (block.code, reading.lineage)
    }

    @Test func anOpenFenceHandsOutItsGrowingCodeUnderOneLineage() throws {
        var source = StreamSource()
        var reading: OpenFenceTail.ReadCode?
        var lineages = 0
        source.append("```python\nx = 1\n")
        let first = try #require(openBlock(source, reading: &reading, lineages: &lineages))
        source.append("y = 2\n")
        let second = try #require(openBlock(source, reading: &reading, lineages: &lineages))
        #expect(second.lineage == first.lineage)
        #expect(second.code.hasPrefix(first.code) && second.code != first.code)
    }

    @Test func aSourceThatChangedOtherThanByAppendingStartsANewLineage() throws {
        var source = StreamSource()
        var reading: OpenFenceTail.ReadCode?
        var lineages = 0
        source.append("```python\nx = 1\n")
        let first = try #require(openBlock(source, reading: &reading, lineages: &lineages))
        source.replace(with: "```python\nz = 1\n")
        let second = try #require(openBlock(source, reading: &reading, lineages: &lineages))
        #expect(second.lineage != first.lineage)
        #expect(second.code == "z = 1")
    }
}
