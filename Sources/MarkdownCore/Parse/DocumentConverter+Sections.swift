/// Large documents are parsed in sections, so that cmark's tree never holds the whole document at once.
///
/// cmark-gfm's tree takes about 18 times the text it was parsed from (a 10 MB document: 187 MB in
/// `cmark-gfm` itself), and the converter needs it only until the blocks are copied out. A body larger
/// than `sectionedParseThreshold` is cut before a line that follows a blank line, starts in its first
/// column and cannot continue a list (`startsTopLevelBlock`), outside any top-level fenced code block or
/// multi-line HTML block (comments, `<pre>`, `<script>` …): after a blank line, a line in the first
/// column ends every container (a quote needs its `>`, a list item its indentation, and paragraphs,
/// tables, formulas and HTML blocks end at the blank line), so the sections parse to the same blocks as
/// the whole. Any top-level block boundary will do, so a document without headings is cut as well; so
/// are long paragraphs between their lines, and a line longer than a section inside it, where nothing
/// can span the cut (`PlainParagraphRun`), and long tables between their rows, each later section
/// parsed behind the table's header and delimiter rows (`TableRowRun`). Link reference definitions are
/// document-wide, so every section is parsed with all of them in front (they produce no block). Footnotes are numbered
/// document-wide: the lines that may define one are noted per section (`footnoteCandidates`) for
/// `SectionFootnotes`. A body with a definition cmark would not read alone is parsed whole.
struct MarkdownSections {
    /// Bodies up to this size are parsed whole, unless they weigh more than `heavyFactor` times it.
    static let sectionedParseThreshold = 1 << 20
    /// A body smaller than the threshold is still cut when its weight (`SectionWeight`) is more than this
    /// many times the threshold: 1 MB of `*a*b` on one line weighs 12.5 MB, and cmark's tree of it took
    /// 250 MB. Four times, so that what cmark parses cheaply though dense in delimiters stays whole
    /// (20,000 nested emphases in 160 KB weigh 1.1 MB).
    static let heavyFactor = 4
    /// Sections are cut at the first safe line after this much weight (`SectionWeight`): 256 KB of
    /// text, less where it is dense in inline markup.
    static let sectionSize = 256 << 10

    /// A line that may define a link reference, with what a section needs to know about it.
    struct Definition {
        /// The key of its label (nil: always needed), so that a section is parsed behind only the
        /// definitions it may use (`definitions(usedIn:)`).
        var key: String?
        /// The definition alone, followed by a blank line.
        var text: String
        /// The section it is in.
        var section: Int
        /// Whether it is a definition whatever contains it: in the first column after a blank line (or
        /// another definition), outside literal blocks, with no line that may be a table's delimiter row
        /// after it before the next blank line. Any other is verified by parsing its section
        /// (`DocumentParts`), since a container, a code block or a paragraph may hold it.
        var certain: Bool

        /// The label as written, brackets included (`[label]`).
        var label: String {
            guard let close = text.firstRange(of: "]:") else { return text }
            return String(text[..<close.lowerBound]) + "]"
        }
    }

    /// The link reference definitions of the body, each followed by a blank line.
    private(set) var definitions: String
    /// The same definitions one by one.
    private(set) var definitionEntries: [Definition]
    /// The body cut into consecutive sections.
    private(set) var sections: [Substring]
    /// For each section, the labels of the lines in it that may define a footnote (`[^label]:`
    /// anywhere in the line), in order: a superset of its real definitions.
    private(set) var footnoteCandidates: [[String]]
    /// The sections that continue the previous section's last paragraph (see `PlainParagraphRun`), list
    /// (see `ListItemRun`) or table (see `TableRowRun`): their first block and the previous section's
    /// last are one, a paragraph joined with a soft break, a list's items or a table's rows one after
    /// the other.
    private(set) var joins: Set<Int>
    /// The sections cut between two rows of a table (`TableRowRun`), with the table's header and
    /// delimiter rows, parsed in front of the section so that its rows are that table's.
    private(set) var tableHeads: [Int: Substring]
    /// The sections cut between two items of a top-level list (`ListItemRun`): their first block is the
    /// list's next items.
    private(set) var listCuts: Set<Int>
    /// The sections cut inside a paragraph in quotes or list items (`ContainerParagraphRun`), with what
    /// opens those containers, parsed instead of the markers of the section's first line so that the
    /// section starts inside them; `DocumentParts.join` makes each container's halves one.
    private(set) var containerHeads: [Int: ContainerHead]

