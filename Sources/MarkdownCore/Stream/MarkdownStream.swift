import FoundationEssentials

/// Renders Markdown that arrives in pieces (a language model's answer, a build log) as it arrives,
/// incrementally and exactly: the library half of `mdview --stream`, with no terminal code inside.
///
/// Feed it bytes or text; `update()` hands back the lines of the top-level blocks that became final
/// (a block is final once a line that starts another top-level block has arrived), and, if asked, the
/// provisional lines of the unfinished rest; `finish()` ends the input. Each update parses only the text
/// from the start of the first unfinished top-level block, behind a prelude carrying the link reference
/// and footnote definitions seen so far (`DefinitionPrelude`): final blocks are never parsed again and
/// are dropped once returned, so an endless stream of short paragraphs runs in constant memory. The
/// open block is parsed whole from its first line at each update (an open table a row at a time:
/// `TailContinuation.table`, `openTableTail()`), and updates are paced by their measured cost
/// (`updateDue`), so that a very long open list or quote costs fewer redraws, not more of a core. Each
/// batch of final blocks goes through the same stages as `MarkdownRenderer` (parse → resolve → layout).
///
/// Exactness: the concatenated `final` lines of every update and `finish()` equal
/// `MarkdownRenderer.lines(for:)` of the whole input, except for a block that was final before a link
/// reference definition it uses arrived. (A block that shows `[^` as text waits, since a footnote
/// definition may still come; the footnotes section is written by `finish()`.) HTML is interpreted in
/// the runs the whole document reads as one piece (`HTMLInterpreter.runs(_:)`): the blocks from an HTML
/// block that opens an element (`<details>`, `<div align="center">`) stay unfinished until its closing
/// tag arrives, or to the end of input if it never does.
public struct MarkdownStream: Sendable {
    /// The renderer whose stages and options every block goes through.
    public private(set) var renderer: MarkdownRenderer
    /// The directory relative links and images resolve against.
    public let baseDirectory: URL?

    private var decoder = UTF8StreamDecoder()
    var source = StreamSource()
    var prelude = DefinitionPrelude()
    /// Whether front matter was written or is known to be absent (`settleFrontMatter`).
    var frontMatterSettled = false
    /// Whether any final line was returned (the next block is then preceded by a blank line).
    private(set) var emittedAny = false
    /// How far `source` was examined for final blocks: twice the length of the complete lines, plus
    /// one once the unfinished line's start was settled.
    private var examinedKey = 0
    /// The length of `source` examined last.
    private var examinedLength = 0
    /// What the one unfinished block is, when new lines can be checked without parsing.
    var openTail: TailContinuation?
    /// The tail's blocks as last parsed from complete lines only, with the source length they cover.
    var lastTail: (blocks: [Block], length: Int)?
    /// Complete blocks waiting for a definition, and every complete block after them (`HeldBlocks`).
    var held: HeldBlocks?
    /// The source generation in which a paragraph and the table that interrupted it did not parse apart
    /// (`interruptedTableHeaderLine`), so that they are not tried again while that tail grows.
    var interruptedTableRefusal: Int?
    /// All incremental state of the unfinished tail, this stream's alone: a copy of the stream takes a
    /// copy of it before either changes it (`ownOpenBlock()`).
    private(set) var openBlock = OpenBlockState()
    /// The clock highlighting and updates are paced on (a test's own; the continuous clock by default).
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    /// When the next update is worth making, from the cost of the last one (`updateDue`).
    private var nextUpdateDue: ContinuousClock.Instant?

    public init(renderer: MarkdownRenderer, baseDirectory: URL? = nil) {
        self.renderer = renderer
        self.baseDirectory = baseDirectory
    }

    /// The layout width; changing it affects what is laid out from then on.
    public var width: Int {
        get { renderer.capabilities.width }
        set {
            ownOpenBlock()
            renderer.capabilities.width = newValue
            if let blocks = held?.blocks {
                let lines = heldRenderer.lines(for: Document(blocks: blocks), baseDirectory: baseDirectory)
                held?.lines = lines
            }
        }
    }

    /// How much text the stream holds besides definitions: the unfinished tail (tests check that final
    /// blocks are dropped).
    public var pendingByteCount: Int { source.count + (held?.text.utf8.count ?? 0) }

    /// Whether a growing code block's highlighting is paced (`HighlightPacer`): its newest lines may show
    /// plain for a moment (at most 15 lines), the update then naming when to redraw them coloured
    /// (`StreamUpdate.refreshBy`). On by default; off, every provisional update is highlighted in full.
    public var pacesHighlighting = true

    /// When the growing code block's next highlight is due (nil when none is paced): a provisional update
    /// before then shows the block's new lines plain (and names this instant as `refreshBy`), so a caller
    /// that may choose when to update can wait for it.
    public var highlightDue: ContinuousClock.Instant? {
        pacesHighlighting ? openBlock.update { $0.pacer.nextHighlightDue } : nil
    }

    /// Whether a live region `rows` high shows `width`-column code paced without ever scrolling its plain
    /// lines out of reach (the region is one row shorter than the screen).
    public static func pacedHighlightingFits(rows: Int, width: Int) -> Bool {
        rows - 1 >= HighlightPacer.mostPlainRows(width: width)
    }

