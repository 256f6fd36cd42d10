/// A document parsed a part at a time, in order: what lets the one-shot render lay out and write a
/// large document's first sections before later ones are parsed, so that only one section's cmark tree,
/// model and lines are alive at once.
///
/// A body up to `MarkdownSections.sectionedParseThreshold` bytes (and not heavy with delimiters; see
/// `MarkdownSections.heavyFactor`), or one that cannot be cut, is one part:
/// the whole document. A larger one gives one part per section (`MarkdownSections`), each parsed behind
/// the link reference definitions and, when it has footnotes, the prelude `SectionFootnotes` builds; its
/// footnotes come last, as a part of their own. The parts' blocks, joined, are the whole parse's blocks:
/// GitHub's dialect is applied to a part only where no HTML element is left open at its end
/// (`HTMLInterpreter.leavesNoElementOpen`); sections whose HTML is still open wait for the next.
/// The ends of lines too long to parse are shown as plain text (`LineTail`), each reported to
/// `diagnostics`.
struct DocumentParts: Sequence, IteratorProtocol {
    private let converter: DocumentConverter
    private let diagnostics: (any DiagnosticSink)?
    /// The lines of the front matter, before the body's first.
    private var frontMatterLines = 0
    private var frontMatter: String?
    private var state: State
    /// Whether a table cut between its rows is handed out a part per section instead of joined whole,
    /// each part saying how it goes on (`tablePiece`), so that its rows are never all held; the one-shot
    /// render measures the later pieces first (`forEachLaterTablePiece`) to lay out every piece in the
    /// whole table's columns.
    var splitsLongTables = false
    /// How the part `next()` gave last holds a table handed out in pieces.
    private(set) var tablePiece = TablePiece()
    /// Whether a top-level list cut between its items is handed out a part per section instead of joined
    /// whole, each part saying how it goes on (`listPiece`), so that its items are never all held; the
    /// one-shot render reads the later pieces first (`forEachLaterListPiece`) for the whole list's
    /// tightness and number width.
    var splitsLongLists = false
    /// How the part `next()` gave last holds a list handed out in pieces.
    private(set) var listPiece = ListPiece()

    /// How a part holds a table handed out in pieces (`splitsLongTables`).
    struct TablePiece: Equatable {
        /// When the part's first block is a later piece of a table: how many of its rows earlier parts
        /// held.
        var rowsBefore: Int?
        /// Whether the table the part ends with goes on in the next part.
        var continues = false
    }

    /// How a part holds a list handed out in pieces (`splitsLongLists`).
    struct ListPiece: Equatable {
        /// When the part's first block is a later piece of a list: how many of its items earlier parts
        /// held.
        var itemsBefore: Int?
        /// Whether the list the part ends with goes on in the next part.
        var continues = false
    }

    private enum State {
        case whole(String)
        case sectioned(Sectioned)
        case done
    }

    private struct Sectioned {
        let split: MarkdownSections
        var footnotes: SectionFootnotes?
        var next = 0
        /// Blocks parsed but not yet handed out, because an HTML element is open at their end.
        var pending: [Block] = []
        var pendingSections = 0
        var footnotesGiven = false
        /// The inline elements of the last pending paragraph, counted as its halves were joined (nil
        /// before its first join), up to just over `ParagraphInlineCap.maximumInlines`.
        var joinedInlines: Int?
        /// Puts the over-long lines' tails back.
        var restorer: LineTailRestorer
        /// The rows handed out so far of a table whose next piece is the next section's first block.
        var tableRowsHandedOut: Int?
        /// The rows before the piece of a table the pending blocks start with.
        var pendingRowsBefore: Int?
        /// The items handed out so far of a list whose next piece is the next section's first block.
        var listItemsHandedOut: Int?
        /// The items before the piece of a list the pending blocks start with.
        var pendingItemsBefore: Int?
    }