    /// What a section cut inside containers is parsed behind.
    struct ContainerHead {
        /// The markers that open the containers.
        var head: String
        /// How many bytes of the section's first line are its own markers and indentation.
        var prefixLength: Int
        /// The containers, outermost first.
        var path: [ContainerKind]
    }
    /// The joined sections cut inside a line (`PlainParagraphRun.cutsInside`): their paragraph is
    /// joined with the space the cut took out instead of a soft break.
    private(set) var joinsInsideLine: Set<Int>
    /// The sections cut from the previous one inside a paragraph with emphasis or strikethrough
    /// delimiters before the cut, with that paragraph: each cut is exact only if no delimiter before it is
    /// left open, which `DocumentParts` verifies (`ParagraphCutProbe`), undoing the cuts that are not
    /// (`undoCut(before:)`).
    private(set) var probedCuts: [Int: ProbedCut]

    /// A cut to verify: the paragraph it is in, and the container the probe's closers go into.
    struct ProbedCut {
        var paragraph: CutParagraph
        var container: ParagraphCutProbe.Container
    }

    /// A paragraph cut into sections: its number among the paragraphs its run follows, and whether the
    /// run is `ContainerParagraphRun`'s (which tells the runs apart).
    struct CutParagraph: Hashable {
        var number: Int
        var nested: Bool
    }
    /// The ends of lines too long to parse with no place to cut them, in body order: taken out of the
    /// parse and shown as plain text (`LineTail`).
    private(set) var tails: [LineTail]

    /// Whether `body`, no larger than `minimumSize`, weighs more than `heavyFactor` times it; a body too
    /// short to weigh that much even if it were all delimiters is not scanned.
    private static func isHeavy(_ body: String, minimumSize: Int) -> Bool {
        let limit = minimumSize * heavyFactor
        return body.utf8.count * SectionWeight.markupByte > limit && SectionWeight.of(body[...]) > limit
    }

