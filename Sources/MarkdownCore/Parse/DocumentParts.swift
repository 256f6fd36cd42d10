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
            Self.verifyCuts(&split, converter: converter)
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
            take: { block, _ in
                guard case .table(let table) = block else { return false }
                body(table)
                return true
            })
    }

    /// Calls `body` with each later piece of the list the last part ends with (`listPiece.continues`), in
    /// order, GitHub's dialect applied (see `forEachLaterPiece`), and whether the piece's first item is
    /// the one before it going on (a section cut inside the list's last item, `containerHeads`): its
    /// blank lines count for the list's tightness, but it is no new item.
    func forEachLaterListPiece(_ body: (ListBlock, _ continuesItem: Bool) -> Void) {
        guard splitsLongLists, case .sectioned(let ahead) = state, ahead.listItemsHandedOut != nil else { return }
        forEachLaterPiece(
            from: ahead, startsPiece: isListCut,
            continuesPiece: { $0.containerHeads[$1]?.path.first == .item },
            take: { block, continuing in
                guard case .list(let list) = block else { return false }
                body(list, continuing)
                return true
            })
    }

    /// Hands `take` the first block of each later section that `startsPiece` says goes on with the
    /// block the last part ends with, or that `continuesPiece` says goes on inside it, GitHub's dialect
    /// applied, with which of the two it is, until `take` refuses one or a section holds more blocks (the
    /// block ends there). The sections are parsed ahead on a copy, one at a time, and parsed again when
    /// their parts are handed out.
    private func forEachLaterPiece(
        from sectioned: Sectioned, startsPiece: (MarkdownSections, Int) -> Bool,
        continuesPiece: (MarkdownSections, Int) -> Bool = { _, _ in false }, take: (Block, Bool) -> Bool
    ) {
        var ahead = sectioned
        var parts = self
        let dialect = GitHubDialect(options: converter.options)
        while ahead.next < ahead.split.sections.count, ahead.split.joins.contains(ahead.next) {
            let starts = startsPiece(ahead.split, ahead.next)
            guard starts || continuesPiece(ahead.split, ahead.next) else { return }
            let blocks = parts.parseSection(&ahead, reporting: false)
            guard let first = blocks.first, let piece = dialect.applied(to: Document(blocks: [first])).blocks.first,
                take(piece, !starts)
            else { return }
            if blocks.count > 1 { return }
        }
    }

    /// Whether the section `index` starts with the next items of a top-level list (not inside an item).
    private func isListCut(_ split: MarkdownSections, _ index: Int) -> Bool {
        split.listCuts.contains(index) && split.containerHeads[index] == nil
    }

    /// `document`, leaving an empty one in its place.
    private static func taking(_ document: inout Document) -> Document {
        var taken = Document(blocks: [])
        swap(&taken, &document)
        return taken
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