    /// A part whose HTML is still open after this many sections waits for the end of the document:
    /// checking again after every section would cost time quadratic in the sections.
    static let maximumPendingChecks = 8

    init(
        _ markdown: String, converter: DocumentConverter, minimumSize: Int, sectionSize: Int,
        diagnostics: (any DiagnosticSink)? = nil
    ) {
        self.converter = converter
        self.diagnostics = diagnostics
        let (frontMatter, body) = FrontMatter.split(markdown)
        self.frontMatter = frontMatter.map(ControlCharacterSanitizer.sanitize)
        state = .whole(body)
        guard var split = MarkdownSections(body, minimumSize: minimumSize, sectionSize: sectionSize) else { return }
        if frontMatter != nil {
            frontMatterLines = markdown.utf8.prefix(markdown.utf8.count - body.utf8.count).count {
                $0 == UInt8(ascii: "\n")
            }
        }
        let sectioned = DocumentConverter.cmarkLock.withLock { _ -> Sectioned? in
            Self.verifyParagraphCuts(&split, converter: converter)
            Self.verifyTableCuts(&split, converter: converter)
            Self.verifyDefinitions(&split, converter: converter)
            guard split.definitions.isEmpty || converter.parseWhole(split.definitions).document.blocks.isEmpty
            else { return nil }
            let restorer = LineTailRestorer(count: split.tails.count, text: { [split] in split.tailText($0) })
            let hasCandidates = split.footnoteCandidates.contains { !$0.isEmpty }
            guard hasCandidates else { return Sectioned(split: split, restorer: restorer) }
            guard let footnotes = SectionFootnotes(split, parse: { converter.parseWhole($0) }) else { return nil }
            return Sectioned(split: split, footnotes: footnotes.definesAny ? footnotes : nil, restorer: restorer)
        }
        if let sectioned { state = .sectioned(sectioned) }
    }

    mutating func next() -> Document? {
        tablePiece = TablePiece()
        listPiece = ListPiece()
        switch state {
        case .done:
            return nil
        case .whole(let body):
            state = .done
            let mapped = DocumentConverter.cmarkLock.withLock { _ in converter.convertWhole(body) }
            var document = mapped.document
            document.frontMatter = frontMatter
            ParagraphInlineCap.applied(to: &document.blocks)
            return GitHubDialect(options: converter.options).applied(to: document)
        case .sectioned(var sectioned):
            // Not held by `state` meanwhile, so that the blocks `nextPart` gathers are held once and are
            // appended to, and handed on, in place.
            state = .done
            let part = nextPart(&sectioned)
            state = part == nil ? .done : .sectioned(sectioned)
            return part
        }
    }