    /// The sections of `body`, or nil when it must be parsed whole. `minimumSize` and `sectionSize`
    /// are parameters for tests.
    init?(_ body: String, minimumSize: Int = sectionedParseThreshold, sectionSize: Int = sectionSize) {
        // Lines are found as bytes; carriage returns (which cmark also reads as line ends) keep it whole.
        guard body.utf8.count > minimumSize || Self.isHeavy(body, minimumSize: minimumSize),
            !body.utf8.contains(UInt8(ascii: "\r"))
        else { return nil }
        var sections: [Substring] = []
        var candidates: [[String]] = [[]]
        var entries: [Definition] = []
        var scanner = SectionLineScanner()
        var sectionStart = body.startIndex
        var sectionWeight = 0
        var previousBlank = true
        var awaitingDestination = false
        var previousDefinition = false
        // The certain definitions since the last blank line: a table's delimiter row below them makes
        // them uncertain (see below).
        var paragraphDefinitions: [Int] = []
        var lineStart = body.startIndex
        var run = PlainParagraphRun()
        var listRun = ListItemRun()
        var containerRun = ContainerParagraphRun()
        var tableRun = TableRowRun()
        var tableHeads: [Int: Substring] = [:]
        var listCuts = Set<Int>()
        var containerHeads: [Int: ContainerHead] = [:]
        var joins = Set<Int>()
        var joinsInsideLine = Set<Int>()
        var probedCuts: [Int: ProbedCut] = [:]
        var tails: [LineTail] = []
        var lineNumber = 0
        var mayTakeTails: Bool?
        while lineStart < body.endIndex {
            lineNumber += 1
            let lineEnd = body.utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
            let line = body[lineStart..<lineEnd]
            let next = lineEnd < body.endIndex ? body.utf8.index(after: lineEnd) : lineEnd
            let outside = scanner.isOutsideLiteralBlocks
            // Cuts inside a paragraph that turned out not to be plain are taken back (they are the last).
            let undone =
                run.read(line, previousBlank: previousBlank, outside: outside)
                + containerRun.read(line, previousBlank: previousBlank, outside: outside)
            for _ in 0..<undone {
                joins.remove(sections.count)
                joinsInsideLine.remove(sections.count)
                tableHeads[sections.count] = nil
                listCuts.remove(sections.count)
                containerHeads[sections.count] = nil
                probedCuts[sections.count] = nil
                for index in entries.indices where entries[index].section == sections.count {
                    entries[index].section -= 1
                }
                let last = sections.removeLast()
                sectionStart = last.startIndex
                sectionWeight += SectionWeight.of(last)
                candidates[candidates.count - 2] += candidates[candidates.count - 1]
                candidates.removeLast()
            }
            listRun.read(line, previousBlank: previousBlank)
            tableRun.read(line, previousBlank: previousBlank, outside: outside)
            if outside, sectionWeight >= sectionSize, lineStart > sectionStart,
                previousBlank
                    ? Self.startsTopLevelBlock(line)
                    : run.mayCutBefore || listRun.mayCutBefore || containerRun.mayCutBefore || tableRun.mayCutBefore
            {
                if !previousBlank {
                    if tableRun.mayCutBefore { tableHeads[sections.count + 1] = tableRun.head }
                    if listRun.mayCutBefore { listCuts.insert(sections.count + 1) }
                    if run.mayCutBefore { run.cut() }
                    if run.mayCutBefore && run.needsProbe {
                        probedCuts[sections.count + 1] = ProbedCut(
                            paragraph: CutParagraph(number: run.runNumber, nested: false), container: .document)
                    }
                    if containerRun.mayCutBefore {
                        containerRun.cut()
                        let prefix = containerRun.prefixLength
                        containerHeads[sections.count + 1] = ContainerHead(
                            head: containerRun.head, prefixLength: prefix, path: containerRun.path)
                        if containerRun.needsProbe {
                            probedCuts[sections.count + 1] = ProbedCut(
                                paragraph: CutParagraph(number: containerRun.runNumber, nested: true),
                                container: .nested(prefix: String(line.utf8.prefix(prefix))!, path: containerRun.path))
                        }
                    }
                    joins.insert(sections.count + 1)
                }
                sections.append(body[sectionStart..<lineStart])
                candidates.append([])
                sectionStart = lineStart
                sectionWeight = 0
            }
            // A line longer than a section is cut inside where its paragraph allows.
            var lineWeight = SectionWeight.of(line)
            if outside, lineWeight > sectionSize {
                var insideCuts = run.cutsInside(
                    line, firstSpacing: Swift.max(sectionSize - sectionWeight, 0), spacing: sectionSize)
                // A stretch of the line too heavy to parse at once ends the parsed part of the line.
                if tails.count < LineTail.maximumCount, line.utf8.count >= LineTail.minimumLineBytes,
                    let cut = LineTail.cut(in: line, after: insideCuts, limit: LineTail.stretchLimit(sectionSize)),
                    Self.settle(&mayTakeTails, { !LineTail.holdsMarkerPlane(body) })
                {
                    run.dropCuts(insideCuts.count - cut.keptCuts)
                    insideCuts.removeLast(insideCuts.count - cut.keptCuts)
                    tails.append(
                        LineTail(
                            range: cut.index..<lineEnd, line: lineNumber, lineBytes: line.utf8.count,
                            parsedBytes: line.utf8.distance(from: line.startIndex, to: cut.index)))
                    lineWeight = cut.weightBefore
                }
                for cut in insideCuts {
                    sections.append(body[sectionStart..<cut.end])
                    candidates.append([])
                    joins.insert(sections.count)
                    joinsInsideLine.insert(sections.count)
                    if cut.needsProbe {
                        probedCuts[sections.count] = ProbedCut(
                            paragraph: CutParagraph(number: run.runNumber, nested: false), container: .document)
                    }
                    sectionStart = cut.start
                }
                // Only the line from the last cut on counts for the section it is in.
                if let last = insideCuts.last { sectionWeight = -last.weightBefore }
            }
            candidates[candidates.count - 1] += Self.footnoteLabels(in: line)
            let entriesBefore = entries.count
            if awaitingDestination, !entries.isEmpty {
                entries[entries.count - 1].text += line + "\n\n"
                awaitingDestination = false
                previousDefinition = entries[entries.count - 1].certain
            } else if let definition = Self.definitionCandidate(line) {
                let hasDestination = Self.hasDestination(definition)
                let certain = outside && (previousBlank || previousDefinition) && line.first == "["
                entries.append(
                    Definition(
                        key: Self.key(ofDefinition: definition), text: definition + (hasDestination ? "\n\n" : "\n"),
                        section: sections.count, certain: certain))
                awaitingDestination = !hasDestination
                // Only a definition cmark certainly reads lets the next line start one in the first column.
                previousDefinition = certain
                if certain { paragraphDefinitions.append(entries.count - 1) }
            } else {
                previousDefinition = entries.count > entriesBefore
            }
            scanner.read(line)
            previousBlank = line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            // A delimiter row turns the paragraph above it into a table, and cmark-gfm keeps the lines
            // before the table's header, definitions included, as the text of a paragraph: definitions
            // that may be in such a paragraph are verified like those in containers.
            if previousBlank {
                paragraphDefinitions.removeAll()
            } else if !paragraphDefinitions.isEmpty, Self.mayBeDelimiterRow(line) {
                for index in paragraphDefinitions { entries[index].certain = false }
                paragraphDefinitions.removeAll()
            }
            sectionWeight += lineWeight + 1
            lineStart = next
        }
        sections.append(body[sectionStart...])
        guard sections.count > 1 || !tails.isEmpty else { return nil }
        self.tails = tails
        self.joins = joins
        self.joinsInsideLine = joinsInsideLine
        self.tableHeads = tableHeads
        self.listCuts = listCuts
        self.containerHeads = containerHeads
        self.probedCuts = probedCuts
        self.sections = sections
        self.definitionEntries = entries
        self.definitions = entries.map(\.text).joined()
        self.footnoteCandidates = candidates
    }

