extension HTMLInterpreter {
    /// Consecutive top-level blocks that interpreting HTML reads as one piece, and what they become.
    struct Run: Equatable {
        /// The blocks of the input the run covers.
        var range: Range<Int>
        /// Those blocks interpreted.
        var blocks: [Block]
    }

    /// How often one run is read again to find whether it ends after one of its HTML blocks.
    static let maximumRunChecks = 8

    /// `blocks` interpreted as `blocks(_:)` interprets them, cut into runs that can each be interpreted
    /// alone, by the test `leavesNoElementOpen` makes for a large document's sections: a run ends where
    /// the HTML read so far leaves no element open (before a block whose placeholder arrives so, after
    /// a block whose placeholder leaves none open, after an HTML block that leaves none open and no text
    /// waiting). So a block outside every element is a run of its own, and an HTML block that opens an
    /// element starts a run that holds the blocks up to the one that closes it: what lets a stream write
    /// a run as final once it is closed, and hold it until then.
    ///
    /// `lastRunIsOpen`: an element is still open (or text waits) after the last block, so blocks that
    /// follow would join the last run. One reading of the whole HTML finds the cuts at placeholders;
    /// between two HTML blocks a run is read again, at most `maximumRunChecks` times a run: linear.
    func runs(_ blocks: [Block]) -> (runs: [Run], lastRunIsOpen: Bool) {
        let inner = blocks.map(interpretingContent)
        let alone = {
            (
                runs: inner.enumerated().map { Run(range: $0.offset..<$0.offset + 1, blocks: $0.element) },
                lastRunIsOpen: false
            )
        }
        let interpreted = inner.flatMap { $0 }
        guard interpreted.contains(where: Self.isHTMLBlock) else { return alone() }
        // `inner` flattened, and which block of `blocks` each of them comes from.
        var owner: [Int] = []
        for (index, produced) in inner.enumerated() { owner += repeatElement(index, count: produced.count) }
        var html = Self.placeholderHTML(interpreted)
        html += "<\(HTMLTreeBuilder.blockPlaceholder) n=\"end\"></\(HTMLTreeBuilder.blockPlaceholder)>\n"
        guard let tokens = HTMLTokenReader.tokens(html) else { return alone() }
        // cutBefore[i]: a run starts at blocks[i].
        var cutBefore = [Bool](repeating: false, count: blocks.count + 1)
        var arrived = [Bool](repeating: false, count: interpreted.count)
        var lastRunIsOpen = true
        var builder = HTMLTreeBuilder(stripping: stripping, markdownBlocks: interpreted)
        var current: Int?
        for token in tokens {
            if case .start(let name, let attributes) = token, name == HTMLTreeBuilder.blockPlaceholder {
                if attributes["n"] == "end" {
                    lastRunIsOpen = !builder.isAtTopLevel || !builder.holdsNoText
                    break
                }
                if let index = attributes["n"].flatMap(Int.init), interpreted.indices.contains(index), !arrived[index] {
                    arrived[index] = true
                    current = index
                    if builder.isAtTopLevel && (index == 0 || owner[index - 1] != owner[index]) {
                        cutBefore[owner[index]] = true
                    }
                }
            }
            builder.consume(token)
            if case .end(let name) = token, name == HTMLTreeBuilder.blockPlaceholder, let index = current {
                current = nil
                if builder.isAtTopLevel && (index == interpreted.count - 1 || owner[index + 1] != owner[index]) {
                    cutBefore[owner[index] + 1] = true
                }
            }
        }
        // Between two HTML blocks no placeholder arrives: the run so far is read alone to tell whether
        // it leaves an element open, a few times a run (an element open across many blocks is not read
        // again and again: its run simply goes on).
        var offsets = [0]
        for produced in inner { offsets.append(offsets[offsets.count - 1] + produced.count) }
        var runStart = 0
        var checks = 0
        for index in blocks.indices.dropLast() {
            if cutBefore[index] {
                runStart = index
                checks = 0
            }
            guard !cutBefore[index + 1], Self.isHTMLBlock(blocks[index]), checks < Self.maximumRunChecks else {
                continue
            }
            checks += 1
            let run = Array(interpreted[offsets[runStart]..<offsets[index + 1]])
            if Self.leavesNoElementOpen(run, stripping: stripping) {
                cutBefore[index + 1] = true
            }
        }
        // A placeholder the HTML swallowed (inside an attribute, say) is appended after everything else:
        // no run may end after it.
        if let swallowed = interpreted.indices.first(where: { !arrived[$0] && !Self.isHTMLBlock(interpreted[$0]) }) {
            for index in (owner[swallowed] + 1)..<cutBefore.count { cutBefore[index] = false }
            lastRunIsOpen = true
        }
        var runs: [Run] = []
        var start = 0
        var interpretedStart = 0
        for end in 1...blocks.count where end == blocks.count || cutBefore[end] {
            let count = inner[start..<end].reduce(0) { $0 + $1.count }
            runs.append(
                Run(range: start..<end, blocks: joined(Array(interpreted[interpretedStart..<interpretedStart + count])))
            )
            start = end
            interpretedStart += count
        }
        return (runs, lastRunIsOpen)
    }
}