    private mutating func nextPart(_ sectioned: inout Sectioned) -> Document? {
        let dialect = GitHubDialect(options: converter.options)
        while sectioned.next < sectioned.split.sections.count {
            let joins = sectioned.split.joins.contains(sectioned.next)
            let insideLine = sectioned.split.joinsInsideLine.contains(sectioned.next)
            let path = sectioned.split.containerHeads[sectioned.next]?.path ?? []
            // The next piece of a table handed out in pieces starts the part instead of joining it.
            let continuesTable = sectioned.tableRowsHandedOut != nil
            if continuesTable {
                sectioned.pendingRowsBefore = sectioned.tableRowsHandedOut
                sectioned.tableRowsHandedOut = nil
            }
            // So does the next piece of a list.
            let continuesList = sectioned.listItemsHandedOut != nil
            if continuesList {
                sectioned.pendingItemsBefore = sectioned.listItemsHandedOut
                sectioned.listItemsHandedOut = nil
            }
            var blocks = parseSection(&sectioned)
            if joins && !continuesTable && !continuesList {
                Self.join(
                    &sectioned.pending, &blocks, insideLine: insideLine, path: path[...],
                    joinedInlines: &sectioned.joinedInlines)
            }
            // The last pending block is another one now.
            if !blocks.isEmpty { sectioned.joinedInlines = nil }
            sectioned.pending += blocks
            sectioned.pendingSections += 1
            let atEnd = sectioned.next == sectioned.split.sections.count
            guard atEnd || isComplete(sectioned) else { continue }
            // A paragraph or list the next section goes on with waits for it; the blocks before it go now.
            var kept: [Block] = []
            var continues = false
            var listContinues = false
            if !atEnd, sectioned.split.joins.contains(sectioned.next), let last = sectioned.pending.last,
                Self.mayJoin(last)
            {
                if splitsLongTables, sectioned.split.tableHeads[sectioned.next] != nil, case .table(let table) = last {
                    // Handed out now; the next section's first block is its next piece.
                    continues = true
                    let before = sectioned.pending.count == 1 ? sectioned.pendingRowsBefore ?? 0 : 0
                    sectioned.tableRowsHandedOut = before + table.rows.count
                } else if splitsLongLists, isListCut(sectioned.split, sectioned.next), case .list(let list) = last {
                    listContinues = true
                    let before = sectioned.pending.count == 1 ? sectioned.pendingItemsBefore ?? 0 : 0
                    sectioned.listItemsHandedOut = before + list.items.count
                } else {
                    kept = [sectioned.pending.removeLast()]
                }
            }
            guard !sectioned.pending.isEmpty else {
                sectioned.pending = kept
                continue
            }
            tablePiece = TablePiece(rowsBefore: sectioned.pendingRowsBefore, continues: continues)
            sectioned.pendingRowsBefore = nil
            listPiece = ListPiece(itemsBefore: sectioned.pendingItemsBefore, continues: listContinues)
            sectioned.pendingItemsBefore = nil
            var document = Document(blocks: sectioned.pending)
            sectioned.pending = kept
            sectioned.pendingSections = kept.count
            document.frontMatter = frontMatter
            frontMatter = nil
            ParagraphInlineCap.applied(to: &document.blocks)
            // Handed over, not copied: the dialect then holds the only reference to the blocks.
            return dialect.applied(to: Self.taking(&document))
        }
        guard !sectioned.footnotesGiven,
            let text = sectioned.footnotes?.footnotesText(
                linkDefinitions: sectioned.split.definitions)
        else { return nil }
        sectioned.footnotesGiven = true
        var mapped = DocumentConverter.cmarkLock.withLock { _ in converter.convertWhole(text) }
        if !sectioned.split.tails.isEmpty {
            for index in mapped.document.footnotes.indices {
                sectioned.restorer.restore(&mapped.document.footnotes[index].blocks)
            }
        }
        return dialect.applied(to: Document(blocks: [], footnotes: mapped.document.footnotes))
    }

    /// Calls `body` with each later piece of the table the last part ends with (`tablePiece.continues`),
    /// in order, GitHub's dialect applied (see `forEachLaterPiece`).
    func forEachLaterTablePiece(_ body: (Table) -> Void) {
        guard splitsLongTables, case .sectioned(let ahead) = state, ahead.tableRowsHandedOut != nil else { return }
        forEachLaterPiece(
            from: ahead, startsPiece: { $0.tableHeads[$1] != nil },
            take: { block in
                guard case .table(let table) = block else { return false }
                body(table)
                return true
            })
    }

    /// Calls `body` with each later piece of the list the last part ends with (`listPiece.continues`), in
    /// order, GitHub's dialect applied (see `forEachLaterPiece`).
    func forEachLaterListPiece(_ body: (ListBlock) -> Void) {
        guard splitsLongLists, case .sectioned(let ahead) = state, ahead.listItemsHandedOut != nil else { return }
        forEachLaterPiece(from: ahead, startsPiece: isListCut) { block in
            guard case .list(let list) = block else { return false }
            body(list)
            return true
        }
    }

