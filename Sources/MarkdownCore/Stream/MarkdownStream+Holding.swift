/// Complete blocks that wait for a definition (`HeldBlocks`): held out of the source, and returned as
/// final once a definition that joins them lets the first of them be.
extension MarkdownStream {
    /// Holds the complete blocks `blocks`, whose source text is `region`, behind the blocks held already;
    /// when `region` may define something, returns as final the held blocks that no longer wait.
    mutating func hold(_ region: ArraySlice<UInt8>, blocks: [Block], into final: inout [StyledLine]) {
        let text = Substring(decoding: region, as: UTF8.self)
        let lines = heldRenderer.lines(for: Document(blocks: blocks), baseDirectory: baseDirectory)
        if held == nil {
            held = HeldBlocks(text: "", blocks: [], lines: [], prelude: prelude)
        }
        held?.append(text, blocks: blocks, lines: lines)
        // The tail after them sees their definitions, as in the whole input.
        prelude.absorb(region)
        if DefinitionPrelude.mayHoldDefinition(region) { releaseHeld(into: &final) }
    }

    /// Parses the held blocks again behind their prelude and returns as final those before the first
    /// that still waits for a definition.
    private mutating func releaseHeld(into final: inout [StyledLine]) {
        guard var held else { return }
        let parse = parse(held.text, behind: held.prelude)
        var ready: [(block: Block, line: Int, highestFootnote: Int)] = []
        var waitingLine: Int?
        for (block, line) in parse.blocks {
            let scan = ReferenceScan([block])
            if scan.mayAwaitDefinition {
                waitingLine = line
                break
            }
            ready.append((block, line, scan.highestFootnote))
        }
        // Two blocks may start on one line (a table that interrupts a paragraph): what waits takes both.
        if let waitingLine { ready.removeAll { $0.line >= waitingLine } }
        guard !ready.isEmpty else { return }
        let highestFootnote = ready.map(\.highestFootnote).max() ?? 0
        append(renderer.lines(for: Document(blocks: ready.map(\.block)), baseDirectory: baseDirectory), to: &final)
        var labels = held.prelude.footnoteLabels
        if highestFootnote > labels.count { labels = parse.footnoteLabels(highestFootnote) }
        guard let waitingLine else {
            // The stream's prelude holds their regions already; it now numbers their footnotes too.
            prelude.footnoteLabels = labels
            self.held = nil
            return
        }
        let bytes = Array(held.text.utf8)
        let offset = StreamSource.offset(ofLine: waitingLine, in: bytes[...])
        held.prelude.absorb(bytes[..<offset])
        held.prelude.footnoteLabels = labels
        held.text = String(decoding: bytes[offset...], as: UTF8.self)
        held.blocks = parse.blocks.filter { $0.line >= waitingLine }.map(\.block)
        held.lines = heldRenderer.lines(for: Document(blocks: held.blocks), baseDirectory: baseDirectory)
        self.held = held
    }
}