    /// How many times an update's cost a caller should wait before the next update: updates then take at
    /// most a ninth of a core, whatever the open block. An update parses and lays out the whole open block,
    /// so one of a list thousands of items long costs milliseconds; it is then redrawn less often instead.
    /// An answer's updates cost well under a millisecond, and wait for the throttle, not for this.
    static let updateIdleFactor = 8

    /// The earliest instant the next update is worth making: the last update's end plus
    /// `updateIdleFactor` times its cost (nil before the first). A caller that chooses when to update (a
    /// terminal's redraws) waits for it; one that updates sooner gets the same lines, at more cost.
    public var updateDue: ContinuousClock.Instant? { nextUpdateDue }

    /// Bytes as they were read: UTF-8 split across two calls is joined; invalid bytes become U+FFFD.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        let text = decoder.decode(bytes)
        if !text.isEmpty { source.append(text) }
    }

    public mutating func feed(_ text: String) {
        feed(Array(text.utf8))
    }

    /// The lines that became final since the last call and, when `provisional`, the unfinished tail's.
    public mutating func update(provisional: Bool = true) -> StreamUpdate {
        let started = now()
        defer {
            let ended = now()
            nextUpdateDue = ended.advanced(by: started.duration(to: ended) * Double(Self.updateIdleFactor))
        }
        ownOpenBlock()
        var final: [StyledLine] = []
        guard settleFrontMatter(atEnd: false, into: &final) else {
            let pending = provisional ? provisionalRenderer.lines(for: source.text(upTo: source.count)) : []
            return StreamUpdate(final: final, provisional: pending)
        }
        // A line whose first character is a letter starts (or continues) a paragraph however it goes
        // on, so it already settles which blocks are closed.
        let complete = source.completeLength(atEnd: false)
        let settled = source.startsWithLetter(from: complete) ? source.count : complete
        let key = complete * 2 + (settled > complete ? 1 : 0)
        if key > examinedKey {
            examinedKey = key
            if let openTail, openTail.cannotClose(source, from: examinedLength, to: settled) {
                // No new line can have closed the tail or started another block: no parse needed.
                examinedLength = settled
            } else {
                emitFinalBlocks(upTo: settled, atEnd: false, into: &final)
            }
        }
        guard provisional, !source.isEmpty else { return StreamUpdate(final: final) }
        _ = openBlock.update { $0.pacer.takeRefreshDeadline() }
        let tail = provisionalLines()
        let heldLines = held?.lines ?? []
        var lines = tail
        if emittedAny || !heldLines.isEmpty {
            // Built once, in order: a blank line inserted in front of a long tail copied all of it again.
            lines = []
            lines.reserveCapacity(heldLines.count + tail.count + 2)
            if emittedAny && !(heldLines.isEmpty && tail.isEmpty) { lines.append(.blank) }
            lines += heldLines
            if !heldLines.isEmpty && !tail.isEmpty { lines.append(.blank) }
            lines += tail
        }
        return StreamUpdate(
            final: final, provisional: lines, refreshBy: openBlock.update { $0.pacer.takeRefreshDeadline() })
    }

    /// The unfinished tail parsed (behind the prelude) and laid out; an open fence is read from the
    /// source and an open table parsed from its last row, without a parse of the whole block.
    private mutating func provisionalLines() -> [StyledLine] {
        let tail: [Block]
        if let lastTail, lastTail.length == source.count {
            tail = lastTail.blocks
        } else if case .openFence? = openTail, let lastTail, let block = readOpenFence(parsedAs: lastTail.blocks) {
            tail = [block]
        } else if let blocks = openTableTail() {
            tail = blocks
        } else {
            openBlock.update { $0.fence = nil }
            tail = parseTail(upTo: source.count).blocks.map(\.block)
        }
        return provisionalRenderer.lines(for: Document(blocks: tail), baseDirectory: baseDirectory)
    }

    /// The open fence read straight from the source (`OpenFenceTail`), its tail parsed as `blocks`.
    private func readOpenFence(parsedAs blocks: [Block]) -> Block? {
        let source = source
        return openBlock.update {
            OpenFenceTail.block(in: source, parsedAs: blocks, reading: &$0.fence, lineages: &$0.lineages)
        }
    }

    /// Makes the open-block state this stream's alone (a copy of the stream shares it until then).
    private mutating func ownOpenBlock() {
        if !isKnownUniquelyReferenced(&openBlock) { openBlock = openBlock.copy() }
    }

    /// Ends the input: the remaining lines, every block now final, and the footnotes section.
    public mutating func finish() -> [StyledLine] {
        let rest = decoder.finish()
        if !rest.isEmpty { source.append(rest) }
        if let held {
            // Parsed once more with everything after them, behind the prelude they were parsed behind.
            source.replace(with: held.text + source.text(upTo: source.count))
            prelude = held.prelude
            self.held = nil
        }
        var final: [StyledLine] = []
        _ = settleFrontMatter(atEnd: true, into: &final)
        let footnotes = emitFinalBlocks(upTo: source.count, atEnd: true, into: &final)
        let lines = renderer.lines(for: Document(blocks: [], footnotes: footnotes), baseDirectory: baseDirectory)
        append(lines, to: &final)
        return final
    }

    /// The bytes `mdview` writes for `lines` with this renderer's colour depth and hyperlinks.
    public func bytes(for lines: [StyledLine]) -> [UInt8] {
        var out: [UInt8] = []
        TerminalWriter(colorDepth: renderer.capabilities.colorDepth, hyperlinks: renderer.capabilities.hyperlinks)
            .write(lines, into: &out)
        return out
    }

    // MARK: Stages

    /// The stages of held blocks (`HeldBlocks`): the unfinished tail's, without its open-block state,
    /// since they are complete.
    var heldRenderer: ProvisionalRenderer {
        ProvisionalRenderer(renderer: renderer, open: OpenBlockState(), paces: false, now: now)
    }

    /// The stages of the unfinished tail, through this stream's open-block state.
    var provisionalRenderer: ProvisionalRenderer {
        ProvisionalRenderer(renderer: renderer, open: openBlock, paces: pacesHighlighting, now: now)
    }

    mutating func append(_ lines: [StyledLine], to final: inout [StyledLine]) {
        guard !lines.isEmpty else { return }
        if emittedAny { final.append(.blank) }
        final += lines
        emittedAny = true
    }

    /// Finds the blocks the complete lines up to `length` make final, returns their lines in `final`
    /// and drops their text (keeping what may define something). At the end of input every block is
    /// final; the footnotes to show at the end are returned.
    @discardableResult
    private mutating func emitFinalBlocks(upTo length: Int, atEnd: Bool, into final: inout [StyledLine])
        -> [FootnoteDefinition]
    {
        var parse = parseTail(upTo: length)
        // Every top-level block but the last is closed: a line that starts another one has arrived.
        var cutLine = atEnd ? Int.max : (parse.starts.count >= 2 ? parse.starts[parse.starts.count - 1] : 1)
        // HTML that joins blocks into one run (`<details>` … `</details>`) holds them all until it closes:
        // the run is final once the element closed and the block after it started.
        if !atEnd, let run = parse.lastRun, run.isOpen || run.lastBlockLine >= cutLine {
            cutLine = min(cutLine, run.startLine)
        }
        // A table that interrupted a paragraph starts on its header row's line, so the paragraph is final.
        if !atEnd, let headerLine = interruptedTableHeaderLine(in: parse, cutLine: cutLine, upTo: length) {
            parse.blocks[parse.blocks.count - 1].line = headerLine
            cutLine = headerLine
        }
        // The line from which complete blocks are held (`HeldBlocks`): all of them while some are.
        var holdLine: Int? = held == nil ? nil : 1
        var ready: [(block: Block, line: Int, highestFootnote: Int)] = []
        for (block, line) in parse.blocks where line < cutLine && holdLine == nil {
            let scan = ReferenceScan([block])
            if scan.mayAwaitDefinition && !atEnd {
                holdLine = line
                break
            }
            ready.append((block, line, scan.highestFootnote))
        }
        // Only blocks that start before the cut are final: two blocks may start on one line (a table
        // that interrupts a paragraph has the paragraph's line), and what waits takes both.
        ready.removeAll { $0.line >= min(cutLine, holdLine ?? .max) }
        let finalBlocks = ready.map(\.block)
        let highestFootnote = ready.map(\.highestFootnote).max() ?? 0
        lastTail = (parse.blocks.filter { $0.line >= cutLine }.map(\.block), length)
        examinedLength = length
        if !finalBlocks.isEmpty {
            append(renderer.lines(for: Document(blocks: finalBlocks), baseDirectory: baseDirectory), to: &final)
        }
        if atEnd {
            source = StreamSource()
            examinedKey = 0
            examinedLength = 0
            openTail = nil
            lastTail = nil
            return parse.document.footnotes
        }
        guard cutLine > 1 else {
            openTail = TailContinuation(tail: lastTail?.blocks ?? [], source: source, length: length)
            return []
        }
        let offset = source.offset(ofLine: cutLine)
        let heldOffset = holdLine.map { source.offset(ofLine: $0) } ?? offset
        prelude.absorb(source.bytes[..<heldOffset])
        let numbered = max(prelude.footnoteLabels.count, highestFootnote)
        if numbered > prelude.footnoteLabels.count {
            prelude.footnoteLabels = parse.footnoteLabels(numbered)
        }
        if let holdLine {
            let blocks = parse.blocks.filter { $0.line >= holdLine && $0.line < cutLine }.map(\.block)
            hold(source.bytes[heldOffset..<offset], blocks: blocks, into: &final)
        }
        source.removeFirst(offset)
        examinedKey -= 2 * offset
        examinedLength -= offset
        if let tail = lastTail { lastTail = (tail.blocks, tail.length - offset) }
        openTail = lastTail.flatMap { TailContinuation(tail: $0.blocks, source: source, length: $0.length) }
        return []
    }
}
