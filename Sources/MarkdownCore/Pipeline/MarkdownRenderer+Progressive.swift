import FoundationEssentials

/// What a render leaves behind: its stage times, and what the caller may keep alive until it exits.
public struct RenderSummary: Sendable {
    /// How long each stage took (`mdview --timings`).
    public var timings = StageTimings()
    /// A document rendered in one part keeps its model and lines here, so that a short-lived caller
    /// can hold them until it exits instead of spending time freeing millions of small objects. A larger
    /// document's parts are freed as soon as they are written: memory stays bounded by one part.
    public var retained: [any Sendable] = []
}

extension MarkdownRenderer {
    /// Renders `markdown` and hands its bytes to `write` in document order, as each part is ready: a
    /// large document section by section (`DocumentParts`), so that only one section's model and lines
    /// are alive at once; and, when images are shown, the blocks before a block with images are written
    /// before its images are waited for, so the text never waits for pictures further down (their loads
    /// all started together; the image stage caps the total wait, `--image-budget`). The bytes joined
    /// are exactly what laying out and writing the whole document at once gives.
    @discardableResult
    public func render<Failure: Error>(
        _ markdown: String, baseDirectory: URL? = nil, into write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> RenderSummary {
        let resolver = activeResolver
        let clock = ContinuousClock()
        let started = clock.now
        var summary = RenderSummary()
        summary.timings.pieces = 0
        // Grammars named by the raw text's fences start loading now, while cmark parses on this thread.
        let grammars = resolver.prepare(markdown: markdown)
        defer { grammars?.finish() }
        var parts = DocumentConverter(options: parseOptions).parts(
            of: markdown, minimumSize: sectioning.minimum, sectionSize: sectioning.section,
            diagnostics: parseDiagnostics)
        parts.splitsLongTables = true
        parts.splitsLongLists = true
        let writer = TerminalWriter(
            colorDepth: capabilities.colorDepth, hyperlinks: capabilities.hyperlinks,
            plainOutputPictureDepth: capabilities.plainOutputPictureDepth)
        var wroteLines = false
        var partCount = 0
        // Only a document of one part is kept alive; a larger one's parts are freed once written, in
        // the background (`written` holds the last one's until its locals are gone).
        let release = BackgroundRelease()
        var written: [any Sendable] = []
        // Cutting the body into sections is part of parsing.
        var parseStart = started
        // The columns of a table handed out in pieces, from its first piece on.
        var tableColumns: [Int]?
        // The shape of a list handed out in pieces (its items before a piece aside), from its first piece on.
        var listShape: LayoutSlice.ListPiece?
        while let part = parts.next() {
            let resolveStart = clock.now
            summary.timings.parse += resolveStart - parseStart
            partCount += 1
            if partCount == 2 { written += summary.retained }
            summary.retained = []
            if !written.isEmpty {
                release.release(consume written)
                written = []
            }
            let resolution = resolver.start(part, baseDirectory: baseDirectory)
            defer { resolution.finish() }
            summary.timings.resolveStart += clock.now - resolveStart
            let options = layoutOptions(baseDirectory: baseDirectory, showsImages: resolution.showsImages)
            let measuring = DocumentLayout(options: options)
            let labelWidth: (ListBlock) -> Int = measuring.markerLabelWidth(for:)
            let piece = parts.tablePiece
            let continuing = piece.rowsBefore.map { LayoutSlice.TablePiece(columns: tableColumns, rowsBefore: $0) }
            var continued: LayoutSlice.TablePiece?
            if piece.continues, case .table(let table)? = part.blocks.last {
                if let continuing, part.blocks.count == 1 {
                    continued = continuing
                } else {
                    // A table's first piece: its columns are the whole table's, measured a piece at a time.
                    var measure = TableColumnMeasure(header: table, layout: measuring)
                    measure.add(table, layout: measuring)
                    parts.forEachLaterTablePiece { measure.add($0, layout: measuring) }
                    tableColumns = measure.columns(width: options.width)
                    continued = LayoutSlice.TablePiece(columns: tableColumns, rowsBefore: 0)
                }
            }
            let (listContinuing, listContinued) = Self.listPieces(
                of: part, in: parts, shape: &listShape, measuring: measuring)
            let groups = Self.groups(part, waitingForImages: resolution.showsImages)
            for (index, group) in groups.enumerated() {
                let slices = LayoutSlice.slices(
                    of: group, itemsPerSlice: listItemsPerSlice, labelWidth: labelWidth,
                    tableColumns: { measuring.tableColumns($0, width: options.width) },
                    continuing: index == 0 ? continuing : nil, continued: index == groups.count - 1 ? continued : nil,
                    listContinuing: index == 0 ? listContinuing : nil,
                    listContinued: index == groups.count - 1 ? listContinued : nil)
                for slice in slices {
                    if case .paragraph(let inlines) = slice,
                        let runs = DocumentLayout(
                            options: options, resources: resolution.resources(for: [.paragraph(inlines)])
                        ).plainParagraphRuns(inlines)
                    {
                        let layoutStart = clock.now
                        let wrapper = TextWrapper(width: options.width)
                        let ranges = wrapper.lineRanges(runs)
                        summary.timings.layout += clock.now - layoutStart
                        // The lines made and written a run at a time, each freed before the next is made.
                        for lower in stride(from: 0, to: ranges.count, by: max(1, listItemsPerSlice)) {
                            let sliceStart = clock.now
                            let upper = min(lower + max(1, listItemsPerSlice), ranges.count)
                            let lines = wrapper.lines(of: runs, ranges[lower..<upper]).map { StyledLine($0) }
                            let writeStart = clock.now
                            summary.timings.layout += writeStart - sliceStart
                            let buffers = Self.buffers(of: [lines], separated: wroteLines && lower == 0, writer: writer)
                            wroteLines = true
                            summary.timings.write += clock.now - writeStart
                            for buffer in buffers where !buffer.isEmpty { try write(buffer) }
                        }
                        continue
                    }
                    let layoutStart = clock.now
                    let waitedBefore = resolution.waits
                    let (laidOut, pieces) = Self.layout(slice, resolution, options)
                    let writeStart = clock.now
                    let waited = resolution.waits
                    let highlighting = waited.highlighting - waitedBefore.highlighting
                    let images = waited.images - waitedBefore.images
                    summary.timings.highlighting += highlighting
                    summary.timings.images += images
                    let pieceCount = (pieces.count + 1) / 2  // pieces alternate with separating blank lines
                    summary.timings.pieces = max(summary.timings.pieces, pieceCount)
                    // Pieces laid out in parallel wait concurrently: their waits overlap the layout's wall time.
                    let overlapping = pieceCount > 1 ? .zero : highlighting + images
                    summary.timings.layout += max(.zero, writeStart - layoutStart - overlapping)
                    let buffers = Self.buffers(of: pieces, separated: wroteLines && slice.isSeparated, writer: writer)
                    wroteLines = wroteLines || pieces.contains { !$0.isEmpty }
                    summary.timings.write += clock.now - writeStart
                    if partCount == 1 && slices.count == 1 {
                        summary.retained += [laidOut, pieces]
                    } else {
                        written += [laidOut, pieces]
                    }
                    // Each buffer is written as it is: joining them first would hold the output twice.
                    for buffer in buffers where !buffer.isEmpty { try write(buffer) }
                    // The runs of a long list are freed as soon as they are written.
                    if slices.count > 1 {
                        release.release(consume written)
                        written = []
                    }
                }
            }
            if partCount > 1 { written.append(part) }
            parseStart = clock.now
        }
        summary.timings.pieces = max(1, summary.timings.pieces)
        summary.timings.parts = max(1, partCount)
        summary.timings.total = clock.now - started
        return summary
    }

    /// How `part` holds a list handed out in pieces (`DocumentParts.listPiece`): the piece it starts with
    /// and the one it ends with, in the whole list's shape. At a list's first piece the later pieces are
    /// read ahead for the whole list's item count and tightness, and `shape` keeps them for the parts after.
    static func listPieces(
        of part: Document, in parts: DocumentParts, shape: inout LayoutSlice.ListPiece?, measuring: DocumentLayout
    ) -> (continuing: LayoutSlice.ListPiece?, continued: LayoutSlice.ListPiece?) {
        let piece = parts.listPiece
        var continuing: LayoutSlice.ListPiece?
        if let before = piece.itemsBefore, var later = shape {
            later.itemsBefore = before
            continuing = later
        }
        guard piece.continues, case .list(let list)? = part.blocks.last else { return (continuing, nil) }
        if let continuing, part.blocks.count == 1 { return (continuing, continuing) }
        var count = list.items.count
        var isTight = list.isTight
        parts.forEachLaterListPiece { later, continuesItem in
            count += later.items.count - (continuesItem ? 1 : 0)
            isTight = isTight && later.isTight
        }
        let first = LayoutSlice.ListPiece(
            kind: list.kind, isTight: isTight, labelWidth: measuring.markerLabelWidth(for: list.kind, count: count),
            itemsBefore: 0)
        shape = first
        return (continuing, first)
    }

    /// The lines of `slice`, in pieces (`layoutPieces`), with the blocks they show.
    static func layout(
        _ slice: LayoutSlice, _ resolution: Resolution, _ options: LayoutOptions
    ) -> (Document, [[StyledLine]]) {
        switch slice {
        case .blocks(let document):
            return (document, layoutPieces(document, resolution, options))
        case .paragraph(let inlines):
            let document = Document(blocks: [.paragraph(inlines)])
            return (document, layoutPieces(document, resolution, options))
        case .listItems(let run, let labelWidth, let continuing):
            let blocks = [Block.list(run)]
            let layout = DocumentLayout(options: options, resources: resolution.resources(for: blocks))
            let lines = layout.listItemLines(run, width: options.width, labelWidth: labelWidth, continuing: continuing)
            return (Document(blocks: blocks), [lines])
        case .tableRows(let run, let columns, let rowsBefore, let first, let last):
            let blocks = [Block.table(run)]
            let layout = DocumentLayout(options: options, resources: resolution.resources(for: blocks))
            let lines = layout.tableRowLines(
                run, columns: columns, width: options.width, first: first, last: last, rowsBefore: rowsBefore)
            return (Document(blocks: blocks), [lines])
        }
    }

    /// The part cut before every block that shows images (after the first), when images are waited
    /// for: each group then waits only for its own images, and the text before them is written first.
    static func groups(_ part: Document, waitingForImages: Bool) -> [Document] {
        guard waitingForImages, part.blocks.count > 1 else { return [part] }
        var groups: [Document] = []
        var current: [Block] = []
        for block in part.blocks {
            if !current.isEmpty && !Block.images(in: [block]).isEmpty {
                groups.append(Document(blocks: current))
                current = []
            }
            current.append(block)
        }
        groups.append(Document(blocks: current))
        groups[0].frontMatter = part.frontMatter
        groups[groups.count - 1].footnotes = part.footnotes
        return groups
    }

    /// The bytes of `pieces` in consecutive buffers, after a blank line when lines were written before
    /// (as the layout of the whole document separates its blocks); long output is written on all cores.
    static func buffers(of pieces: [[StyledLine]], separated: Bool, writer: TerminalWriter) -> [[UInt8]] {
        var first: [UInt8] = []
        if separated && pieces.contains(where: { !$0.isEmpty }) { writer.write([.blank], into: &first) }
        let chunks = writeChunks(pieces)
        if chunks.count == 1 {
            writer.write(chunks[0], into: &first)
            return [first]
        }
        let buffers = ConcurrentResults<[UInt8]>.collect(count: chunks.count) { index in
            var bytes: [UInt8] = []
            writer.write(chunks[index], into: &bytes)
            return bytes
        }
        return [first] + buffers
    }

    /// The document's lines in pieces that concatenate to exactly what laying out the whole document
    /// at once gives.
    ///
    /// A large document's top-level blocks are split into one run of blocks per core; each run's
    /// resources are collected and the run laid out, concurrently; the runs are then joined with the
    /// blank line the sequential layout puts between blocks. Layout has no state that crosses top-level
    /// blocks (footnotes are numbered by the parser).
    static func layoutPieces(
        _ document: Document, _ resolution: Resolution, _ options: LayoutOptions
    ) -> [[StyledLine]] {
        let blocks = document.blocks
        // A small document asks nothing of the cgroup files the core count is read from.
        guard Self.layoutWeight(blocks, typesetsMath: options.math.mode == .render) >= parallelLayoutThreshold,
            BackgroundWork.cores > 1
        else {
            let resources = resolution.resources(for: document.allTopLevelBlocks)
            return [DocumentLayout(options: options, resources: resources).lines(for: document)]
        }
        // Many more chunks than cores: a helper thread that starts late still finds work left, and a
        // chunk heavy with formulas or code holds up the rest less.
        let chunkCount = min(BackgroundWork.cores * 8, blocks.count)
        let chunkSize = (blocks.count + chunkCount - 1) / chunkCount
        let parts = ConcurrentResults<[StyledLine]>.collect(count: chunkCount) { index in
            let lower = index * chunkSize
            let upper = min(lower + chunkSize, blocks.count)
            guard lower < upper else { return [] }
            var part = Document(blocks: Array(blocks[lower..<upper]))
            if index == 0 { part.frontMatter = document.frontMatter }
            if index == chunkCount - 1 || upper == blocks.count { part.footnotes = document.footnotes }
            let resources = resolution.resources(for: part.allTopLevelBlocks)
            return DocumentLayout(options: options, resources: resources).lines(for: part)
        }
        var pieces: [[StyledLine]] = []
        for piece in parts where !piece.isEmpty {
            // The separating blank line is a piece of its own: appending it to the previous piece would
            // copy that whole piece, which `parts` still shares.
            if !pieces.isEmpty { pieces.append([.blank]) }
            pieces.append(piece)
        }
        return pieces.isEmpty ? [[]] : pieces
    }

    /// How much laying out `blocks` costs, in blocks: a typeset formula costs about as much as eight
    /// paragraphs of prose, so a math-heavy answer is laid out on all cores sooner than prose. Counts the
    /// formulas standing as blocks or directly in top-level paragraphs (a shallow look, cheap next to
    /// layout).
    static func layoutWeight(_ blocks: [Block], typesetsMath: Bool) -> Int {
        guard typesetsMath else { return blocks.count }
        var formulas = 0
        for block in blocks {
            switch block {
            case .math: formulas += 1
            case .paragraph(let inlines):
                for case .math in inlines { formulas += 1 }
            default: break
            }
            if blocks.count + 8 * formulas >= parallelLayoutThreshold { break }
        }
        return blocks.count + 8 * formulas
    }
}