    /// Hands `take` the first block of each later section that `startsPiece` says goes on with the
    /// block the last part ends with, GitHub's dialect applied, until `take` refuses one or a section
    /// holds more blocks (the block ends there). The sections are parsed ahead on a copy, one at a time,
    /// and parsed again when their parts are handed out.
    private func forEachLaterPiece(
        from sectioned: Sectioned, startsPiece: (MarkdownSections, Int) -> Bool, take: (Block) -> Bool
    ) {
        var ahead = sectioned
        var parts = self
        let dialect = GitHubDialect(options: converter.options)
        while ahead.next < ahead.split.sections.count, startsPiece(ahead.split, ahead.next),
            ahead.split.joins.contains(ahead.next)
        {
            let blocks = parts.parseSection(&ahead, reporting: false)
            guard let first = blocks.first, let piece = dialect.applied(to: Document(blocks: [first])).blocks.first,
                take(piece)
            else { return }
            if blocks.count > 1 { return }
        }
    }

    /// Whether the section `index` starts with the next items of a top-level list (not inside an item).
    private func isListCut(_ split: MarkdownSections, _ index: Int) -> Bool {
        split.listCuts.contains(index) && split.containerHeads[index] == nil
    }

    /// Keeps the cuts inside paragraphs with emphasis or strikethrough delimiters only where no delimiter
    /// before the cut is left open (`ParagraphCutProbe`). Once a cut of a paragraph is undone, its later
    /// cuts are too, unprobed: probing the ever longer section again at each of them would cost time
    /// quadratic in the paragraph.
    private static func verifyParagraphCuts(_ split: inout MarkdownSections, converter: DocumentConverter) {
        guard !split.probedCuts.isEmpty else { return }
        let probe = ParagraphCutProbe { converter.parseWhole($0).document.blocks }
        var undoneParagraphs = Set<MarkdownSections.CutParagraph>()
        var index = 1
        while index < split.sections.count {
            guard let cut = split.probedCuts[index] else {
                index += 1
                continue
            }
            if !undoneParagraphs.contains(cut.paragraph)
                && probe.leavesNothingOpen(split.parsedText(ofSection: index - 1), in: cut.container)
            {
                index += 1
            } else {
                undoneParagraphs.insert(cut.paragraph)
                split.undoCut(before: index)
            }
        }
    }

    /// Keeps the cuts between a table's rows only where the table's head parses alone to a table (a
    /// header row and a delimiter row with as many cells): otherwise its lines are a paragraph's.
    private static func verifyTableCuts(_ split: inout MarkdownSections, converter: DocumentConverter) {
        var verdicts: [Substring: Bool] = [:]
        for index in split.tableHeads.keys.sorted().reversed() {
            guard let head = split.tableHeads[index] else { continue }
            let isTable =
                verdicts[head]
                ?? {
                    let blocks = converter.parseWhole(String(head) + "\n").document.blocks
                    guard blocks.count == 1, case .table = blocks[0] else { return false }
                    return true
                }()
            verdicts[head] = isTable
            if !isTable { split.undoCut(before: index) }
        }
    }

    /// Keeps the lines that only may define a link reference where they do: each section holding such
    /// lines is parsed alone, followed by a paragraph per label that links only if the section defines it.
    private static func verifyDefinitions(_ split: inout MarkdownSections, converter: DocumentConverter) {
        let uncertain = Dictionary(grouping: split.definitionEntries.filter { !$0.certain }, by: \.section)
        guard !uncertain.isEmpty else { return }
        var defined: [Int: Set<String>] = [:]
        for (section, entries) in uncertain {
            let labels = entries.map(\.label)
            let probes = labels.map { "\n\n" + $0 }.joined()
            var text = String(split.parsedText(ofSection: section))
            // The last section may end inside a fence or HTML block, which would hold the probes.
            if section == split.sections.count - 1, let closing = split.closingLines {
                if !text.hasSuffix("\n") { text += "\n" }
                text += closing
            }
            let blocks = converter.parseWhole(text + probes).document.blocks
            defined[section] = Set(
                zip(labels, blocks.suffix(labels.count)).compactMap { label, block in
                    guard case .paragraph(let inlines) = block, inlines.count == 1, case .link = inlines[0] else {
                        return nil
                    }
                    return label
                })
        }
        split.verifyDefinitions { defined[$0.section]?.contains($0.label) ?? false }
    }

