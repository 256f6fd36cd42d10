/// The cuts `MarkdownSections` could only guess at, checked with cmark before any section is parsed: a
/// cut that would not give the whole parse is undone, a definition that does not define is dropped.
extension DocumentParts {
    /// Keeps only the cuts and definitions of `split` that the whole parse agrees with.
    static func verifyCuts(_ split: inout MarkdownSections, converter: DocumentConverter) {
        verifyParagraphCuts(&split, converter: converter)
        verifyTableCuts(&split, converter: converter)
        verifyDefinitions(&split, converter: converter)
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
    /// lines is parsed alone, behind a paragraph per label that links only if the section defines it,
    /// and only where the line itself defines it (two lines of a section may name one label, one of
    /// them only text): the link goes where the line alone says. The paragraphs go in front, where
    /// nothing the section leaves open (a fence or a formula at the end of the body) can take them in;
    /// a definition applies to references before it too.
    private static func verifyDefinitions(_ split: inout MarkdownSections, converter: DocumentConverter) {
        let uncertain = Dictionary(grouping: split.definitionEntries.filter { !$0.certain }, by: \.section)
        guard !uncertain.isEmpty else { return }
        func link(in block: Block?) -> Link? {
            guard case .paragraph(let inlines)? = block, inlines.count == 1, case .link(let link) = inlines[0] else {
                return nil
            }
            return link
        }
        // The keys more than one line of a section names (or that cannot be compared): only for those
        // can a probe link where another line says.
        var repeated: [Int: Set<String?>] = [:]
        for (section, entries) in Dictionary(grouping: split.definitionEntries, by: \.section) {
            var seen = Set<String>()
            repeated[section] = Set(entries.map(\.key).filter { $0.map { !seen.insert($0).inserted } ?? true })
        }
        var defined: [Int: Set<String>] = [:]
        for (section, entries) in uncertain {
            let probes = entries.map { $0.label + "\n\n" }.joined()
            let blocks = converter.parseWhole(probes + split.parsedText(ofSection: section)).document.blocks
            defined[section] = Set(
                zip(entries, blocks.prefix(entries.count)).compactMap { entry, block in
                    guard let probed = link(in: block) else { return nil }
                    if repeated[section]?.contains(entry.key) ?? true {
                        guard let own = link(in: converter.parseWhole(entry.text + entry.label).document.blocks.last),
                            own.destination == probed.destination, own.title == probed.title
                        else { return nil }
                    }
                    return entry.text
                })
        }
        split.verifyDefinitions { defined[$0.section]?.contains($0.text) ?? false }
    }
}