    /// Makes the section `index` and the one before it one section again: the cut between them is not
    /// exact. What is noted per section follows.
    mutating func undoCut(before index: Int) {
        precondition(index > 0 && index < sections.count)
        let (first, second) = (sections[index - 1], sections[index])
        sections[index - 1] = first.base[first.startIndex..<second.endIndex]
        sections.remove(at: index)
        footnoteCandidates[index - 1] += footnoteCandidates[index]
        footnoteCandidates.remove(at: index)
        joins = Self.renumbered(joins, removing: index)
        joinsInsideLine = Self.renumbered(joinsInsideLine, removing: index)
        tableHeads = Self.renumbered(tableHeads, removing: index)
        listCuts = Self.renumbered(listCuts, removing: index)
        containerHeads = Self.renumbered(containerHeads, removing: index)
        probedCuts = Self.renumbered(probedCuts, removing: index)
        for entry in definitionEntries.indices where definitionEntries[entry].section >= index {
            definitionEntries[entry].section -= 1
        }
    }

    /// `sections` without section `index`, which is merged into the one before.
    private static func renumbered(_ sections: Set<Int>, removing index: Int) -> Set<Int> {
        Set(sections.compactMap { $0 == index ? nil : $0 > index ? $0 - 1 : $0 })
    }

    /// `notes` by section without the note of section `index`, which is merged into the one before.
    private static func renumbered<Value>(_ notes: [Int: Value], removing index: Int) -> [Int: Value] {
        Dictionary(
            uniqueKeysWithValues: notes.compactMap {
                $0.key == index ? nil : ($0.key > index ? $0.key - 1 : $0.key, $0.value)
            })
    }

    /// `value`, worked out by `decide` the first time.
    private static func settle(_ value: inout Bool?, _ decide: () -> Bool) -> Bool {
        if let value { return value }
        let decided = decide()
        value = decided
        return decided
    }

    /// The numbers of the tails (`tails`) in section `index`.
    func tailNumbers(inSection index: Int) -> Range<Int> {
        let section = sections[index]
        let first = tails.firstIndex { $0.range.lowerBound >= section.startIndex } ?? tails.endIndex
        let end = tails[first...].firstIndex { $0.range.lowerBound >= section.endIndex } ?? tails.endIndex
        return first..<end
    }

    /// What cmark parses of section `index`: the section with its tails replaced by their markers.
    func parsedText(ofSection index: Int) -> Substring {
        let numbers = tailNumbers(inSection: index)
        var section = sections[index]
        var head = tableHeads[index].map { $0 + "\n" } ?? ""
        if let containers = containerHeads[index] {
            head += containers.head
            section = section.dropFirst(containers.prefixLength)
        }
        guard !numbers.isEmpty else { return head.isEmpty ? section : (head + section)[...] }
        var text = head
        var start = section.startIndex
        for number in numbers {
            text += section[start..<tails[number].range.lowerBound]
            text.unicodeScalars.append(LineTail.marker(number))
            start = tails[number].range.upperBound
        }
        text += section[start...]
        return text[...]
    }

    /// The text of tail `number`, as written.
    func tailText(_ number: Int) -> Substring {
        sections[0].base[tails[number].range]
    }

    /// Keeps the definitions that are not certain only where `isDefinition` says they are.
    mutating func verifyDefinitions(_ isDefinition: (Definition) -> Bool) {
        definitionEntries.removeAll { !$0.certain && !isDefinition($0) }
        definitions = definitionEntries.map(\.text).joined()
    }

    /// Whether `line` may be a table's delimiter row: only pipes, hyphens, colons and white space, with
    /// a hyphen (a superset: a setext underline or a thematic break passes too).
    private static func mayBeDelimiterRow(_ line: Substring) -> Bool {
        line.utf8.contains(UInt8(ascii: "-")) && line.utf8.allSatisfy(TableRowRun.isDelimiterByte)
    }

    /// Whether a line after a blank line starts a new top-level block whatever came before: it starts
    /// in the first column, and is not a list item of a list that may have begun earlier (`-`, `+`, `*`,
    /// a digit: a loose list goes on after a blank line; thematic breaks are left out with them) nor a
    /// link reference or footnote definition (`[`: definitions are gathered for every section).
    static func startsTopLevelBlock(_ line: Substring) -> Bool {
        guard let first = line.utf8.first else { return false }
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
            UInt8(ascii: "["), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return false
        default:
            return true
        }
    }
}