    /// `document`, leaving an empty one in its place.
    private static func taking(_ document: inout Document) -> Document {
        var taken = Document(blocks: [])
        swap(&taken, &document)
        return taken
    }

    /// The paragraph, list or block quote a section ends with and the one the next section starts with,
    /// made one: the next section was cut inside it (`MarkdownSections.joins`). A table's rows follow
    /// each other (the next half's header is the same, parsed in front of it). A paragraph's lines are
    /// joined by a soft break, the halves of a line cut inside (`insideLine`) by the space the cut took
    /// out, into the texts on either side, as cmark gives one text for a run of plain characters; a
    /// list's items follow each other, its kind (and start) its first half's, tight if both are; a
    /// quote's blocks follow each other. A cut inside containers (`path`, outermost first) goes down
    /// through them: a quote's last block and the next half's first are joined, a list's last item and
    /// the next half's first made one, their last block and first joined, down to the paragraph.
    /// `joinedInlines` counts the joined paragraph's inline elements: once they are more than
    /// `ParagraphInlineCap` allows, the paragraph is shown as plain text, and each later half is made
    /// plain text as it is joined, so the paragraph's elements are never all held.
    static func join(
        _ pending: inout [Block], _ blocks: inout [Block], insideLine: Bool,
        path: ArraySlice<ContainerKind> = [], joinedInlines: inout Int?
    ) {
        guard let last = pending.last, let first = blocks.first, mayJoin(last) else { return }
        // Taken out first, so that the arrays appended to are held once and grow in place.
        pending.removeLast()
        switch (consume last, first) {
        case (.paragraph(var before), .paragraph(var after)):
            let limit = ParagraphInlineCap.maximumInlines
            let wasOver = joinedInlines.map { $0 > limit } ?? false
            let total = Swift.min(
                (joinedInlines ?? ParagraphInlineCap.count(before)) + ParagraphInlineCap.count(after)
                    + (insideLine ? Self.spaceJoinElements(before, after) : 1), limit + 1)
            if total > limit {
                if !wasOver { before = ParagraphInlineCap.flattened(before) }
                after = ParagraphInlineCap.flattened(after)
            }
            joinedInlines = total
            if insideLine {
                Self.appendWithSpace(&before, after)
            } else {
                before.append(.softBreak)
                before += after
            }
            pending.append(.paragraph(before))
        case (.list(var before), .list(var after)):
            if path.first == .item, var item = before.items.popLast(), !after.items.isEmpty {
                var rest = after.items.removeFirst().blocks
                join(&item.blocks, &rest, insideLine: false, path: path.dropFirst(), joinedInlines: &joinedInlines)
                item.blocks += rest
                before.items.append(item)
                // Blocks or items after the joined paragraph: the list's last paragraph is another one.
                if !rest.isEmpty || !after.items.isEmpty { joinedInlines = nil }
            } else {
                joinedInlines = nil
            }
            before.items += after.items
            before.isTight = before.isTight && after.isTight
            pending.append(.list(before))
        case (.table(var before), .table(let after)) where before.columnCount == after.columnCount:
            // Cut between its rows (`TableRowRun`): the second half was parsed behind the same header.
            before.rows += after.rows
            pending.append(.table(before))
        case (.blockQuote(var before), .blockQuote(var after)):
            // Cut inside (`ContainerParagraphRun`): the halves' last and first blocks join, and the quote
            // goes on.
            join(&before, &after, insideLine: false, path: path.dropFirst(), joinedInlines: &joinedInlines)
            // Blocks after the joined paragraph: the quote's last paragraph is another one.
            if !after.isEmpty { joinedInlines = nil }
            before += after
            pending.append(.blockQuote(before))
        case (let unjoined, _):
            pending.append(unjoined)
            return
        }
        blocks.removeFirst()
    }

    /// How many elements joining `before` and `after` with a space adds: the space goes into the text on
    /// either side (one element fewer when both are texts), or is a text of its own.
    private static func spaceJoinElements(_ before: [Inline], _ after: [Inline]) -> Int {
        switch (before.last, after.first) {
        case (.text, .text): -1
        case (.text, _), (_, .text): 0
        default: 1
        }
    }

    /// `after` appended to `before` with a space between, merged into the texts on either side.
    private static func appendWithSpace(_ before: inout [Inline], _ after: [Inline]) {
        var after = after[...]
        var joint = " "
        if case .text(let text)? = before.last {
            before.removeLast()
            joint = text + joint
        }
        if case .text(let text)? = after.first {
            after = after.dropFirst()
            joint += text
        }
        before.append(.text(joint))
        before += after
    }

    private static func mayJoin(_ block: Block) -> Bool {
        switch block {
        case .paragraph, .list, .blockQuote, .table: true
        default: false
        }
    }

    /// Whether the pending blocks can be handed out: no HTML element open at their end (or no HTML).
    private func isComplete(_ sectioned: Sectioned) -> Bool {
        guard converter.options.html != .raw,
            sectioned.pending.contains(where: { if case .htmlBlock = $0 { true } else { false } })
        else { return true }
        guard sectioned.pendingSections <= Self.maximumPendingChecks else { return false }
        return HTMLInterpreter.leavesNoElementOpen(sectioned.pending, stripping: converter.options.html == .strip)
    }

    /// The next section's top-level blocks, without the prelude's, before GitHub's dialect; the tails of
    /// its lines shown as plain text are reported when `reporting`.
    private mutating func parseSection(_ sectioned: inout Sectioned, reporting: Bool = true) -> [Block] {
        let index = sectioned.next
        sectioned.next += 1
        let section = sectioned.split.sections[index]
        let definitions = sectioned.split.definitions(usedIn: section)
        let prelude =
            sectioned.footnotes?.prelude(forSection: index, linkDefinitions: definitions)
            ?? (text: definitions, lines: 0)
        let text = prelude.text + sectioned.split.parsedText(ofSection: index)
        var mapped = DocumentConverter.cmarkLock.withLock { _ in converter.convertWhole(text) }
        sectioned.footnotes?.numbered(mapped, text: text)
        var blocks: [Block] = []
        if prelude.lines > 0 {
            for (block, line) in zip(mapped.document.blocks, mapped.blockStartLines) where line > prelude.lines {
                blocks.append(block)
            }
        } else {
            blocks = mapped.document.blocks
        }
        mapped.document.blocks = []
        let tails = sectioned.split.tailNumbers(inSection: index)
        guard !tails.isEmpty else { return blocks }
        sectioned.restorer.restore(&blocks)
        for footnote in mapped.document.footnotes.indices {
            sectioned.restorer.restore(&mapped.document.footnotes[footnote].blocks)
        }
        blocks += sectioned.restorer.unrestored(among: Array(tails))
        if reporting {
            for number in tails { report(sectioned.split.tails[number]) }
        }
        return blocks
    }

    /// Says that the end of a line is shown as plain text.
    private func report(_ tail: LineTail) {
        diagnostics?.emit(
            .textShownPlain(
                line: frontMatterLines + tail.line,
                reason: "\(tail.lineBytes) bytes with no place to cut them: the last "
                    + "\(tail.lineBytes - tail.parsedBytes) bytes are shown as plain text"))
    }
}
